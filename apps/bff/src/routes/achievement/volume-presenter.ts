// The answers of the volume pages (volume-routes.ts): how a month's APV is composed, the whole
// market and the downline abroad. Pure: no database, no request.
import { maskPrivacy, type AchCompositionData, type AchMonth, type AchOverallMarketData, type AchOverseaData } from '@abo/contract';
import { monthStateOf } from '@abo/plan';
import type { Person } from '../../db/distributors.ts';
import type { MonthlyResult } from '../../db/monthly-results.ts';
import type { NameViewer } from '../../lib/name-policy.ts';
import { emptyMonth } from './achievement-data.ts';
import type { DownlineAbroad, LegOfMonth } from './achievement-queries.ts';
import { nameOf } from './achievement-presenter.ts';

/** Frontline legs listed one by one on the composition page; the rest are summed. */
const LISTED_LEGS = 30;

/**
 * APV composed of own PV and the frontline legs that are not 21 % legs (a 21 % leg, as the
 * close marked it, breaks away with its volume).
 */
export function compositionData(
  at: { month: string; current: string; availableMonths: string[]; historyStart: string | null },
  own: MonthlyResult | undefined,
  legs: readonly LegOfMonth[],
  viewer: NameViewer,
): AchCompositionData {
  const all = legs.map(({ person, result }) => {
    const isQ = result.isQ;
    return {
      maskedAda: maskPrivacy(person.ada),
      maskedName: nameOf(viewer, person),
      pgpv: result.pgpv,
      gpv: result.gpv,
      bracket: result.bracket,
      isQ,
      counted: !isQ,
    };
  });
  const rest = all.slice(LISTED_LEGS);
  return {
    month: at.month,
    state: own ? monthStateOf(at.month, at.current) : emptyMonth(at.month, at.current, at.historyStart).state,
    availableMonths: at.availableMonths,
    ppv: own?.ppv ?? 0,
    apv: own?.apv ?? 0,
    gpv: own?.gpv ?? 0,
    legsCounted: all.filter((l) => l.counted).length,
    qLegsPv: all.filter((l) => l.isQ).reduce((s, l) => s + l.gpv, 0),
    legs: all.slice(0, LISTED_LEGS),
    otherLegs: { count: rest.length, pgpv: rest.filter((l) => l.counted).reduce((s, l) => s + l.gpv, 0) },
  };
}

/** The whole market from the leader's own months (their GPV already is the downline's volume). */
export function overallMarketData(d: Person, current: string, months: readonly AchMonth[], frontlineCount: number): AchOverallMarketData {
  return {
    month: current,
    downlineCount: Math.max(0, d.tree_size - 1),
    frontlineCount,
    months: months.map((x) => ({
      month: x.month,
      state: x.state,
      gpv: x.gpv,
      apv: x.apv,
      ppv: x.ppv,
      qLegsPv: Math.max(0, x.gpv - x.pgpv),
      qLegs: x.qLegs,
    })),
  };
}

export function overseaData(
  d: Person,
  current: string,
  list: readonly string[],
  abroad: DownlineAbroad,
  historyStart: string | null,
): AchOverseaData {
  const pvByMarket = new Map<string, number>();
  const perMonth = new Map<string, { pv: number; active: number }>();
  for (const row of abroad.byMonth) {
    pvByMarket.set(row.market, (pvByMarket.get(row.market) ?? 0) + row.pv);
    const cur = perMonth.get(row.month) ?? { pv: 0, active: 0 };
    cur.pv += row.pv;
    cur.active += row.active;
    perMonth.set(row.month, cur);
  }
  const markets = abroad.markets
    .map((x) => ({ market: x.market, distributors: x.distributors, pv: pvByMarket.get(x.market) ?? 0 }))
    .sort((a, b) => b.pv - a.pv || a.market.localeCompare(b.market));
  const months = list.map((m) => ({
    month: m,
    // Their downline has no figures before their own history starts either.
    state: monthStateOf(m, current, historyStart ?? current),
    pv: perMonth.get(m)?.pv ?? 0,
    active: perMonth.get(m)?.active ?? 0,
  }));
  return {
    month: current,
    markets,
    months,
    totalPv: months.reduce((s, x) => s + x.pv, 0),
    downlineCount: Math.max(0, d.tree_size - 1),
    overseaCount: markets.reduce((s, x) => s + x.distributors, 0),
  };
}
