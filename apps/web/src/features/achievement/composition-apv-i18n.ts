import { addTexts } from '../../i18n/index.ts';

// The texts only composition-apv-page.tsx shows; those several pages show are in i18n.ts.
addTexts('achievement', {
  zh: {
    composition: {
      personal: '个人 PV',
      legsCounted: '计入的一线（非 Q 线）',
      qLegs: 'Q 线（不计入 APV）',
      leg: '一线',
      counted: '计入 APV',
      notCounted: 'Q 线，不计入',
      others_other: '其余 {{count}} 条线',
      total: 'APV 合计',
      none: '本月一线暂无业绩。',
      formula: 'APV = 个人 PV + 未达 21% 的一线小组总 PV',
    },
  },
  en: {
    composition: {
      personal: 'Personal PV',
      legsCounted: 'Frontline legs counted (not Q)',
      qLegs: 'Q legs (not in APV)',
      leg: 'Leg',
      counted: 'In APV',
      notCounted: 'Q leg, not counted',
      others_one: '{{count}} other leg',
      others_other: 'Other {{count}} legs',
      total: 'APV total',
      none: 'No frontline volume this month.',
      formula: 'APV = personal PV + the group PV of frontline legs below 21%',
    },
  },
});
