import { addTexts } from '../../../i18n/index.ts';

// The texts only market-use-guide-page.tsx shows; those several pages show are in i18n.ts.
addTexts('incentiveMarket', {
  zh: {
    guide: {
      intro: '市场成员追踪列出您整个市场里的每一位成员，帮助您找到本月值得辅导的人。',
      filtersTitle: '筛选条件',
      filters: [
        '层级：第 1 层是您直接推荐的一线伙伴，第 2 层是他们推荐的人，以此类推。',
        '荣衔：成员目前的最高荣衔，如银奖章、金奖章、白金。',
        '业绩奖励比例：由本月小组总 PV（成员本人及其全部下线）决定。',
        '本月 Q：本月小组 PV 是否已达到最高业绩奖励比例的门槛。',
        '本年度新加入：在本业绩年度（9 月 1 日起）加入的成员。',
        '搜索：输入姓名的一部分，或会员号的开头几位。',
      ],
      termsTitle: '名词解释',
      terms: [
        'PV：每笔订单的积分，用来计算业绩。',
        '个人小组 PV：您自己和下线的 PV 合计，但不含已经达到 Q 的一线市场。',
        'Q / Q 月：小组 PV（成员本人及其全部下线）达到最高业绩奖励比例门槛的月份。',
        '距 Q 还差：本月还需要多少小组 PV 才能达到 Q。',
        '业绩年度：每年 9 月 1 日至次年 8 月 31 日，例如 26/27。',
      ],
      privacyTitle: '隐私',
      privacy: '为保护个人信息，成员的姓名和会员号会部分隐藏显示。',
      open: '打开市场成员追踪',
    },
  },
  en: {
    guide: {
      intro: 'Market member tracking lists everyone in your market, so you can find who is worth coaching this month.',
      filtersTitle: 'Filters',
      filters: [
        'Level: level 1 are the partners you sponsored (frontline), level 2 the people they sponsored, and so on.',
        "Pin: the member's highest pin so far, e.g. Silver Producer, Gold Producer, Platinum.",
        "Bracket: set by this month's total group PV (the member's own and whole downline's).",
        "Q this month: whether this month's group PV has reached the top bracket's threshold.",
        'Joined this PY: members who joined in this performance year (since 1 September).',
        'Search: type part of a name or the first digits of an ADA.',
      ],
      termsTitle: 'Terms',
      terms: [
        'PV: points per order, used to measure volume.',
        'Personal-group PV: your own PV plus your downline’s, without frontline legs that are Q themselves.',
        "Q / Q month: a month whose group PV (the member's own and whole downline's) reaches the top bracket's threshold.",
        'PV to Q: how much more group PV this month would make the member Q.',
        'Performance year (PY): 1 September to 31 August, written like 26/27.',
      ],
      privacyTitle: 'Privacy',
      privacy: "To protect personal data, members' names and ADAs are shown partly hidden.",
      open: 'Open market member tracking',
    },
  },
});
