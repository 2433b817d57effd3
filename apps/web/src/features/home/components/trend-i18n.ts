import { addTexts } from '../../../i18n/index.ts';

// The desktop home's trend lines (features/home/components/area-trend.tsx).
addTexts('homeTrend', {
  zh: {
    pv: '个人小组 PV 走势：{{from}} – {{to}}',
    pvLabel: '个人小组 PV，{{from}} 至 {{to}}：{{values}}',
    soFar: '{{month}}为本月至今',
    q_other: '近 12 个月中 {{count}} 个月为 Q 月',
    qLabel: '{{from}} 至 {{to}} 的 Q 月：{{months}}',
    net: '实发金额走势：{{from}} – {{to}}',
    netLabel: '实发金额，{{from}} 至 {{to}}：{{values}}',
    pretax: '税前',
    tax: '代扣税款',
  },
  en: {
    pv: 'Personal-group PV, {{from}} – {{to}}',
    pvLabel: 'Personal-group PV, {{from}} to {{to}}: {{values}}',
    soFar: '{{month}} so far',
    q_one: '{{count}} Q month in the last 12',
    q_other: '{{count}} Q months in the last 12',
    qLabel: 'Q months from {{from}} to {{to}}: {{months}}',
    net: 'Net paid, {{from}} – {{to}}',
    netLabel: 'Net paid, {{from}} to {{to}}: {{values}}',
    pretax: 'Pre-tax',
    tax: 'Tax withheld',
  },
});
