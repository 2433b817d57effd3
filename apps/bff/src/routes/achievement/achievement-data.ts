// The engine step behind the /bff/v1/achievement/* calls: today's month, the months a page may
// ask for, stored months as the pages count them, the pin replayed over the closed months, this
// PY's counters, requirements and qualification. No database, no request.
import type { AchMonth } from '@abo/contract';
import {
  addMonths,
  closedMonths,
  countsSoFar,
  explainPins,
  monthStateOf,
  pinCountersOf,
  pinOutlook,
  pinRequirements,
  pyOf,
  pyQualification,
  qualifiedPinRises,
  rulesFor,
  toMonthKey,
  PIN,
  type PinCode,
  type PinExplanation,
  type PinMonthInput,
  type PyName,
  type RuleTable,
} from '@abo/plan';
import type { Person } from '../../db/distributors.ts';
import type { MonthlyResult } from '../../db/monthly-results.ts';
import type { UserSettings } from '../../db/user-settings.ts';
import { badRequest } from '../../lib/app-error.ts';

export const rulesOf = (py: PyName): RuleTable => rulesFor(py, { fallback: 'nearest' });

/** Today on the business calendar: the date, its month (month-to-date) and its PY. */
export interface Clock {
  today: Date;
  month: string;
  py: PyName;
}

export function clockOf(today: Date): Clock {
  return { today, month: toMonthKey(today), py: pyOf(today) };
}

/** A stored month as the contract shows it; months before `current` are closed. */
export function toAchMonth(r: MonthlyResult, current: string): AchMonth {
  return {
    month: r.month,
    state: monthStateOf(r.month, current),
    ppv: r.ppv,
    bvFen: r.bvFen,
    gpv: r.gpv,
    pgpv: r.pgpv,
    apv: r.apv,
    bracket: r.bracket,
    isQ: r.isQ,
    qLegs: r.qLegs,
    isSp: r.isSp,
    newCustomers: r.newCustomers,
    compliant: r.compliant,
    ...(r.qualificationCredits ? { qualificationCredits: r.qualificationCredits } : {}),
  };
}

/**
 * A month with nothing stored: zeros so charts keep every month, and noData when it precedes the
 * distributor's history (db/history-start.ts), so no page reads it as a closed month with 0 PV.
 */
export function emptyMonth(month: string, current: string, historyStart: string | null = null): AchMonth {
  return {
    month,
    state: monthStateOf(month, current, historyStart ?? current),
    ppv: 0,
    bvFen: 0,
    gpv: 0,
    pgpv: 0,
    apv: 0,
    bracket: 0,
    isQ: false,
    qLegs: 0,
    isSp: false,
    newCustomers: 0,
    compliant: false,
  };
}

/** `count` consecutive months ending with `last`, oldest first. */
export function monthsEnding(last: string, count: number): string[] {
  const out: string[] = [];
  for (let i = count - 1; i >= 0; i--) out.push(addMonths(last, -i));
  return out;
}

/** The month a page asks for (else `fallback`), one of the last 12 months (newest first), or a bad request. */
export function pickMonth(requested: string | undefined, fallback: string, current: string): { m: string; available: string[] } {
  const available = monthsEnding(current, 12).reverse();
  const m = requested ?? fallback;
  if (!available.includes(m)) throw badRequest(`Month ${m} is outside the last 12 months`);
  return { m, available };
}

/** Every listed month, filled where nothing is stored (emptyMonth: no data before the history). */
export function fillMonths(
  results: readonly MonthlyResult[],
  months: readonly string[],
  current: string,
  historyStart: string | null,
): AchMonth[] {
  const by = new Map(results.map((r) => [r.month, r]));
  return months.map((m) => {
    const r = by.get(m);
    return r ? toAchMonth(r, current) : emptyMonth(m, current, historyStart);
  });
}

/** Closed months and their frontline Q legs as the engine's pin rules read them. */
export function pinMonthsOf(closed: readonly AchMonth[], legsQ: ReadonlyMap<string, readonly string[]>): PinMonthInput[] {
  return closed.map((m) => ({
    month: m.month,
    isSp: m.isSp,
    apv: m.apv,
    pgpv: m.pgpv,
    legs: (legsQ.get(m.month) ?? []).map((id) => ({ id, isQ: true })),
    ...(m.qualificationCredits ? { qualificationCredits: m.qualificationCredits } : {}),
  }));
}

/** The months before today's with the engine's replay of the pin over them. */
export interface ClosedHistory {
  closed: AchMonth[];
  /** The first month with figures (db/history-start.ts); null: none stored yet. */
  historyStart: string | null;
  /** Frontline legs that were Q, per closed month. */
  legsQ: Map<string, string[]>;
  explained: PinExplanation;
}

export function closedHistoryOf(
  results: readonly MonthlyResult[],
  legsQ: Map<string, string[]>,
  current: string,
  historyStart: string | null,
  pinHeld: number | null = null,
): ClosedHistory {
  const closed = results.map((r) => toAchMonth(r, current));
  // Replayed from the pin held before the history (distributors.pin_held), as the close does: no rise at or below it.
  const initialPin = pinHeld === null ? {} : { initialPin: pinHeld as PinCode };
  return { closed, historyStart, legsQ, explained: explainPins(pinMonthsOf(closed, legsQ), { rules: rulesOf, ...initialPin }) };
}

/** Pin state of one distributor: stored pin, the engine's explanation, this PY's counters. */
export function rankStateOf(
  d: Person,
  clock: Clock,
  history: ClosedHistory,
  current: MonthlyResult | undefined,
  settings: UserSettings | undefined,
  frontlineLegs: number,
) {
  const { today, month, py } = clock;
  const { legsQ, explained } = history;
  const months = current ? [...history.closed, toAchMonth(current, month)] : history.closed;
  const pinCode = Math.max(d.pin_code, explained.pinCode);
  const pyClosed = closedMonths(py, today);
  const pyAll = new Set([...pyClosed, month]);
  const pyRows = months.filter((m) => pyAll.has(m.month));
  // The counters read the months the judge below and the plans read: the closed ones and this
  // month so far (countsSoFar), so a condition's figure and its status never disagree. The pin
  // itself still rises only at a close (explainPins above replays the closed months alone).
  const counters = pinCountersOf(
    pinMonthsOf(
      pyRows.filter((m) => countsSoFar(m.state)),
      legsQ,
    ),
    { rules: rulesOf },
  );
  // Each condition's status and reason come from the engine's pin judge (the plans use the same).
  const outlook = pinOutlook(
    {
      months: pyRows.map((m) => ({ ...m, legs: (legsQ.get(m.month) ?? []).map((id) => ({ id, isQ: true })) })),
      initialPin: pinCode,
      frontlineLegs,
      ...(history.historyStart ? { firstMonth: history.historyStart } : {}),
    },
    today,
  );
  const requirements = pinRequirements(counters, rulesOf(py), pinCode).map((step) => {
    const judged = outlook.find((o) => o.pin === step.pinCode)?.conditions ?? [];
    return {
      ...step,
      conditions: step.conditions.map((c) => {
        const o = judged.find((j) => j.counter === c.key);
        return { ...c, status: o?.status ?? (c.met ? 'met' : 'atRisk'), reason: o?.reason ?? null };
      }),
    };
  });
  const pinMonth = explained.pinCode === pinCode && explained.month ? explained.month : d.pin_month;
  // The pin shown was held before the history and not reached inside it: held since before its first month.
  const pinHeldBefore =
    pinMonth === null && d.pin_held !== null && d.pin_held > PIN.MEMBER && pinCode === d.pin_held ? (history.historyStart ?? month) : null;
  // What this PY qualifies for (the plans' pin criteria and the annual bonuses ask for it), apart
  // from the pin held: on the closed months, and with this month so far.
  const qualification = pyQualification(pinMonthsOf(history.closed, legsQ), py, { rules: rulesOf });
  const soFar = qualifiedPinRises(
    pinMonthsOf(
      pyRows.filter((m) => countsSoFar(m.state)),
      legsQ,
    ),
    py,
    rulesOf,
  ).rises.reduce<number>((pin, r) => Math.max(pin, r.pinCode), qualification.pinCode);
  const qualified = {
    py,
    pinCode: qualification.pinCode,
    name: qualification.name,
    month: qualification.month,
    soFarPinCode: soFar,
    qMonths: qualification.qMonths,
    q12: qualification.q12,
  };
  // The PY's lived months as the page lists them: the months before the history as no data.
  const byMonth = new Map(pyRows.map((m) => [m.month, m]));
  const pyLived = [...pyClosed, month].map((m) => byMonth.get(m) ?? emptyMonth(m, month, history.historyStart));
  return {
    d,
    ...clock,
    months,
    historyStart: history.historyStart,
    explained,
    pinCode,
    pinMonth,
    pinHeldBefore,
    pyRows,
    pyLived,
    pyClosed,
    counters,
    requirements,
    qualified,
    settings,
  };
}

export type RankState = ReturnType<typeof rankStateOf>;
