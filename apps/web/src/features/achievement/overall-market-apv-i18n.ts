import { addTexts } from '../../i18n/index.ts';

// The texts only overall-market-apv-page.tsx shows; those several pages show are in i18n.ts.
addTexts('achievement', {
  zh: {
    market: {
      downline: '下线人数',
      frontline: '一线人数',
      chart: '每月整体市场 PV 与 APV',
      qVolume: 'Q 线市场 PV',
      note: '整体市场 PV = 本人及全部下线的 PV；APV = 其中未被 Q 线带走的部分。',
    },
  },
  en: {
    market: {
      downline: 'Downline',
      frontline: 'Frontline',
      chart: 'Whole-market PV and APV by month',
      qVolume: 'PV in Q legs',
      note: 'Whole-market PV = your PV plus all your downline’s; APV = the part not taken away by Q legs.',
    },
  },
});
