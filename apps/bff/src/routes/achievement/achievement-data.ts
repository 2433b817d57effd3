// Shared reads and pure derivations behind the /bff/v1/achievement/* calls.
import type { AchCondition, AchMonth, AchPinRequirement } from '@abo/contract';
import {
  PIN_CODES,
  PLANS,
  addMonths,
  explainPins,
  pinName,
  pyMonths,
  pyOf,
  rulesFor,
  type MonthCondition,
  type PinExplanation,
  type PinMonthInput,
  type PyName,
  type RuleTable,
} from '@abo/plan';
import type { DB } from '../../db/index.ts';
import type { MonthlyResultsTable } from '../../db/schema.ts';

export const rulesOf = (py: PyName): RuleTable => rulesFor(py, { fallback: 'nearest' });

export type MonthRow = Pick<
  MonthlyResultsTable,
  'month' | 'ppv' | 'gpv' | 'pgpv' | 'bv_fen' | 'bracket' | 'is_q' | 'q_legs' | 'apv' | 'is_sp' | 'new_customers' | 'compliant'
>;

export const MONTH_COLUMNS = [
  'month',
  'ppv',
  'gpv',
  'pgpv',
  'bv_fen',
  'bracket',
  'is_q',
  'q_legs',
  'apv',
  'is_sp',
  'new_customers',
  'compliant',
] as const;

/** A stored month as the contract shows it; months before `current` are closed. */
export function toAchMonth(r: MonthRow, current: string): AchMonth {
  return {
    month: r.month,
    closed: r.month < current,
    ppv: Number(r.ppv),
    bvFen: Number(r.bv_fen),
    gpv: Number(r.gpv),
    pgpv: Number(r.pgpv),
    apv: Number(r.apv),
    bracket: Number(r.bracket),
    isQ: r.is_q === 1,
    qLegs: Number(r.q_legs),
    isSp: r.is_sp === 1,
    newCustomers: Number(r.new_customers),
    compliant: r.compliant === 1,
  };
}

/** An empty month (no orders yet): shown as zeros so charts keep every month. */
export function emptyMonth(month: string, current: string): AchMonth {
  return {
    month,
    closed: month < current,
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

export async function loadMonths(db: DB, ada: string, from: string, to: string): Promise<MonthRow[]> {
  return db
    .selectFrom('monthly_results')
    .select([...MONTH_COLUMNS])
    .where('ada', '=', ada)
    .where('month', '>=', from)
    .where('month', '<=', to)
    .orderBy('month')
    .execute();
}

/** Every listed month, filled with zeros where nothing is stored. */
export function fillMonths(rows: readonly MonthRow[], months: readonly string[], current: string): AchMonth[] {
  const by = new Map(rows.map((r) => [r.month, r]));
  return months.map((m) => {
    const r = by.get(m);
    return r ? toAchMonth(r, current) : emptyMonth(m, current);
  });
}

/** Frontline legs that were Q, per closed month from `from` on. */
export async function frontlineQByMonth(db: DB, ada: string, from: string, before: string): Promise<Map<string, string[]>> {
  const rows = await db
    .selectFrom('distributors as l')
    .innerJoin('monthly_results as m', 'm.ada', 'l.ada')
    .select(['m.month', 'm.ada'])
    .where('l.sponsor_ada', '=', ada)
    .where('m.is_q', '=', 1)
    .where('m.month', '>=', from)
    .where('m.month', '<', before)
    .execute();
  const out = new Map<string, string[]>();
  for (const r of rows) {
    const list = out.get(r.month);
    if (list) list.push(r.ada);
    else out.set(r.month, [r.ada]);
  }
  return out;
}

export interface PinCountersView {
  spMonths: number;
  maxSpRun: number;
  sideVolumeMonths: number;
  qualifiedLegs: number;
  bestPgpv: number;
}

/** The pin counters of one PY from its closed months (the same rules explainPins applies). */
export function pyCounters(closed: readonly AchMonth[], legsQ: Map<string, string[]>, rules: RuleTable): PinCountersView {
  let sp = 0;
  let run = 0;
  let best = 0;
  let side = 0;
  let bestPgpv = 0;
  let prev: string | null = null;
  const legMonths = new Map<string, number>();
  for (const m of closed) {
    if (prev !== null && addMonths(prev, 1) !== m.month) run = 0;
    prev = m.month;
    if (m.isSp) {
      sp++;
      run++;
      best = Math.max(best, run);
    } else run = 0;
    if (m.apv >= rules.pins.sapphireSideVolumePv) side++;
    bestPgpv = Math.max(bestPgpv, m.pgpv);
    for (const leg of legsQ.get(m.month) ?? []) legMonths.set(leg, (legMonths.get(leg) ?? 0) + 1);
  }
  let qualified = 0;
  for (const n of legMonths.values()) if (n >= rules.pins.legQMonths) qualified++;
  return { spMonths: sp, maxSpRun: best, sideVolumeMonths: side, qualifiedLegs: qualified, bestPgpv };
}

const T = (zh: string, en: string) => ({ zh, en });

/** What each pin asks for, as conditions measured against this PY's counters. */
export function pinRequirements(c: PinCountersView, rules: RuleTable, currentPin: number): AchPinRequirement[] {
  const p = rules.pins;
  const cond = (key: string, label: { zh: string; en: string }, required: number, achieved: number): AchCondition => ({
    key,
    label,
    required,
    achieved,
    met: achieved >= required,
  });
  const sp = (n: number) => cond('spMonths', T('本年度 SP 月', 'SP months this PY'), n, c.spMonths);
  const legs = (n: number) =>
    cond('qualifiedLegs', T(`一线 Q 线（各 Q ≥ ${p.legQMonths} 个月）`, `Frontline legs Q ≥ ${p.legQMonths} months`), n, c.qualifiedLegs);
  const side = cond(
    'sideVolumeMonths',
    T(`APV ≥ ${p.sapphireSideVolumePv} 的月份`, `Months with APV ≥ ${p.sapphireSideVolumePv}`),
    p.sapphireSideVolumeMonths,
    c.sideVolumeMonths,
  );
  const founders = sp(p.foundersSpMonths);
  const byPin: Record<number, AchCondition[]> = {
    310: [sp(1)],
    320: [sp(p.goldSpMonths)],
    330: [sp(p.platinumSpMonths), cond('maxSpRun', T('连续 SP 月', 'Consecutive SP months'), p.platinumConsecutive, c.maxSpRun)],
    340: [cond('bestPgpv', T('单月最高个人小组 PV', 'Best month personal-group PV'), p.rubyPgpv, c.bestPgpv)],
    342: [founders],
    365: [legs(p.sapphireLegs), side],
    367: [legs(p.sapphireLegs), side, founders],
    370: [legs(p.emeraldLegs)],
    375: [legs(p.emeraldLegs), founders],
    380: [legs(p.diamondLegs)],
    385: [legs(p.diamondLegs), founders],
    390: [legs(p.executiveDiamondLegs)],
    395: [legs(p.executiveDiamondLegs), founders],
    400: [legs(p.doubleDiamondLegs)],
  };
  const out: AchPinRequirement[] = [];
  for (const code of PIN_CODES) {
    const conditions = byPin[code];
    if (!conditions) continue;
    out.push({
      pinCode: code,
      name: pinName(code),
      rule: ruleWords(code, conditions),
      above: code > currentPin,
      conditions,
      met: conditions.every((x) => x.met),
    });
  }
  return out;
}

function ruleWords(code: number, conditions: readonly AchCondition[]): { zh: string; en: string } {
  void code;
  return {
    zh: conditions.map((c) => `${c.label.zh}：${c.required.toLocaleString('en-US')}`).join('；'),
    en: conditions.map((c) => `${c.label.en}: ${c.required.toLocaleString('en-US')}`).join('; '),
  };
}

/** Replays the closed months with the engine, for the pin's evidence and history. */
export function explainHistory(closed: readonly AchMonth[], legsQ: Map<string, string[]>): PinExplanation {
  const input: PinMonthInput[] = closed.map((m) => ({
    month: m.month,
    isSp: m.isSp,
    apv: m.apv,
    pgpv: m.pgpv,
    legs: (legsQ.get(m.month) ?? []).map((id) => ({ id, isQ: true })),
  }));
  return explainPins(input, { rules: rulesOf });
}

/** The marketing-star month condition and the annual plan of the PY (nearest PY with one). */
export function marketingStarPlan(py: PyName): {
  code: string;
  name: { zh: string; en: string };
  condition: { ppv: number; newCustomers: number };
  starMonths: number;
  customers: number;
} {
  const annual = PLANS.filter((p) => p.code.startsWith('MKTSTAR_ANNUAL_'))
    .slice()
    .sort((a, b) => (a.py < b.py ? 1 : -1));
  const plan = annual.find((p) => p.py === py) ?? annual.find((p) => p.py <= py) ?? annual[annual.length - 1];
  let condition: MonthCondition = { ppv: 1000, newCustomers: 2 };
  let starMonths = 8;
  let customers = 30;
  for (const c of plan?.criteria ?? []) {
    if (c.kind === 'monthsMeeting') {
      condition = c.condition;
      starMonths = c.min;
    } else if (c.kind === 'customers') customers = c.min;
  }
  return {
    code: plan?.code ?? 'MKTSTAR_ANNUAL',
    name: plan?.name ?? T('年度营销之星', 'Annual marketing star'),
    condition: { ppv: condition.ppv ?? 0, newCustomers: condition.newCustomers ?? 0 },
    starMonths,
    customers,
  };
}

export function pyMonthList(py: PyName): string[] {
  return pyMonths(py);
}

export { pyOf };

/**
 * A small in-process cache for answers that scan many rows (a downline range, a whole month).
 * A closed month never changes, so its answers live until evicted; anything touching the
 * month-to-date is kept for `openTtlMs` only. Oldest entries go first beyond `max`.
 */
export function createScanCache(max = 2000, openTtlMs = 60_000) {
  const entries = new Map<string, { expires: number; value: Promise<unknown> }>();
  return {
    get<T>(key: string, closed: boolean, load: () => Promise<T>): Promise<T> {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.expires > now) return hit.value as Promise<T>;
      const value = load();
      entries.delete(key);
      entries.set(key, { expires: closed ? Number.POSITIVE_INFINITY : now + openTtlMs, value });
      value.catch(() => entries.delete(key));
      while (entries.size > max) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      return value;
    },
  };
}
