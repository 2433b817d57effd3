import { addTexts } from '../../i18n/index.ts';

// The texts only marketing-star-detail-page.tsx shows; those several pages show are in i18n.ts.
addTexts('achievement', {
  zh: {
    star: {
      starMonths: '星级月份（含本月至今）',
      customers: '新顾客合计（含本月至今）',
      annual: '{{name}}：星级月份 ≥ {{months}}，新顾客 ≥ {{customers}}',
      star: '星级月',
      glory: '查看荣誉榜',
    },
  },
  en: {
    star: {
      starMonths: 'Star months (this month to date included)',
      customers: 'New customers (this month to date included)',
      annual: '{{name}}: star months ≥ {{months}}, new customers ≥ {{customers}}',
      star: 'Star month',
      glory: 'Glory list',
    },
  },
});
