// The answers of the recognition pages (recognition-routes.ts): the month's outstanding
// performers, its stars and the star detail of this PY. Pure: no database, no request.
import { maskPrivacy, type AchGloryData, type AchOutstandingData, type AchStarDetailData } from '@abo/contract';
import {
  evaluateCriterion,
  marketingStarRule,
  monthMeets,
  monthStateOf,
  pinName,
  planByCode,
  pyMonths,
  remainingMonths,
  summarizeHistory,
  type Criterion,
} from '@abo/plan';
import type { Person } from '../../db/distributors.ts';
import type { MonthlyResult } from '../../db/monthly-results.ts';
import type { NameViewer } from '../../lib/name-policy.ts';
import { fillMonths, type Clock } from './achievement-data.ts';
import type { Performer, Star } from './achievement-queries.ts';
import { nameOf } from './achievement-presenter.ts';

export function outstandingData(
  at: { month: string; current: string; by: 'ppv' | 'apv'; availableMonths: string[] },
  d: Person,
  rows: readonly Performer[],
  viewer: NameViewer,
): AchOutstandingData {
  return {
    month: at.month,
    state: monthStateOf(at.month, at.current),
    by: at.by,
    availableMonths: at.availableMonths,
    downlineCount: Math.max(0, d.tree_size - 1),
    performers: rows.map((x, i) => ({
      rank: i + 1,
      maskedAda: maskPrivacy(x.ada),
      maskedName: nameOf(viewer, x),
      depth: x.depth - d.depth,
      pinCode: x.pinCode,
      pinName: pinName(x.pinCode),
      ppv: x.ppv,
      apv: x.apv,
      bracket: x.bracket,
      isQ: x.isQ,
      newCustomers: x.newCustomers,
    })),
  };
}

/** The month's stars (the best 50, names as this viewer may see them) and where the viewer stands. */
export function starsData(
  at: { month: string; availableMonths: string[]; ada: string },
  condition: AchGloryData['condition'],
  all: readonly Star[],
  viewer: NameViewer,
): AchGloryData {
  const idx = all.findIndex((x) => x.ada === at.ada);
  return {
    month: at.month,
    availableMonths: at.availableMonths,
    condition,
    total: all.length,
    stars: all.slice(0, 50).map((x, i) => ({
      rank: i + 1,
      maskedAda: maskPrivacy(x.ada),
      maskedName: nameOf(viewer, x),
      ppv: x.ppv,
      newCustomers: x.newCustomers,
      isMe: x.ada === at.ada,
    })),
    me: { qualified: idx >= 0, rank: idx >= 0 ? idx + 1 : null },
  };
}

/** This PY's star months and customers against the annual marketing-star award. */
export function starDetailData(
  clock: Clock,
  list: readonly string[],
  results: readonly MonthlyResult[],
  historyStart: string | null,
): AchStarDetailData {
  const plan = marketingStarRule(clock.py);
  const months = fillMonths(results, list, clock.month, historyStart).map((x) => ({
    month: x.month,
    state: x.state,
    ppv: x.ppv,
    newCustomers: x.newCustomers,
    star: monthMeets(x, plan.starMonth),
  }));
  // The annual plan's own criteria judged by the engine over this PY: the closed months and this
  // month so far, as the plan's page counts them.
  const summary = summarizeHistory(
    { months: results, ...(historyStart ? { firstMonth: historyStart } : {}) },
    pyMonths(clock.py),
    clock.today,
  );
  const achieved = (kind: Criterion['kind']) => {
    const c = planByCode(plan.code)?.criteria.find((x) => x.kind === kind);
    return c ? evaluateCriterion(c, summary, false).achieved : 0;
  };
  return {
    py: clock.py,
    condition: plan.condition,
    annual: { code: plan.code, name: plan.name, starMonthsRequired: plan.starMonths, customersRequired: plan.customers },
    starMonths: achieved('monthsMeeting'),
    customers: achieved('customers'),
    remainingMonths: remainingMonths(clock.py, clock.today).length,
    months,
  };
}
