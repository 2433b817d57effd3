import { addTexts } from '../../i18n/index.ts';

// The texts only topup-page.tsx shows; those several pages show are in i18n.ts.
addTexts('achievement', {
  zh: {
    topup: {
      nextBracket: '达到 {{percent}}% 比例还需',
      atTop: '本月已达最高比例 {{percent}}%',
      forSp: '本月成为 SP 月还需',
      spDone: '本月已是 SP 月',
      daysLeft_other: '本月还剩 {{count}} 天',
      bracketTable: '业绩奖励比例表',
      minPv: '个人小组 PV ≥',
      current: '当前',
      spRule: 'SP 月：APV ≥ {{alone}}，或 APV ≥ {{one}} 且有 1 条 Q 线，或有 {{legs}} 条 Q 线。',
      personalPv: '以个人 PV 计',
    },
  },
  en: {
    topup: {
      nextBracket: 'Still needed for {{percent}}%',
      atTop: 'Already at the top bracket ({{percent}}%) this month',
      forSp: 'Still needed for an SP month',
      spDone: 'This month already is an SP month',
      daysLeft_one: '{{count}} day left this month',
      daysLeft_other: '{{count}} days left this month',
      bracketTable: 'Performance bracket table',
      minPv: 'Personal-group PV ≥',
      current: 'Current',
      spRule: 'SP month: APV ≥ {{alone}}, or APV ≥ {{one}} with 1 Q leg, or {{legs}} Q legs.',
      personalPv: 'as personal PV',
    },
  },
});
