// Plan evaluator: one distributor's history → per-criterion required / achieved / met, the
// month-by-month trace, and for an open period the status and the gap per remaining month.
// Statuses follow one pace model (README, Incentive plans): what the remaining months can still add (the
// capacity: open months, frontline legs × months, events still to come, the pin ladder) decides
// whether a target is out of reach (and why) and whether it has slack; pro-rata pace decides
// on track or at risk.
// Cheap by design: the history is summarised once per period into small typed arrays and
// every plan reads that summary; `detail: false` skips traces and texts for bulk runs.
import { pyMonths, pyOf, type DateLike } from '../calendar.ts';
import { pinLadder, type PinCondition } from '../pins.ts';
import type { Text } from '../text.ts';
import type {
  Criterion,
  CriterionResult,
  EvaluateOptions,
  LevelResult,
  PlanDef,
  PlanHistory,
  PlanResult,
  Status,
  StatusReason,
} from './types.ts';
import { planMonths, type HistorySummary, summarizeHistory } from './history-summary.ts';
import { pinCondition, pinConditionMetSoFar, pinWhy } from './pin-judge.ts';
import { reasonText } from './reason-catalogue.ts';
import { evaluateCriterion, RANK } from './criterion-status.ts';
import { MET_SO_FAR } from './gap-catalogue.ts';

// ---------------------------------------------------------------------------------------
// Plans

function evaluateAll(list: readonly Criterion[], s: HistorySummary, detail: boolean): CriterionResult[] {
  const out: CriterionResult[] = [];
  // Without detail only the first out-of-reach criterion gets its reason: the one worstOf takes.
  let reason = true;
  for (const c of list) {
    const r = evaluateCriterion(c, s, detail, reason);
    if (r.status === 'outOfReach') reason = false;
    out.push(r);
  }
  return out;
}

/** A status with the reason that goes with it (out of reach only). */
interface Verdict {
  readonly status: Status;
  readonly reason?: StatusReason | undefined;
}

/** The worst status of the list (from `a` on); the first criterion with it gives the reason. */
function worstOf(a: Verdict, list: readonly CriterionResult[]): Verdict {
  let w = a;
  for (const c of list) if (RANK[c.status] < RANK[w.status]) w = { status: c.status, reason: c.reason };
  return w;
}

function evaluateWith(plan: PlanDef, s: HistorySummary, opts: EvaluateOptions): PlanResult {
  const detail = opts.detail ?? true;
  const criteria = evaluateAll(plan.criteria, s, detail);
  const base = worstOf({ status: 'met' }, criteria);
  let verdict = base;
  let levels: LevelResult[] | undefined;
  let achievedLevel: string | null | undefined;
  if (plan.levels) {
    levels = [];
    for (const l of plan.levels.list) {
      const cr = evaluateAll(l.criteria, s, detail);
      const st = worstOf(base, cr);
      levels.push({
        code: l.code,
        name: l.name,
        status: st.status,
        ...(st.reason ? { reason: st.reason } : {}),
        met: st.status === 'met',
        ...(l.rewardFen !== undefined ? { rewardFen: l.rewardFen } : {}),
        criteria: cr,
      });
    }
    // Best level by status (first wins ties, i.e. the lowest tier / first track).
    let best: LevelResult | undefined;
    for (const l of levels) if (!best || RANK[l.status] > RANK[best.status]) best = l;
    if (plan.levels.mode === 'tiers') {
      achievedLevel = null;
      for (const l of levels) if (l.met) achievedLevel = l.code;
      // Met once the lowest tier is met; otherwise judged by the best tier still in reach.
      if (plan.levels.required && best) verdict = best;
    } else {
      let pick = best;
      if (opts.track !== undefined) {
        for (const l of levels) if (l.code === opts.track) pick = l;
      }
      achievedLevel = pick && pick.met ? pick.code : null;
      if (plan.levels.required && pick) verdict = pick;
    }
  }
  const result: { -readonly [K in keyof PlanResult]: PlanResult[K] } = {
    code: plan.code,
    py: plan.py,
    type: plan.type,
    name: plan.name,
    status: verdict.status,
    met: verdict.status === 'met',
    periodState: s.periodState,
    months: s.months,
    remainingMonths: s.remaining,
    criteria,
  };
  if (s.historyStart !== undefined) result.historyStart = s.historyStart;
  if (verdict.reason) result.reason = verdict.reason;
  if (levels) {
    result.levels = levels;
    result.achievedLevel = achievedLevel ?? null;
  }
  return result;
}

/** Evaluates one plan for one distributor. */
export function evaluatePlan(plan: PlanDef, history: PlanHistory, opts: EvaluateOptions = {}): PlanResult {
  return evaluateWith(plan, summarizeHistory(history, planMonths(plan), opts.today), opts);
}

/** Evaluates many plans for one distributor, summarising the history once per period. */
export function evaluatePlans(plans: readonly PlanDef[], history: PlanHistory, opts: EvaluateOptions = {}): PlanResult[] {
  const cache = new Map<string, HistorySummary>();
  const out: PlanResult[] = [];
  for (const plan of plans) {
    const key = `${plan.py}:${plan.years ?? 1}`;
    let s = cache.get(key);
    if (!s) cache.set(key, (s = summarizeHistory(history, planMonths(plan), opts.today)));
    out.push(evaluateWith(plan, s, opts));
  }
  return out;
}

/** Where one condition of a pin stands this PY, by the same judge as the plans' pin criteria. */
export interface PinConditionOutlook {
  readonly counter: PinCondition['counter'];
  readonly status: Exclude<Status, 'missed'>;
  /** Why it cannot be met, when out of reach; "met so far" when only the open month reaches it. */
  readonly reason: Text | null;
}

/**
 * Each ladder pin's conditions judged over the PY of `today` (the rank pages' requirements):
 * met, on track, at risk, or out of reach with the reason. Counters restart each September,
 * so a condition the PY can no longer hold is out of reach until then.
 */
export function pinOutlook(history: PlanHistory, today: DateLike): { pin: number; conditions: PinConditionOutlook[] }[] {
  const s = summarizeHistory(history, pyMonths(pyOf(today)), today);
  return pinLadder(s.rules).map((step) => ({
    pin: step.pin,
    conditions: step.conditions.map((c) => {
      const st = pinCondition(s, 0, c);
      return {
        counter: c.counter,
        status: st === 'out' ? 'outOfReach' : st,
        reason:
          st === 'out'
            ? reasonText({ code: 'pinNotReachable', params: pinWhy(s, 0, step.pin, c) })
            : pinConditionMetSoFar(s, 0, c)
              ? MET_SO_FAR
              : null,
      };
    }),
  }));
}
