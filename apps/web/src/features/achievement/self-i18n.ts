import { addTexts } from '../../i18n/index.ts';

// The texts only self-page.tsx shows; those several pages show are in i18n.ts.
addTexts('achievement', {
  zh: {
    bv: '个人 BV',
    compliant: '合规月',
    self: {
      totalPpv: '近 12 个月个人 PV 合计',
      totalBv: '近 12 个月个人 BV 合计',
      compliantMonths: '合规月份（含本月至今）',
      chart: '每月个人 PV',
    },
  },
  en: {
    bv: 'Personal BV',
    compliant: 'Compliant',
    self: {
      totalPpv: 'Personal PV, last 12 months',
      totalBv: 'Personal BV, last 12 months',
      compliantMonths: 'Compliant months (this month to date included)',
      chart: 'Personal PV by month',
    },
  },
});
