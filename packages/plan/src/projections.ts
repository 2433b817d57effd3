// Projections (estimates, never results): where the open month ends at its pace so far, and
// where a PY's month counts (Q months, a plan criterion's count) end by its last month at the
// pace of the closed months. The bracket and fees of a projected month come from the estimate
// (estimate.ts) and the bracket table (bracket.ts): no rule is restated here.
import { dayLabel } from '@abo/words';
import { countsSoFar, daysInMonth, dayOfMonth, toMonthKey, type DateLike, type MonthKey, type MonthState } from './calendar.ts';
import { estimateMonth, type EstimateSide } from './estimate.ts';
import type { LegVolume } from './income.ts';
import { paymentDateOf, type DayKey } from './payment.ts';
import { CRITERION_KINDS } from './plans/kinds.ts';
import type { CriterionResult } from './plans/types.ts';
import { rulesForMonth } from './rules/registry.ts';
import type { RuleTable } from './rules/types.ts';
import { num, text, type Text } from './text.ts';

// ---------------------------------------------------------------------------------------
// End of the open month

export interface MonthProjectionInput {
  /** The open month. */
  readonly month: MonthKey;
  readonly today: DateLike;
  /** Personal PV so far and the frontline legs' volumes so far (as the estimate page reads them). */
  readonly ppv: number;
  /** BV of the own orders so far, fen (default PV × the PY's ratio). */
  readonly ppvBvFen?: number;
  readonly legs: readonly LegVolume[];
  /** Group PV of the same month last year (closed), null when there is none. */
  readonly lastYearGpv: number | null;
  readonly rules?: RuleTable;
}

export interface ProjectedMonth {
  /** 'pace': this month's PV so far ÷ days elapsed × days in month; 'lastYear': see monthProjection. */
  readonly basis: 'pace' | 'lastYear';
  /** What every volume so far was multiplied by (1: nothing was scaled). */
  readonly factor: number;
  /** The volumes added to the month so far to get there: fed to the estimate as extra PV. */
  readonly extraPpv: number;
  readonly extraLegPv: Readonly<Record<string, number>>;
  readonly gpv: number;
  readonly bracketPercent: number;
  readonly isQ: boolean;
  /** The market promotion service fee the projected month would pay, fen. */
  readonly promotionFen: number;
  /** The whole statement before tax, fen. */
  readonly pretaxFen: number;
  /** The tax the statement would withhold and what it would pay, fen (the estimate's tax rule). */
  readonly taxFen: number;
  readonly netFen: number;
  /** PV still needed to the next bracket from the projected group PV (0 at the top). */
  readonly pvForNextBracket: number;
  /** When the month's statement is paid (payment.ts). */
  readonly paidOn: DayKey;
}

export interface MonthProjection {
  readonly month: MonthKey;
  /** Days of the month so far, today included. */
  readonly daysElapsed: number;
  readonly daysInMonth: number;
  /** The month so far as the estimate works it out (the estimate page's "so far"). */
  readonly soFar: ProjectedMonth;
  /** Null on the first day (one day is no pace) and once the month is not today's. */
  readonly pace: ProjectedMonth | null;
  readonly lastYearGpv: number | null;
  readonly lastYear: ProjectedMonth | null;
}

/**
 * The extra volumes that take the month so far to `factor` times itself: own PV and each leg's
 * group PV each scaled and rounded on its own (half up), so the projection is exactly the
 * estimate of those volumes: the estimate page, given the same extra PV, shows the same figures.
 * (Rounding the legs down and giving the rest to own PV moved PV from the legs to the own orders,
 * and with it the fee: a few yuan a month.) A volume at or below zero (returns) is not scaled:
 * returns are not a pace.
 */
export function scaledVolumes(
  ppv: number,
  legs: readonly Pick<LegVolume, 'id' | 'gpv'>[],
  factor: number,
): { extraPpv: number; extraLegPv: Record<string, number> } {
  const more = (v: number) => (v > 0 ? Math.round(v * factor) - v : 0);
  const extraLegPv: Record<string, number> = {};
  for (const l of legs) {
    const add = more(l.gpv);
    if (add) extraLegPv[l.id] = add;
  }
  return { extraPpv: more(ppv), extraLegPv };
}

function projected(
  input: MonthProjectionInput,
  rules: RuleTable,
  basis: ProjectedMonth['basis'],
  factor: number,
  extra: { extraPpv: number; extraLegPv: Readonly<Record<string, number>> },
): ProjectedMonth {
  const est = estimateMonth({
    month: input.month,
    ppv: input.ppv,
    ...(input.ppvBvFen === undefined ? {} : { ppvBvFen: input.ppvBvFen }),
    legs: input.legs,
    ...extra,
    rules,
  });
  return { basis, factor, ...extra, ...figures(est.after), paidOn: paymentDateOf(input.month, rules) };
}

const figures = (a: EstimateSide) => ({
  gpv: a.gpv,
  bracketPercent: a.bracketPercent,
  isQ: a.isQ,
  promotionFen: a.promotionFen,
  pretaxFen: a.pretaxFen,
  taxFen: a.taxFen,
  netFen: a.netFen,
  pvForNextBracket: a.next.pvNeeded,
});

/**
 * End-of-month projection of the open month, two ways:
 * - pace: group PV so far ÷ days elapsed (today included) × days in the month: own PV and each
 *   leg's group PV scaled by that factor (scaledVolumes) and added as extra PV to the estimate,
 *   so the bracket, the legs reaching 21 %, the fees, the tax and the net follow the estimate's
 *   rules. None on the first day of the month. A month at or below zero so far (returns above
 *   the orders) projects what it has: scaling a negative month would project ever larger returns.
 * - lastYear: the same month last year ended at its group PV; the month is projected to end there
 *   too, but never below what it already has (months are stored as totals, so last year's pace
 *   within the month is not known). Volumes so far are scaled to it (what the rounding misses on
 *   own PV); with none so far, the rest is taken as own PV.
 * Zero PV so far projects zero at pace (bracket 0, no fee).
 */
export function monthProjection(input: MonthProjectionInput): MonthProjection {
  const rules = input.rules ?? rulesForMonth(input.month);
  const none: { extraPpv: number; extraLegPv: Readonly<Record<string, number>> } = { extraPpv: 0, extraLegPv: {} };
  const now = projected(input, rules, 'pace', 1, none);
  const dim = daysInMonth(input.month);
  const isToday = toMonthKey(input.today) === input.month;
  const daysElapsed = isToday ? dayOfMonth(input.today) : dim;
  let pace: ProjectedMonth | null = null;
  if (isToday && daysElapsed > 1) {
    const factor = dim / daysElapsed;
    pace = now.gpv > 0 ? projected(input, rules, 'pace', factor, scaledVolumes(input.ppv, input.legs, factor)) : now;
  }
  let lastYear: ProjectedMonth | null = null;
  if (input.lastYearGpv !== null && isToday) {
    const target = Math.max(input.lastYearGpv, now.gpv);
    // Lands on the target: what the rounding of each volume missed goes to own PV.
    const v = now.gpv > 0 ? scaledVolumes(input.ppv, input.legs, target / now.gpv) : none;
    const added = v.extraPpv + Object.values(v.extraLegPv).reduce((n, x) => n + x, 0);
    lastYear = projected(input, rules, 'lastYear', now.gpv > 0 ? target / now.gpv : 1, {
      ...v,
      extraPpv: v.extraPpv + target - now.gpv - added,
    });
  }
  return { month: input.month, daysElapsed, daysInMonth: dim, soFar: now, pace, lastYearGpv: input.lastYearGpv, lastYear };
}

// ---------------------------------------------------------------------------------------
// End of a period's month counts

/** One month of a period: its state and what it added to the count (0 when it did not count). */
export interface PaceMonth {
  readonly month: MonthKey;
  readonly state: MonthState;
  readonly value: number;
}

export interface CountProjection {
  /** Counted so far: the closed months and the open month so far. */
  readonly soFar: number;
  /** Counted in the closed months: the pace is theirs (the open month is provisional). */
  readonly closedSoFar: number;
  /** Closed months of the period. */
  readonly monthsElapsed: number;
  readonly monthsInPeriod: number;
  /** Months not closed yet (the open month included). */
  readonly monthsLeft: number;
  /** closedSoFar ÷ monthsElapsed. */
  readonly perMonth: number;
  /** closedSoFar + perMonth × monthsLeft, rounded down, at least soFar, at most cap. */
  readonly projected: number;
  /** The most the period can still reach (null: no bound known). */
  readonly cap: number | null;
  /** The period's last month ("by 31 Aug"). */
  readonly lastMonth: MonthKey;
}

/**
 * End-of-period projection of a month count at the pace of the closed months: what they counted
 * ÷ how many closed, times the period's months. Null before any month of the period has closed
 * (no pace yet) and once every month has closed (the count is final, not an estimate).
 * `maxPerMonth` bounds what a month can add (1 for a count of months; the frontline legs for FLQ
 * months).
 */
export function projectCount(months: readonly PaceMonth[], opts: { maxPerMonth?: number } = {}): CountProjection | null {
  const closed = months.filter((m) => m.state === 'closed');
  // Months before the history (noData) are neither a pace's closed months nor months left.
  const left = months.filter((m) => m.state === 'open' || m.state === 'future').length;
  if (!closed.length || left === 0) return null;
  const closedSoFar = closed.reduce((n, m) => n + m.value, 0);
  const soFar = months.reduce((n, m) => n + (countsSoFar(m.state) ? m.value : 0), 0);
  const perMonth = closedSoFar / closed.length;
  const cap = opts.maxPerMonth === undefined ? null : closedSoFar + opts.maxPerMonth * left;
  // The small epsilon keeps an exact pace (3 of 3 → 12 of 12) from rounding down by float error.
  let projected = Math.max(soFar, Math.floor(closedSoFar + perMonth * left + 1e-9));
  if (cap !== null) projected = Math.min(projected, cap);
  return {
    soFar,
    closedSoFar,
    monthsElapsed: closed.length,
    monthsInPeriod: months.length,
    monthsLeft: left,
    perMonth,
    projected,
    cap,
    lastMonth: months[months.length - 1]!.month,
  };
}

/** The last day of a month in words: 2026-08 → "2026年8月31日" / "31 Aug 2026". */
export function endOfMonthText(month: MonthKey): Text {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = daysInMonth(month);
  return text(dayLabel(y, m, d, true), dayLabel(y, m, d, false));
}

export interface CriterionProjection extends CountProjection {
  readonly required: number;
  /** The projected count meets the requirement. */
  readonly reaches: boolean;
  /** "At this pace: 6 of 8 FLQ months by 31 Aug 2026". */
  readonly text: Text;
}

/** Whether a criterion's trace sums its months (a one-month APV takes the best month: no pace). */
function sums(c: CriterionResult): boolean {
  let run = 0;
  for (const t of c.trace ?? []) {
    run += t.counted ? t.value : 0;
    if (Math.abs(t.cumulative - run) > 1e-6) return false;
  }
  return true;
}

/**
 * A plan criterion's end-of-period count at the pace of its closed months, or null where a pace
 * does not apply (pins, events, LDD legs, scores, a best single month), before any month closed
 * and once the period is over. Capped by what is still possible: one per month for a count of
 * months, the frontline legs per month for FLQ months, and below the requirement when the
 * engine already judged it out of reach.
 */
export function criterionProjection(c: CriterionResult, opts: { frontlineLegs?: number } = {}): CriterionProjection | null {
  const kind = CRITERION_KINDS[c.kind];
  if (!kind.paceable || (kind.measure !== 'months' && kind.measure !== 'volume') || !c.trace?.length || !sums(c)) return null;
  const maxPerMonth = kind.measure === 'months' ? 1 : c.kind === 'flqMonths' ? opts.frontlineLegs : undefined;
  const p = projectCount(
    c.trace.map((t) => ({ month: t.month, state: t.state, value: t.counted ? t.value : 0 })),
    maxPerMonth === undefined ? {} : { maxPerMonth },
  );
  if (!p) return null;
  const projected = c.status === 'outOfReach' ? Math.min(p.projected, Math.max(0, c.required - 1)) : p.projected;
  const by = endOfMonthText(p.lastMonth);
  const u = kind.unitForms;
  return {
    ...p,
    projected,
    required: c.required,
    reaches: projected >= c.required,
    // "6 of 8" while short; beyond the requirement the count and what is needed ("12 … (3 needed)").
    text:
      projected < c.required
        ? text(
            `按目前进度：${by.zh}前可达${num(projected)}/${num(c.required)}${u.zh.trim()}`,
            `At this pace: ${num(projected)} of ${num(c.required)} ${c.required === 1 ? u.one : u.many} by ${by.en}`,
          )
        : text(
            `按目前进度：${by.zh}前可达${num(projected)}${u.zh.trim()}（要求${num(c.required)}）`,
            `At this pace: ${num(projected)} ${projected === 1 ? u.one : u.many} by ${by.en} (${num(c.required)} needed)`,
          ),
  };
}
