import { textsOnFirstUse } from '../../../../i18n/index.ts';

// Texts of the legs that could close an FLQ or LDD gap (namespace gapLegs): loaded with the list,
// not with the plan pages.
/** Call at the top of each gap-legs component. */
export const useGapLegsTexts = textsOnFirstUse(
  'gapLegs',
  {
    title: '可补上差距的一线',
    flqLead_one: '{{count}} 条一线本月已达 Q，各计 1 个 FLQ 月。下列一线本月达到 Q，每条再加 1 个 FLQ 月（最接近的在前）：',
    flqLead_other: '{{count}} 条一线本月已达 Q，各计 1 个 FLQ 月。下列一线本月达到 Q，每条再加 1 个 FLQ 月（最接近的在前）：',
    flqLead_zero: '本月还没有一线达到 Q。下列一线本月达到 Q，每条加 1 个 FLQ 月（最接近的在前）：',
    lddLead_one: '{{count}} 条一线已有 {{need}} 个 Q 月（LDD 市场）。下列一线在 {{end}} 前仍可达到（还需月数最少的在前）：',
    lddLead_other: '{{count}} 条一线已有 {{need}} 个 Q 月（LDD 市场）。下列一线在 {{end}} 前仍可达到（还需月数最少的在前）：',
    lddLead_zero: '还没有一线达到 {{need}} 个 Q 月（LDD 市场）。下列一线在 {{end}} 前仍可达到（还需月数最少的在前）：',
    toQ: '距 Q 还差 {{pv}} PV',
    isQ: '本月已达 Q ✓',
    qMonths: 'Q 月 {{q}}/{{need}} · 还需 {{n}} 个月',
    thisMonthToQ: '本月距 Q 还差 {{pv}} PV',
    progress: '本月小组 PV {{gpv}} / {{threshold}}',
    open: '查看 {{name}} 的市场详情',
    shown: '显示最接近的 {{shown}} 条，共 {{total}} 条',
    allLegs: '在市场成员追踪中查看全部一线',
    flqNone: '全部一线本月都已达 Q。',
    flqNoLegs: '还没有一线分支。',
    lddNone: '在 {{end}} 前已没有一线能达到 {{need}} 个 Q 月。',
    loading: '正在加载可补上差距的一线',
    error: '一线列表暂时无法加载。',
    retry: '重试',
  },
  {
    title: 'Legs that could close the gap',
    flqLead_one:
      '{{count}} leg is Q this month and counts one FLQ month. Each leg below that reaches Q this month adds one more (nearest first):',
    flqLead_other:
      '{{count}} legs are Q this month and count one FLQ month each. Each leg below that reaches Q this month adds one more (nearest first):',
    flqLead_zero: 'No frontline leg is Q this month yet. Each leg below that reaches Q this month adds one FLQ month (nearest first):',
    lddLead_one: '{{count}} leg has {{need}} Q months (an LDD market). These can still get there by {{end}} (fewest months needed first):',
    lddLead_other:
      '{{count}} legs have {{need}} Q months (LDD markets). These can still get there by {{end}} (fewest months needed first):',
    lddLead_zero: 'No leg has {{need}} Q months yet (an LDD market). These can still get there by {{end}} (fewest months needed first):',
    toQ: '{{pv}} PV to Q',
    isQ: 'Q this month ✓',
    qMonths: '{{q}}/{{need}} Q months · {{n}} more',
    thisMonthToQ: '{{pv}} PV to Q this month',
    progress: 'Group PV this month {{gpv}} / {{threshold}}',
    open: 'Open market details of {{name}}',
    shown: 'The nearest {{shown}} of {{total}}',
    allLegs: 'All frontline legs in member tracking',
    flqNone: 'Every frontline leg is Q this month.',
    flqNoLegs: 'There are no frontline legs yet.',
    lddNone: 'No frontline leg can reach {{need}} Q months by {{end}} any more.',
    loading: 'Loading the legs that could close the gap',
    error: 'The legs could not be loaded.',
    retry: 'Retry',
  },
);
