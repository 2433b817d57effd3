import { addTexts } from '../../i18n/index.ts';

// The texts only oversea-page.tsx shows; those several pages show are in i18n.ts.
addTexts('achievement', {
  zh: {
    oversea: {
      total: '近 12 个月海外 PV 合计',
      overseaCount: '海外下线人数',
      downline: '下线总人数',
      markets: '按市场',
      marketCount: '涉及市场',
      market: '市场',
      distributors: '人数',
      activeCount: '有业绩人数',
      none: '您的下线暂无其他市场的经销商。',
      chart: '每月海外下线个人 PV',
    },
  },
  en: {
    oversea: {
      total: 'Oversea PV, last 12 months',
      overseaCount: 'Oversea downline',
      downline: 'Whole downline',
      markets: 'By market',
      marketCount: 'Markets',
      market: 'Market',
      distributors: 'Distributors',
      activeCount: 'Active',
      none: 'Your downline has no distributors in other markets.',
      chart: 'Oversea downline personal PV by month',
    },
  },
});
