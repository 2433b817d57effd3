import { i18n } from '../../../../i18n/index.ts';

// The team tree's own texts (team-tree-view.tsx and its items): paging a member's children, each
// member's gap to Q and the "close to Q" tag, the order of the children and the list's filters
// applied to the tree. Kept with the tree's chunk, not the market pages' texts.
i18n.addResourceBundle('zh-CN', 'teamTree', {
  showMore: '再显示 {{n}} 位（共 {{total}} 位）',
  loadingMore: '正在加载其余 {{n}} 位…',
  moreError: '这些成员加载失败，按 Enter 或点击重试',
  keysMore: '在“再显示”一行按 Enter 加载后面的成员。',
  opening: '正在展开到该成员…',
  toQ: '距 Q 还差 {{pv}} PV',
  qHeader: 'Q / 距 Q',
  nearQ: '接近 Q',
  nearLegend: '“接近 Q”：本月尚未达到 Q，小组 PV 已达 Q 门槛的 {{share}} 以上。',
  order: '同层排序',
  orders: {
    gpv: '小组 PV 从高到低',
    pvToQ: '距 Q 最近的在前',
  },
  filtered: '已按列表的筛选条件显示：{{filters}}。',
  matching: '市场 {{size}} 人中有 {{n}} 人符合；灰色、不加粗的成员本身不符合，显示他们是为了通往下面符合的成员。',
  noMatch: '您的市场中没有符合这些筛选条件的成员。',
  changeFilters: '在列表中修改筛选',
  clearFilters: '显示全部成员',
  context: '不符合筛选条件',
  matchesBelow: '下面 {{n}} 人符合',
  matchesHeader: '下面符合',
  filter: {
    search: '姓名或会员号“{{term}}”',
    level: '第 {{n}} 层',
    levels: '第 {{from}}–{{to}} 层',
    levelFrom: '第 {{n}} 层及更深',
    levelTo: '第 1–{{n}} 层',
    bracket: '业绩奖励比例 {{b}}%',
    q: '本月已达 Q',
    notQ: '本月未达 Q',
    joined: '本年度新加入',
  },
});

i18n.addResourceBundle('en-US', 'teamTree', {
  showMore: 'Show {{n}} more (of {{total}})',
  loadingMore: 'Loading {{n}} more…',
  moreError: 'These members could not be loaded; press Enter or click to retry',
  keysMore: 'Enter on “Show more” loads the next members.',
  opening: 'Opening the way to this member…',
  toQ: '{{pv}} PV to Q',
  qHeader: 'Q / PV to Q',
  nearQ: 'Close to Q',
  nearLegend: '“Close to Q”: not Q yet this month, with group PV at least {{share}} of the Q threshold.',
  order: 'Order of each level',
  orders: {
    gpv: 'Group PV, largest first',
    pvToQ: 'Closest to Q first',
  },
  filtered: 'Filtered as in the list: {{filters}}.',
  matching:
    '{{n}} of {{size}} members match. Members in grey, not bold, do not match themselves: they are shown as the way to members below who do.',
  noMatch: 'No member of your market matches these filters.',
  changeFilters: 'Change the filters in the list',
  clearFilters: 'Show everyone',
  context: 'does not match the filters',
  matchesBelow: '{{n}} matching below',
  matchesHeader: 'Matching below',
  filter: {
    search: 'name or ADA “{{term}}”',
    level: 'level {{n}}',
    levels: 'levels {{from}}–{{to}}',
    levelFrom: 'level {{n}} and deeper',
    levelTo: 'levels 1–{{n}}',
    bracket: '{{b}}% bracket',
    q: 'Q this month',
    notQ: 'not Q this month',
    joined: 'joined this PY',
  },
});
