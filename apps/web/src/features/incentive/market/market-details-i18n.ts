import { addTexts } from '../../../i18n/index.ts';

// The texts only market-details-page.tsx shows; those several pages show are in i18n.ts.
addTexts('incentiveMarket', {
  zh: {
    qMonthsPySoFar: '本年度 Q 月（含本月至今）',
    details: {
      self: '这是您自己的市场',
      sponsor: '推荐人',
      frontlineCount: '一线伙伴',
      downlineSize: '市场人数',
      current: '本月进度',
      nextBracket: '距下一比例 {{pct}}% 还差',
      topBracket: '已达最高比例',
      monthTable: '{{py}} 业绩年度各月业绩',
      legs: '一线伙伴（{{n}} 人）',
      noLegs: '该成员还没有一线伙伴。',
      qLegs: 'Q 一线',
      apv: '奖励 PV',
      notFound: '找不到该成员',
    },
  },
  en: {
    qMonthsPySoFar: 'Q months this PY (this month to date included)',
    details: {
      self: 'This is your own market',
      sponsor: 'Sponsor',
      frontlineCount: 'Frontline partners',
      downlineSize: 'Market size',
      current: 'This month so far',
      nextBracket: 'PV to the next bracket ({{pct}}%)',
      topBracket: 'At the top bracket',
      monthTable: 'Volumes by month, PY {{py}}',
      legs: 'Frontline partners ({{n}})',
      noLegs: 'This member has no frontline partners yet.',
      qLegs: 'Q legs',
      apv: 'Award PV',
      notFound: 'Member not found',
    },
  },
});
