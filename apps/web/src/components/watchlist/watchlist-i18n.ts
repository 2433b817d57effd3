import { textsOnFirstUse } from '../../i18n/index.ts';

// Texts of the market watchlist (namespace watchlist): the star on member rows and details, the
// card on home and member tracking, the note editor. Their own small set, so home's card does not
// bring the market pages' texts; added on first use (the module may load before i18next is set up).
const zh = {
  title: '我关注的市场',
  titleOf: '{{name}} 关注的市场',
  subtitle: '{{month}} · 本月至今',
  star: '关注 {{name}}',
  starFull: '最多关注 {{max}} 位成员，请先取消一位。',
  starFailed: '未能更新关注，请重试。',
  toQ: '距 Q 还差 {{pv}} PV',
  isQ: '已达 Q ✓',
  progress: '小组 PV {{gpv}} / {{threshold}}',
  open: '查看 {{name}} 的市场详情',
  empty: '还没有关注的成员。',
  emptyHow: '在「市场成员追踪」或成员的市场详情中点 ☆ 关注，即可在这里看到他们本月距 Q 还差多少。',
  emptyLink: '去市场成员追踪',
  more: '全部 {{count}} 位',
  error: '关注列表暂时无法加载。',
  retry: '重试',
  loading: '正在加载关注列表',
  noteLabel: '我的备注（仅自己可改；公司客服查询时可见）',
  notePlaceholder: '例如：周五一起拜访顾客',
  noteCount: '{{n}}/{{max}}',
  noteSave: '保存备注',
  noteSaved: '备注已保存',
  noteFailed: '备注未能保存：{{reason}}',
  noteTooLong: '备注最多 {{max}} 个字',
  noteInvisible: '备注不能包含不可见的格式字符（如从右向左控制符），请删除后再保存',
  noteStarFirst: '关注这位成员后即可添加备注。',
  staffNote: '工作人员只读：关注与备注由会员本人管理。',
};

const en = {
  title: 'My watchlist',
  titleOf: '{{name}}’s watchlist',
  subtitle: '{{month}} · so far',
  star: 'Watch {{name}}',
  starFull: 'You can watch up to {{max}} members: unstar one first.',
  starFailed: 'The watchlist could not be updated. Please try again.',
  toQ: '{{pv}} PV to Q',
  isQ: 'Q ✓',
  progress: 'Group PV {{gpv}} / {{threshold}}',
  open: 'Open market details of {{name}}',
  empty: 'You are not watching anyone yet.',
  emptyHow: 'Tap ☆ on Market member tracking or on a member’s market details to follow their gap to Q here.',
  emptyLink: 'Go to member tracking',
  more: 'All {{count}}',
  error: 'The watchlist could not be loaded.',
  retry: 'Retry',
  loading: 'Loading the watchlist',
  noteLabel: 'My note (only you change it; company service staff can read it)',
  notePlaceholder: 'e.g. visit customers together on Friday',
  noteCount: '{{n}}/{{max}}',
  noteSave: 'Save note',
  noteSaved: 'Note saved',
  noteFailed: 'The note was not saved: {{reason}}',
  noteTooLong: 'A note holds at most {{max}} characters',
  noteInvisible: 'A note cannot hold invisible format characters (such as a right-to-left override): remove them to save',
  noteStarFirst: 'Watch this member to add a note.',
  staffNote: 'Read-only for staff: the distributor manages their watchlist and notes.',
};

/** Call at the top of each watchlist component. */
export const useWatchlistTexts = textsOnFirstUse('watchlist', zh, en);
