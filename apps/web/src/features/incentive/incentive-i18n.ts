import { addTexts } from '../../i18n/index.ts';

// The texts only incentive-page.tsx shows; those several pages show are in i18n.ts.
addTexts('incentive', {
  zh: {
    moreIndexes: '更多',
    // The plan list: its one-line answer and its groups.
    list: {
      summary: '本年度计划概况',
      count: {
        onTrack: '{{count}} 项进展顺利',
        atRisk: '{{count}} 项有风险',
        met: '{{count}} 项已达成',
        outOfReach: '{{count}} 项已无法达成',
      },
      closest: '最接近：',
      comma: '，',
      reach: { inReach: '本年度仍可达成', met: '已达成', outOfReach: '本年度已无法达成' },
      pastLine: '已结算 · 达成 {{met}}/{{total}} 项',
    },
  },
  en: {
    moreIndexes: 'More',
    // The plan list: its one-line answer and its groups.
    list: {
      summary: 'This PY at a glance',
      count: { onTrack: '{{count}} on track', atRisk: '{{count}} at risk', met: '{{count}} met', outOfReach: '{{count}} out of reach' },
      closest: 'closest: ',
      comma: ', ',
      reach: { inReach: 'Within reach', met: 'Met', outOfReach: 'Out of reach this PY' },
      pastLine: 'closed · {{met}} of {{total}} met',
    },
  },
});
