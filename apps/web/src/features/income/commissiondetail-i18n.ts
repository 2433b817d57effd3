import { addTexts } from '../../i18n/index.ts';

// The texts only commissiondetail-page.tsx shows; those several pages show are in i18n.ts.
addTexts('income', {
  zh: {
    leadIn: '21% 线上传给您',
    leadOwn: '您的 21% 小组的 4%',
    leadUp: '上传给您的推荐人',
    leadKept: '您保留',
    fund: '奖金池',
    units: '您的单位 / 全部单位',
    pgpv: '个人小组 PV',
    qLegs: 'Q 线数',
  },
  en: {
    leadIn: 'Passed up to you by your 21% legs',
    leadOwn: 'Your 21% group’s 4%',
    leadUp: 'Passed up to your sponsor',
    leadKept: 'Kept by you',
    fund: 'Fund',
    units: 'Your units / all units',
    pgpv: 'Personal-group PV',
    qLegs: 'Q legs',
  },
});
