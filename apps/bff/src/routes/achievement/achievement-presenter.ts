// The answers of the /bff/v1/achievement/* calls, shaped from what the queries loaded and the
// plan engine worked out. Pure: no database, no request.
import {
  maskPrivacy,
  type AchCompositionData,
  type AchEstimateData,
  type AchEstimateSide,
  type AchGloryData,
  type AchMonth,
  type AchMonthsData,
  type AchOutstandingData,
  type AchOverallMarketData,
  type AchOverseaData,
  type AchOverviewData,
  type AchRankData,
  type AchShopData,
  type AchStarDetailData,
  type AchTargetData,
  type AchTopupData,
  type LocalText,
} from '@abo/contract';
import {
  daysLeftInMonth,
  evaluateCriterion,
  legHeadOf,
  marketingStarRule,
  monthMeets,
  monthStateOf,
  nextBracket,
  pinName,
  planByCode,
  ppvNeededForSp,
  pyMonths,
  remainingMonths,
  summarizeHistory,
  type Criterion,
  type Estimate,
  type EstimateSide,
  type MonthProjection,
  type RuleTable,
} from '@abo/plan';
import type { Person } from '../../db/distributors.ts';
import { legVolumeOf, type MonthlyResult } from '../../db/monthly-results.ts';
import type { UserSettings } from '../../db/user-settings.ts';
import { nameTextFor, type NameViewer } from '../../lib/name-policy.ts';
import { emptyMonth, fillMonths, monthsEnding, toAchMonth, type Clock, type RankState } from './achievement-data.ts';
import type { DownlineAbroad, LegOfMonth, Performer, Shop, Star } from './achievement-queries.ts';

/** Frontline legs listed one by one on the composition page; the rest are summed. */
const LISTED_LEGS = 30;

/** A person's names as this viewer may see them (name-policy.ts), for English pages too. */
function nameOf(viewer: NameViewer, row: { ada: string; sponsor_ada: string | null; name_zh: string; name_en: string }): LocalText {
  return nameTextFor(viewer, { ada: row.ada, sponsorAda: row.sponsor_ada, nameZh: row.name_zh, nameEn: row.name_en });
}

export function overviewData(s: RankState, viewer: NameViewer): AchOverviewData {
  const last12 = monthsEnding(s.month, 12);
  const by = new Map(s.months.filter((m) => m.month >= last12[0]!).map((m) => [m.month, m]));
  return {
    maskedAda: maskPrivacy(s.d.ada),
    fullName: nameOf(viewer, s.d).zh,
    pinCode: s.pinCode,
    pinName: pinName(s.pinCode),
    pinMonth: s.pinMonth,
    pinHeldBefore: s.pinHeldBefore,
    py: s.py,
    month: s.month,
    current: by.get(s.month) ?? null,
    nextPin: s.requirements.find((p) => p.above) ?? null,
    targetPin: s.settings?.targetPin ?? null,
    remainingMonths: remainingMonths(s.py, s.today).length,
    months: last12.map((m) => by.get(m) ?? emptyMonth(m, s.month, s.historyStart)),
  };
}

export function rankData(s: RankState): AchRankData {
  const targetPin = s.settings?.targetPin ?? null;
  return {
    pinCode: s.pinCode,
    pinName: pinName(s.pinCode),
    pinMonth: s.pinMonth,
    pinHeldBefore: s.pinHeldBefore,
    py: s.py,
    month: s.month,
    closedMonths: s.pyClosed.length,
    remainingMonths: remainingMonths(s.py, s.today).length,
    counters: s.counters,
    qualified: s.qualified,
    pyMonths: s.pyLived,
    history: s.explained.history.map((h) => ({
      pinCode: h.pinCode,
      name: h.name,
      month: h.month,
      py: h.evidence.py,
      rule: h.evidence.rule,
      spMonths: [...h.evidence.spMonths],
      qualifiedLegs: h.evidence.qualifiedLegs.length,
    })),
    pins: s.requirements,
    targetPin,
    targetUpdatedAt: targetPin != null ? s.settings!.updatedAt : null,
  };
}

export function monthsData(
  clock: Clock,
  list: readonly string[],
  results: readonly MonthlyResult[],
  rules: RuleTable,
  historyStart: string | null,
): AchMonthsData {
  return { month: clock.month, py: clock.py, months: fillMonths(results, list, clock.month, historyStart), sp: { ...rules.sp } };
}

export function targetData(pin: number, updatedAt: string, changed: boolean): AchTargetData {
  return { targetPin: pin, name: pinName(pin), updatedAt, changed };
}

export function topupData(clock: Clock, own: MonthlyResult | undefined, rules: RuleTable): AchTopupData {
  const m = own ? toAchMonth(own, clock.month) : emptyMonth(clock.month, clock.month);
  const next = nextBracket(rules.brackets, m.gpv);
  return {
    month: clock.month,
    ppv: m.ppv,
    gpv: m.gpv,
    pgpv: m.pgpv,
    apv: m.apv,
    qLegs: m.qLegs,
    bracket: m.bracket,
    isSp: m.isSp,
    nextPercent: next.nextPercent,
    nextMinPv: next.nextMinPv,
    pvForNextBracket: next.pvNeeded,
    pvForSp: ppvNeededForSp(m.apv, m.qLegs, rules),
    daysLeft: daysLeftInMonth(clock.today),
    brackets: rules.brackets.map((b) => ({ minPv: b.minPv, percent: b.percent })),
    sp: { ...rules.sp },
  };
}

/** The saved shop (null while none, or one no longer on the shop list) and when it was saved. */
export function shopData(settings: UserSettings | undefined, shop: Shop | undefined): AchShopData {
  if (!settings || !shop) return { shop: null, updatedAt: null };
  return {
    shop: {
      code: shop.code,
      name: { zh: shop.name_zh, en: shop.name_en },
      city: { zh: shop.city_zh, en: shop.city_en },
      address: shop.address,
      phone: shop.phone,
    },
    updatedAt: settings.updatedAt,
  };
}

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

/**
 * The frontline legs with volume this month, as the estimate names them (L1, L2, … by volume). A
 * leg that returns took below zero is one too: its differential is part of the month's fee.
 */
export function estimateLegs(
  legs: readonly LegOfMonth[],
  viewer: NameViewer,
  heads?: { frontlines: ReadonlyMap<string, readonly MonthlyResult[]>; rules: RuleTable },
) {
  return legs
    .filter((l) => l.result.gpv !== 0)
    .map(({ person, result }, i) => ({
      // The engine's leg (volumes, BV, what it passes up) under an opaque key, never the ADA.
      ...legVolumeOf(result),
      id: `L${i + 1}`,
      maskedAda: maskPrivacy(person.ada),
      maskedName: nameOf(viewer, person),
      // Its own node, so extra PV on it is recomputed as the close would (estimate.ts legFromHead).
      ...(heads
        ? {
            head: legHeadOf(result.ppv, result.bvFen, (heads.frontlines.get(person.ada) ?? []).map(legVolumeOf), heads.rules),
          }
        : {}),
    }));
}

function sideOf(s: EstimateSide): AchEstimateSide {
  return {
    ppv: s.ppv,
    gpv: s.gpv,
    pgpv: s.pgpv,
    bracketPercent: s.bracketPercent,
    isQ: s.isQ,
    qLegs: s.qLegs,
    apv: s.apv,
    isSpMonth: s.isSpMonth,
    promotionFen: s.promotionFen,
    pretaxFen: s.pretaxFen,
    taxFen: s.taxFen,
    netFen: s.netFen,
    pvForNextBracket: s.next.pvNeeded,
  };
}

export function estimateData(
  month: string,
  ppv: number,
  ppvBvFen: number | undefined,
  legs: AchEstimateData['legs'],
  est: Estimate,
  projection: MonthProjection,
): AchEstimateData {
  const pace = projection.pace;
  return {
    month,
    ppv,
    ...(ppvBvFen === undefined ? {} : { ppvBvFen }),
    legs,
    before: sideOf(est.before),
    after: sideOf(est.after),
    legsBecomingQ: est.legsBecomingQ,
    ppvNeededForSp: est.ppvNeededForSp,
    pace: pace && {
      daysElapsed: projection.daysElapsed,
      daysInMonth: projection.daysInMonth,
      factor: pace.factor,
      extraPpv: pace.extraPpv,
      extraLegPv: { ...pace.extraLegPv },
    },
    paidOn: projection.soFar.paidOn,
  };
}
