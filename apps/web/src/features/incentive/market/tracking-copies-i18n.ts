import { addTexts } from '../../../i18n/index.ts';

// The texts only tracking-copies-page.tsx shows; those several pages show are in i18n.ts.
addTexts('incentiveMarket', {
  zh: {
    qMonthsLastPy: '上年度 Q 月',
    emptyCopies: '暂无重复达成资格的成员',
    emptyCopiesText: '连续两个月达到 Q，或两个业绩年度都有 Q 月的成员会显示在这里。',
    copiesStreak: '连续 Q（≥2 个月）',
    copiesRepeat: '两个年度都有 Q',
    copiesAll: '全部',
    longestRun: '最长连续 Q',
    currentRun: '当前连续 Q',
  },
  en: {
    qMonthsLastPy: 'Q months last PY',
    emptyCopies: 'No member has repeated a qualification yet',
    emptyCopiesText: 'Members with Q in two consecutive months, or with Q months in both PYs, appear here.',
    copiesStreak: 'Consecutive Q (2+ months)',
    copiesRepeat: 'Q in both PYs',
    copiesAll: 'All',
    longestRun: 'Longest Q run',
    currentRun: 'Current Q run',
  },
});
