// Notifications in words: notifications.ts and plan-notifications.ts find what a distributor is
// told as `{ code, params }` (small plain values, NoteParamsByCode) and this catalogue is the one
// place that words its title and body, in Chinese and English (issue #34), as reason-catalogue.ts
// does for the plans. A message keeps the words it was stored with: the list says what the push said.
import { dayLabel, monthDayLabel, MONTHS_LONG } from '@abo/words';
import type { MonthKey, PyName } from './calendar.ts';
import { formatFen } from './money.ts';
import { pinName } from './pins.ts';
import { criterionLabel } from './plans/kinds.ts';
import { eventNamed, reasonText } from './plans/reason-catalogue.ts';
import { attendanceEvents, planByCode } from './plans/registry.ts';
import type { WordedReason } from './plans/summary-codec.ts';
import type { PlanDef, Reason } from './plans/types.ts';
import { num, text, type Text } from './text.ts';

export interface NoteParamsByCode {
  /** A month closed: its goal as told, and what its statement pays (null: no statement, no debit). */
  readonly monthClosed: {
    readonly month: MonthKey;
    /** A Q month; or the bracket reached and the PV a Q month still needed; or, below the first bracket, that bracket. */
    readonly goal:
      | { readonly q: true }
      | { readonly bracket: number; readonly pvShort: number }
      | { readonly nextPercent: number; readonly pvNeeded: number };
    readonly fee: { readonly netFen: number; readonly paidOn: string } | { readonly debitFen: number } | null;
  };
  /** The open month's group PV near the next bracket. */
  readonly nearBracket: { readonly target: number; readonly gpv: number; readonly pvNeeded: number; readonly daysLeft: number };
  /** The open month's APV near a Q (SP) month. */
  readonly nearQMonth: { readonly month: MonthKey; readonly apv: number; readonly apvNeeded: number; readonly daysLeft: number };
  /** A frontline leg at the 21 % bracket this month (`name` as the leader may see it). */
  readonly legQualified: { readonly month: MonthKey; readonly name: Text; readonly gpv: number; readonly threshold: number };
  /** A leg Q last month far from it this month. */
  readonly legSlipping: { readonly name: Text; readonly gpv: number; readonly pvNeeded: number; readonly daysLeft: number };
  /** A member joined the leader's team, `generation` down (1: sponsored by the leader). */
  readonly memberJoined: { readonly name: Text; readonly joinedOn: string; readonly generation: number };
  readonly pinReached: { readonly pin: number; readonly month: MonthKey };
  /** Plans by code (the registry's). */
  readonly planMet: { readonly plan: string; readonly py: PyName };
  /** `reason`: as the close found or stored it (a summary stored before reasons were data holds its words). */
  readonly planOutOfReach: { readonly plan: string; readonly py: PyName; readonly reason: Reason | WordedReason | null };
  /** `criterion`: its position in the plan. */
  readonly criterionMet: { readonly plan: string; readonly py: PyName; readonly criterion: number };
  /** `closes`: the registration's last day, `YYYY-MM-DD`; `daysLeft` 0 on that day. */
  readonly eventDeadline: {
    readonly plan: string;
    readonly py: PyName;
    readonly event: string;
    readonly closes: string;
    readonly daysLeft: number;
  };
}

export type NoteCode = keyof NoteParamsByCode;
export type NotificationNote = { readonly [C in NoteCode]: { readonly code: C; readonly params: NoteParamsByCode[C] } }[NoteCode];

export interface NotificationWords {
  readonly title: Text;
  readonly body: Text;
}

const monthNo = (m: MonthKey) => Number(m.slice(5, 7));
const monthName = (m: MonthKey): Text => text(`${monthNo(m)}月`, MONTHS_LONG[monthNo(m) - 1]!);
const yuan = (fen: number) => `¥${formatFen(fen)}`;
/** `MM-DD` of a `YYYY-MM-DD` date. */
const shortDate = (d: string) => d.slice(5, 10);
const daysLeft = (n: number): Text => text(`还剩${n}天`, `${n} ${n === 1 ? 'day' : 'days'} left`);

function planNamed(code: string): PlanDef {
  const plan = planByCode(code);
  // Notes are made from the registry's plans: another code is a bug, not a message to word.
  if (!plan) throw new Error(`notification of an unknown plan ${code}`);
  return plan;
}

/** "October closed" · "a Q month ✓ · net fee ¥1,272.40 paid on 11-15". */
function monthClosed({ month, goal, fee }: NoteParamsByCode['monthClosed']): NotificationWords {
  const m = monthName(month);
  const q =
    'q' in goal
      ? text('Q 月 ✓', 'a Q month ✓')
      : 'bracket' in goal
        ? text(
            `${goal.bracket}% 档，距 Q 月还差 ${num(goal.pvShort)} PV`,
            `${goal.bracket}% bracket, ${num(goal.pvShort)} PV short of a Q month`,
          )
        : text(
            `距 ${goal.nextPercent}% 档还差 ${num(goal.pvNeeded)} PV`,
            `${num(goal.pvNeeded)} PV short of the ${goal.nextPercent}% bracket`,
          );
  const paid =
    fee === null
      ? text('本月无服务费', 'no service fee this month')
      : 'netFen' in fee
        ? text(
            `净服务费 ${yuan(fee.netFen)}，${shortDate(fee.paidOn)} 发放`,
            `net fee ${yuan(fee.netFen)} paid on ${shortDate(fee.paidOn)}`,
          )
        : text(
            `退货使本月合计为负：不发放，${yuan(fee.debitFen)} 从下期结单扣回`,
            `returns took the fees below zero: nothing paid, ${yuan(fee.debitFen)} taken from the next statement`,
          );
  return { title: text(`${m.zh}已结算`, `${m.en} closed`), body: text(`${q.zh} · ${paid.zh}`, `${q.en} · ${paid.en}`) };
}

function nearBracket(p: NoteParamsByCode['nearBracket']): NotificationWords {
  const d = daysLeft(p.daysLeft);
  return {
    title: text(`离 ${p.target}% 档只差 ${num(p.pvNeeded)} PV`, `${num(p.pvNeeded)} PV from the ${p.target}% bracket`),
    body: text(
      `本月小组 PV 至今 ${num(p.gpv)}，再有 ${num(p.pvNeeded)} PV 即达 ${p.target}% · ${d.zh}`,
      `Group PV so far ${num(p.gpv)}: ${num(p.pvNeeded)} more PV reaches ${p.target}% · ${d.en}`,
    ),
  };
}

function nearQMonth(p: NoteParamsByCode['nearQMonth']): NotificationWords {
  const m = monthName(p.month);
  const d = daysLeft(p.daysLeft);
  return {
    title: text(`离 Q 月只差 ${num(p.apvNeeded)} APV`, `${num(p.apvNeeded)} APV from a Q month`),
    body: text(
      `${m.zh} APV 至今 ${num(p.apv)}，再有 ${num(p.apvNeeded)} 即为 Q 月（SP 月）· ${d.zh}`,
      `APV so far in ${m.en} ${num(p.apv)}: ${num(p.apvNeeded)} more makes it a Q (SP) month · ${d.en}`,
    ),
  };
}

function legQualified(p: NoteParamsByCode['legQualified']): NotificationWords {
  const m = monthName(p.month);
  return {
    title: text(`${p.name.zh} 本月已达 Q`, `${p.name.en} reached Q this month`),
    body: text(
      `${m.zh}小组 PV 至今 ${num(p.gpv)}，达到 21% 档（${num(p.threshold)} PV）`,
      `Group PV so far in ${m.en}: ${num(p.gpv)}, at the 21% bracket (${num(p.threshold)} PV)`,
    ),
  };
}

function legSlipping(p: NoteParamsByCode['legSlipping']): NotificationWords {
  const d = daysLeft(p.daysLeft);
  return {
    title: text(`${p.name.zh} 本月离 Q 还远`, `${p.name.en} is far from Q this month`),
    body: text(
      `上月为 Q，本月小组 PV 至今 ${num(p.gpv)}，还差 ${num(p.pvNeeded)} PV · ${d.zh}`,
      `Q last month; group PV so far ${num(p.gpv)}, ${num(p.pvNeeded)} PV to go · ${d.en}`,
    ),
  };
}

function memberJoined(p: NoteParamsByCode['memberJoined']): NotificationWords {
  const [y, m, d] = p.joinedOn.split('-').map(Number) as [number, number, number];
  const by =
    p.generation === 1
      ? text('由您推荐', 'sponsored by you')
      : text(`您团队的第 ${p.generation} 代`, `generation ${p.generation} of your team`);
  return {
    title: text(`${p.name.zh} 加入了您的团队`, `${p.name.en} joined your team`),
    body: text(`${dayLabel(y, m, d, true)}加入 · ${by.zh}`, `Joined on ${dayLabel(y, m, d, false)} · ${by.en}`),
  };
}

function pinReached({ pin, month }: NoteParamsByCode['pinReached']): NotificationWords {
  const name = pinName(pin);
  const m = monthName(month);
  const year = month.slice(0, 4);
  return {
    title: text(`恭喜达成${name.zh}`, `Congratulations: ${name.en}`),
    body: text(`${year}年${m.zh}达成${name.zh}奖衔`, `You reached ${name.en} in ${m.en} ${year}`),
  };
}

function planMet({ plan: code, py }: NoteParamsByCode['planMet']): NotificationWords {
  const plan = planNamed(code);
  return {
    title: text(`已达成${plan.name.zh}`, `${plan.name.en}: reached`),
    body: text(`${py} 年度的全部条件均已达成：${plan.reward.zh}`, `Every criterion of ${py} is met: ${plan.reward.en}`),
  };
}

function planOutOfReach({ plan: code, reason }: NoteParamsByCode['planOutOfReach']): NotificationWords {
  const plan = planNamed(code);
  return {
    title: text(`${plan.name.zh}本年度已无法达成`, `${plan.name.en} is out of reach this PY`),
    body: !reason
      ? text('剩余月份不足以达成全部条件', 'The remaining months cannot meet every criterion')
      : 'params' in reason
        ? reasonText(reason)
        : reason.text,
  };
}

function criterionMet({ plan: code, py, criterion }: NoteParamsByCode['criterionMet']): NotificationWords {
  const plan = planNamed(code);
  const label = criterionLabel(plan.criteria[criterion]!, py);
  return {
    title: text(`${plan.name.zh}：一项条件已达成`, `${plan.name.en}: a criterion met`),
    body: text(`${label.zh} ✓`, `${label.en} ✓`),
  };
}

function eventDeadline(p: NoteParamsByCode['eventDeadline']): NotificationWords {
  const plan = planNamed(p.plan);
  const name = eventNamed(p.event, attendanceEvents(plan))?.name ?? text(p.event, p.event);
  const m = Number(p.closes.slice(5, 7));
  const day = Number(p.closes.slice(8, 10));
  const when = text(monthDayLabel(m, day, true), monthDayLabel(m, day, false));
  const left = p.daysLeft === 0 ? text('今天截止', 'closes today') : daysLeft(p.daysLeft);
  return {
    title: text(`${name.zh}报名${when.zh}截止`, `${name.en}: registration closes ${when.en}`),
    body: text(
      `${left.zh} · 出席是${plan.name.zh}（${p.py}）的条件之一`,
      `${left.en} · attending is a criterion of ${plan.name.en} (${p.py})`,
    ),
  };
}

/** A notification's title and body in both languages. */
export function notificationWords(note: NotificationNote): NotificationWords {
  switch (note.code) {
    case 'monthClosed':
      return monthClosed(note.params);
    case 'nearBracket':
      return nearBracket(note.params);
    case 'nearQMonth':
      return nearQMonth(note.params);
    case 'legQualified':
      return legQualified(note.params);
    case 'legSlipping':
      return legSlipping(note.params);
    case 'memberJoined':
      return memberJoined(note.params);
    case 'pinReached':
      return pinReached(note.params);
    case 'planMet':
      return planMet(note.params);
    case 'planOutOfReach':
      return planOutOfReach(note.params);
    case 'criterionMet':
      return criterionMet(note.params);
    case 'eventDeadline':
      return eventDeadline(note.params);
  }
}

/** A reason as a note holds it: its code and params (or, stored before reasons were data, its words), not a decoded reason's getters. */
export const plainReason = (r: Reason | WordedReason): Reason | WordedReason =>
  'params' in r ? ({ code: r.code, params: r.params } as Reason) : { code: r.code, text: { zh: r.text.zh, en: r.text.en } };

/** An event's title and body worded from its note, with the note (the events carry both). */
export const told = (note: NotificationNote): NotificationWords & { readonly note: NotificationNote } => ({
  ...notificationWords(note),
  note,
});
