// What a distributor is told when their figures move (README "Notifications"): the events a
// month close produces, each with a key that is unique per distributor, so that the same event is
// told once however often the close runs. The BFF loads the facts, calls these functions and
// stores what they return; which events exist, when a figure counts as "near" and what the
// message says live here, beside the rules they describe.
import { href } from '@abo/contract/pages';
import { dayLabel, monthDayLabel, MONTHS_LONG } from '@abo/words';
import { nextBracket, qThreshold } from './bracket.ts';
import { daysLeftInMonth, type MonthKey, type PyName } from './calendar.ts';
import { formatFen } from './money.ts';
import { pinName } from './pins.ts';
import { criterionLabel, criterionRequired } from './plans/kinds.ts';
import { planMonths } from './plans/history-summary.ts';
import { planByCode, plansFor } from './plans/registry.ts';
import { reachedSoFarOnly } from './plans/summary-codec.ts';
import type { PlanDef, PlanResult, Status } from './plans/types.ts';
import type { RuleTable } from './rules/types.ts';
import { num, text, type Text } from './text.ts';

export type NotificationKind =
  'monthClosed' | 'nearThreshold' | 'legQualified' | 'legSlipping' | 'memberJoined' | 'planProgress' | 'pinReached' | 'eventDeadline';

export interface NotificationEvent {
  readonly kind: NotificationKind;
  /** Unique per distributor: the event is told once. */
  readonly key: string;
  /** The month it is about, when it is about one. */
  readonly month: MonthKey | null;
  readonly title: Text;
  readonly body: Text;
  /** The app path (under /front) of the page and month that explain it (`href`). */
  readonly link: string;
  /** The figures in the message, for push templates. */
  readonly params: Readonly<Record<string, string | number>>;
}

/**
 * A figure is "near" a threshold from this share of it on: within 15 % of the next bracket's or
 * the SP month's PV (for the 21 % bracket at 10 000 PV: from 8 500 PV). A hint, the same in every
 * PY, so not in the rule tables.
 */
export const NEAR_THRESHOLD_SHARE = 0.85;
/**
 * A leg that was Q last month is "far from it" this month when, with this many days or fewer
 * left, its group PV so far is under half the Q threshold.
 */
export const SLIPPING_DAYS_LEFT = 10;
export const SLIPPING_SHARE = 0.5;

const monthNo = (m: MonthKey) => Number(m.slice(5, 7));
const monthName = (m: MonthKey): Text => text(`${monthNo(m)}月`, MONTHS_LONG[monthNo(m) - 1]!);
const yuan = (fen: number) => `¥${formatFen(fen)}`;
/** `MM-DD` of a `YYYY-MM-DD` date. */
const shortDate = (d: string) => d.slice(5, 10);
const days = (n: number): Text => text(`还剩${n}天`, `${n} ${n === 1 ? 'day' : 'days'} left`);

/**
 * APV still needed for an SP month with the legs the month has (0 when it is one): the SP-month
 * test's nearest branch (rules.sp: APV alone, or with one 21 % leg; two 21 % legs need none).
 */
export function apvToSpMonth(apv: number, qLegs: number, rules: RuleTable): number {
  const sp = rules.sp;
  if (qLegs >= sp.qLegsAlone) return 0;
  const need = qLegs >= 1 ? Math.min(sp.apvWithOneQLeg, sp.apvAlone) : sp.apvAlone;
  return Math.max(0, need - apv);
}

export interface ClosedMonthFacts {
  readonly month: MonthKey;
  /** Group PV (the bracket's base). */
  readonly gpv: number;
  readonly bracket: number;
  readonly apv: number;
  readonly qLegs: number;
  /** A Q (PQ, SP) month. */
  readonly isSp: boolean;
  /** The month's statement, when it pays anything. */
  readonly statement: { readonly netFen: number; readonly paidOn: string } | null;
  /** A month whose fees fell below zero (returns): the debit carried to the next statement, fen (claw-back.ts). */
  readonly debitCarriedFen?: number;
  /** The PY's seminar, whose month-by-month page explains a month without a statement. */
  readonly seminarCode: string | null;
}

/** "October closed: a Q month ✓ · net fee ¥1,272.40 paid on 11-15". */
export function monthClosedEvent(f: ClosedMonthFacts, rules: RuleTable): NotificationEvent {
  const m = monthName(f.month);
  const gap = apvToSpMonth(f.apv, f.qLegs, rules);
  // Below the first bracket the first bracket is the goal (home's first goal), not the Q month.
  const first = nextBracket(rules.brackets, f.gpv);
  const q = f.isSp
    ? text('Q 月 ✓', 'a Q month ✓')
    : f.bracket > 0 || first.nextPercent === null
      ? text(`${f.bracket}% 档，距 Q 月还差 ${num(gap)} PV`, `${f.bracket}% bracket, ${num(gap)} PV short of a Q month`)
      : text(
          `距 ${first.nextPercent}% 档还差 ${num(first.pvNeeded)} PV`,
          `${num(first.pvNeeded)} PV short of the ${first.nextPercent}% bracket`,
        );
  const debit = f.statement ? 0 : (f.debitCarriedFen ?? 0);
  const fee = f.statement
    ? text(
        `净服务费 ${yuan(f.statement.netFen)}，${shortDate(f.statement.paidOn)} 发放`,
        `net fee ${yuan(f.statement.netFen)} paid on ${shortDate(f.statement.paidOn)}`,
      )
    : debit > 0
      ? text(
          `退货使本月合计为负：不发放，${yuan(debit)} 从下期结单扣回`,
          `returns took the fees below zero: nothing paid, ${yuan(debit)} taken from the next statement`,
        )
      : text('本月无服务费', 'no service fee this month');
  // A claw-back month has a statement too: it shows the debit.
  const link =
    f.statement || debit > 0
      ? href('/income/servicefee', { month: f.month })
      : f.seminarCode
        ? href('/incentiveplan/qualificationquery', { code: f.seminarCode, month: f.month })
        : href('/achievement/apv');
  return {
    kind: 'monthClosed',
    key: `monthClosed:${f.month}`,
    month: f.month,
    title: text(`${m.zh}已结算`, `${m.en} closed`),
    body: text(`${q.zh} · ${fee.zh}`, `${q.en} · ${fee.en}`),
    link,
    params: {
      month: f.month,
      q: f.isSp ? 1 : 0,
      pvShort: gap,
      bracket: f.bracket,
      netFen: f.statement?.netFen ?? 0,
      paidOn: f.statement?.paidOn ?? '',
    },
  };
}

export interface OpenMonthFacts {
  readonly month: MonthKey;
  /** The business day, `YYYY-MM-DD`, in the month. */
  readonly today: string;
  readonly gpv: number;
  readonly apv: number;
  readonly qLegs: number;
  readonly isSp: boolean;
}

/** The open month near the next bracket or an SP month (each once a month and target). */
export function nearThresholdEvents(f: OpenMonthFacts, rules: RuleTable): NotificationEvent[] {
  const out: NotificationEvent[] = [];
  const left = daysLeftInMonth(f.today);
  const d = days(left);
  const next = nextBracket(rules.brackets, f.gpv);
  if (next.nextPercent !== null && next.nextMinPv !== null && f.gpv >= next.nextMinPv * NEAR_THRESHOLD_SHARE) {
    out.push({
      kind: 'nearThreshold',
      key: `nearThreshold:${f.month}:bracket:${next.nextPercent}`,
      month: f.month,
      title: text(
        `离 ${next.nextPercent}% 档只差 ${num(next.pvNeeded)} PV`,
        `${num(next.pvNeeded)} PV from the ${next.nextPercent}% bracket`,
      ),
      body: text(
        `本月小组 PV 至今 ${num(f.gpv)}，再有 ${num(next.pvNeeded)} PV 即达 ${next.nextPercent}% · ${d.zh}`,
        `Group PV so far ${num(f.gpv)}: ${num(next.pvNeeded)} more PV reaches ${next.nextPercent}% · ${d.en}`,
      ),
      link: href('/achievement/topup'),
      params: { month: f.month, target: next.nextPercent, pvNeeded: next.pvNeeded, daysLeft: left },
    });
  }
  const apvGap = apvToSpMonth(f.apv, f.qLegs, rules);
  const apvNeed = f.apv + apvGap;
  // Without 21 % legs the top bracket and the Q month are one threshold: told once, as the bracket.
  const sameAsBracket = out.length > 0 && next.nextMinPv === qThreshold(rules.brackets) && next.pvNeeded === apvGap;
  if (!f.isSp && apvGap > 0 && !sameAsBracket && f.apv >= apvNeed * NEAR_THRESHOLD_SHARE) {
    const m = monthName(f.month);
    out.push({
      kind: 'nearThreshold',
      key: `nearThreshold:${f.month}:sp`,
      month: f.month,
      title: text(`离 Q 月只差 ${num(apvGap)} APV`, `${num(apvGap)} APV from a Q month`),
      body: text(
        `${m.zh} APV 至今 ${num(f.apv)}，再有 ${num(apvGap)} 即为 Q 月（SP 月）· ${d.zh}`,
        `APV so far in ${m.en} ${num(f.apv)}: ${num(apvGap)} more makes it a Q (SP) month · ${d.en}`,
      ),
      link: href('/achievement/apv'),
      params: { month: f.month, apvNeeded: apvGap, daysLeft: left },
    });
  }
  return out;
}

export interface LegFacts {
  /** Unique among the distributor's legs (the key carries it). */
  readonly id: string;
  /** The name as the distributor may see it. */
  readonly name: Text;
  /** The market details page's reference. */
  readonly ref: string;
  /** Group PV this month so far. */
  readonly gpv: number;
  /** A 21 % group last month. */
  readonly qLastMonth: boolean;
}

/** A frontline leg reached Q this month; a leg that was Q last month is far from it this month. */
export function legEvents(month: MonthKey, today: string, legs: readonly LegFacts[], rules: RuleTable): NotificationEvent[] {
  const threshold = qThreshold(rules.brackets);
  if (threshold <= 0) return [];
  const left = daysLeftInMonth(today);
  const out: NotificationEvent[] = [];
  const m = monthName(month);
  for (const leg of legs) {
    const link = href('/incentiveplan/marketdetails', { ref: leg.ref });
    if (leg.gpv >= threshold) {
      out.push({
        kind: 'legQualified',
        key: `legQualified:${month}:${leg.id}`,
        month,
        title: text(`${leg.name.zh} 本月已达 Q`, `${leg.name.en} reached Q this month`),
        body: text(
          `${m.zh}小组 PV 至今 ${num(leg.gpv)}，达到 21% 档（${num(threshold)} PV）`,
          `Group PV so far in ${m.en}: ${num(leg.gpv)}, at the 21% bracket (${num(threshold)} PV)`,
        ),
        link,
        params: { month, gpv: leg.gpv, threshold },
      });
    } else if (leg.qLastMonth && left <= SLIPPING_DAYS_LEFT && leg.gpv < threshold * SLIPPING_SHARE) {
      const gap = threshold - leg.gpv;
      out.push({
        kind: 'legSlipping',
        key: `legSlipping:${month}:${leg.id}`,
        month,
        title: text(`${leg.name.zh} 本月离 Q 还远`, `${leg.name.en} is far from Q this month`),
        body: text(
          `上月为 Q，本月小组 PV 至今 ${num(leg.gpv)}，还差 ${num(gap)} PV · ${days(left).zh}`,
          `Q last month; group PV so far ${num(leg.gpv)}, ${num(gap)} PV to go · ${days(left).en}`,
        ),
        link,
        params: { month, gpv: leg.gpv, pvNeeded: gap, daysLeft: left },
      });
    }
  }
  return out;
}

/**
 * How far down a member's joining is told: their sponsor (generation 1) and the two uplines above.
 * A leader hears of the team growing where they can still coach, not of every join in a market
 * of thousands (the pushes are off until they switch them on, README "Notifications").
 */
export const JOIN_NEWS_GENERATIONS = 3;

export interface JoinFacts {
  /** The new member's ADA (the key carries it: told once). */
  readonly id: string;
  /** The name as the leader may see it. */
  readonly name: Text;
  /** The market details page's reference. */
  readonly ref: string;
  /** 1: sponsored by the leader; 2, 3: further down. */
  readonly generation: number;
  /** `YYYY-MM-DD`. */
  readonly joinedOn: string;
}

/** A member joined the leader's team (within JOIN_NEWS_GENERATIONS). */
export function memberJoinedEvent(f: JoinFacts): NotificationEvent {
  const [y, m, d] = f.joinedOn.split('-').map(Number) as [number, number, number];
  const by =
    f.generation === 1
      ? text('由您推荐', 'sponsored by you')
      : text(`您团队的第 ${f.generation} 代`, `generation ${f.generation} of your team`);
  return {
    kind: 'memberJoined',
    key: `memberJoined:${f.id}`,
    month: f.joinedOn.slice(0, 7),
    title: text(`${f.name.zh} 加入了您的团队`, `${f.name.en} joined your team`),
    body: text(`${dayLabel(y, m, d, true)}加入 · ${by.zh}`, `Joined on ${dayLabel(y, m, d, false)} · ${by.en}`),
    link: href('/incentiveplan/marketdetails', { ref: f.ref }),
    params: { joinedOn: f.joinedOn, generation: f.generation },
  };
}

/** A pin reached in a month the close just closed. */
export function pinReachedEvent(pin: number, month: MonthKey): NotificationEvent {
  const name = pinName(pin);
  const m = monthName(month);
  return {
    kind: 'pinReached',
    key: `pinReached:${pin}`,
    month,
    title: text(`恭喜达成${name.zh}`, `Congratulations: ${name.en}`),
    body: text(`${month.slice(0, 4)}年${m.zh}达成${name.zh}奖衔`, `You reached ${name.en} in ${m.en} ${month.slice(0, 4)}`),
    link: href('/achievement/localranktracking'),
    params: { pin, month },
  };
}

export interface PlanFacts {
  readonly plan: PlanDef;
  readonly py: PyName;
  readonly status: Status;
  /** Why it is out of reach (status outOfReach): worded only when an event tells it. */
  readonly reason: { readonly text: Text } | null;
  /** The achieved value of each criterion, in the plan's order. */
  readonly achieved: readonly number[];
  /** Criteria (by position) that reach their value only with the open month so far: not met yet. */
  readonly soFar: readonly number[];
}

// A month's end reads every member's plans for their events (issue #30): what a plan's criteria
// need is worked out once per plan, not once per member.
const requiredOf = new WeakMap<PlanDef, readonly number[]>();
function required(plan: PlanDef): readonly number[] {
  let r = requiredOf.get(plan);
  if (!r) requiredOf.set(plan, (r = plan.criteria.map(criterionRequired)));
  return r;
}

/** One of a member's plans as the close evaluated it or stored it: what its events are made of. */
export type MemberPlan = Omit<PlanFacts, 'py'>;

/** The first month whose attendance the plans of `py` count, up to today's month. */
export function attendanceFrom(py: PyName, todayMonth: MonthKey): MonthKey {
  return plansFor(py)
    .map((p) => planMonths(p)[0]!)
    .reduce((a, b) => (b < a ? b : a), todayMonth);
}

/**
 * What a member's plans of today's PY tell, plan by plan: an event's registration closing soon
 * (attended: the events attended from attendanceFrom through today's month), then what was reached.
 */
export function memberPlanEvents(
  plans: Iterable<MemberPlan>,
  py: PyName,
  attended: ReadonlySet<string>,
  today: string,
): NotificationEvent[] {
  const out: NotificationEvent[] = [];
  for (const p of plans) {
    out.push(...eventDeadlineEvents({ plan: p.plan, py, status: p.status, attended, today }));
    out.push(...planEvents({ ...p, py }));
  }
  return out;
}

/** The criteria (by position) planEvents tells as met: their value reached, not with the open month so far only. */
function metCriteriaOf(plan: PlanDef, achieved: readonly number[], soFar: readonly number[]): number[] {
  const need = required(plan);
  const out: number[] = [];
  for (let i = 0; i < need.length; i++) if ((achieved[i] ?? 0) >= need[i]! && !soFar.includes(i)) out.push(i);
  return out;
}

/**
 * Whether a distributor's plans of a PY, as the close evaluated them, make a planProgress event
 * (planEvents: a plan met, a criterion met). The close stores it beside the summary
 * (plan_results.news), and telling everyone at a month's end reads back only the summaries that
 * tell something (6 % of the bench company's members; issue #30), but on the days an event's
 * registration closes (eventDeadlinesNear), when every plan still in reach may.
 */
export function resultsMakeNews(results: readonly PlanResult[]): boolean {
  for (const r of results) {
    if (r.status === 'met') return true;
    const plan = planByCode(r.code);
    if (!plan) continue;
    const need = required(plan);
    for (let i = 0; i < need.length; i++) {
      const x = r.criteria[i];
      if (x && x.achieved >= need[i]! && !reachedSoFarOnly(x)) return true;
    }
  }
  return false;
}

/** A plan reached or moved out of reach, and each criterion met (once a PY each). */
export function planEvents(f: PlanFacts): NotificationEvent[] {
  const { plan, py } = f;
  const metCriteria = metCriteriaOf(plan, f.achieved, f.soFar);
  // Most members' plans: nothing reached, nothing to tell.
  if (f.status !== 'met' && metCriteria.length === 0) return [];
  const link = `${plan.route}?year=${encodeURIComponent(py)}`;
  const base = `planProgress:${plan.code}:${py}`;
  const out: NotificationEvent[] = [];
  if (f.status === 'met') {
    out.push({
      kind: 'planProgress',
      key: `${base}:met`,
      month: null,
      title: text(`已达成${plan.name.zh}`, `${plan.name.en}: reached`),
      body: text(`${py} 年度的全部条件均已达成：${plan.reward.zh}`, `Every criterion of ${py} is met: ${plan.reward.en}`),
      link,
      params: { plan: plan.code, py, status: 'met' },
    });
  } else if (f.status === 'outOfReach') {
    // Only a plan the distributor was working on (a criterion met): most members never aim at
    // most plans, and a message for each would bury the ones that matter.
    out.push({
      kind: 'planProgress',
      key: `${base}:outOfReach`,
      month: null,
      title: text(`${plan.name.zh}本年度已无法达成`, `${plan.name.en} is out of reach this PY`),
      body: f.reason?.text ?? text('剩余月份不足以达成全部条件', 'The remaining months cannot meet every criterion'),
      link,
      params: { plan: plan.code, py, status: 'outOfReach' },
    });
  }
  // Criteria met along the way (a plan met at once says so in one message).
  if (f.status !== 'met') {
    for (const i of metCriteria) {
      const label = criterionLabel(plan.criteria[i]!, py);
      out.push({
        kind: 'planProgress',
        key: `${base}:criterion:${i}`,
        month: null,
        title: text(`${plan.name.zh}：一项条件已达成`, `${plan.name.en}: a criterion met`),
        body: text(`${label.zh} ✓`, `${label.en} ✓`),
        link,
        params: { plan: plan.code, py, criterion: i, status: 'criterionMet' },
      });
    }
  }
  return out;
}

/** Registration deadlines are told this many days ahead (the deadline day included: 0 days). */
export const EVENT_DEADLINE_DAYS = 3;

export interface EventDeadlineFacts {
  readonly plan: PlanDef;
  readonly py: PyName;
  /** The plan's status for the distributor (the close's). */
  readonly status: Status;
  /** Codes of the events the distributor attended in the plan's period. */
  readonly attended: ReadonlySet<string>;
  /** The business day, `YYYY-MM-DD` (China). */
  readonly today: string;
}

type AttendanceCriterion = Extract<PlanDef['criteria'][number], { kind: 'attendance' }>;
const attendanceOf = new WeakMap<PlanDef, readonly AttendanceCriterion[]>();
/** The plan's attendance criteria, its levels' too (once per plan: every member's plans are read at a month's end). */
function attendanceCriteria(plan: PlanDef): readonly AttendanceCriterion[] {
  let list = attendanceOf.get(plan);
  if (!list) {
    const all = [...plan.criteria, ...(plan.levels?.list ?? []).flatMap((l) => l.criteria)];
    list = all.filter((c): c is AttendanceCriterion => c.kind === 'attendance');
    attendanceOf.set(plan, list);
  }
  return list;
}

const dayNumber = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10))) / 86_400_000;

/** Days until the event's registration closes (0: today), when that is within EVENT_DEADLINE_DAYS; else null. */
function registrationDaysLeft(e: AttendanceCriterion['events'][number], today: number): number | null {
  if (!e.registrationCloses) return null;
  const left = dayNumber(e.registrationCloses) - today;
  return left < 0 || left > EVENT_DEADLINE_DAYS ? null : left;
}

/** Whether an event of a plan of `py` closes its registration within EVENT_DEADLINE_DAYS of `today` (eventDeadlineEvents may tell it). */
export function eventDeadlinesNear(py: PyName, today: string): boolean {
  const day = dayNumber(today);
  return plansFor(py).some((plan) => attendanceCriteria(plan).some((c) => c.events.some((e) => registrationDaysLeft(e, day) !== null)));
}

/**
 * An attendance event whose registration closes within EVENT_DEADLINE_DAYS, for a plan the
 * distributor can still reach (on track or at risk) whose attendance criterion is not met yet and
 * who has not attended the event: once per plan and event.
 */
export function eventDeadlineEvents(f: EventDeadlineFacts): NotificationEvent[] {
  if (f.status !== 'onTrack' && f.status !== 'atRisk') return [];
  const criteria = attendanceCriteria(f.plan);
  if (criteria.length === 0) return [];
  const out: NotificationEvent[] = [];
  const today = dayNumber(f.today);
  for (const c of criteria) {
    const attended = c.events.filter((e) => f.attended.has(e.code)).length;
    if (attended >= (c.min ?? c.events.length)) continue;
    for (const e of c.events) {
      const left = registrationDaysLeft(e, today);
      if (left === null || f.attended.has(e.code)) continue;
      const key = `eventDeadline:${f.plan.code}:${e.code}`;
      if (out.some((x) => x.key === key)) continue;
      const closes = e.registrationCloses!;
      const day = Number(closes.slice(8, 10));
      const m = Number(closes.slice(5, 7));
      const when = text(monthDayLabel(m, day, true), monthDayLabel(m, day, false));
      const daysText = left === 0 ? text('今天截止', 'closes today') : text(`还剩${left}天`, `${left} ${left === 1 ? 'day' : 'days'} left`);
      out.push({
        kind: 'eventDeadline',
        key,
        month: null,
        title: text(`${e.name.zh}报名${when.zh}截止`, `${e.name.en}: registration closes ${when.en}`),
        body: text(
          `${daysText.zh} · 出席是${f.plan.name.zh}（${f.py}）的条件之一`,
          `${daysText.en} · attending is a criterion of ${f.plan.name.en} (${f.py})`,
        ),
        link: `${f.plan.route}?year=${encodeURIComponent(f.py)}`,
        params: { plan: f.plan.code, py: f.py, event: e.code, closes, daysLeft: left },
      });
    }
  }
  return out;
}
