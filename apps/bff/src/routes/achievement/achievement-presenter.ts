// The answers of the /bff/v1/achievement/* calls of achievement-routes.ts (the distributor's own
// pin, volume and settings), shaped from what the queries loaded and the plan engine worked out.
// The other routes files of the area have their presenters beside them. Pure: no database, no
// request.
import {
  maskPrivacy,
  type AchMonthsData,
  type AchOverviewData,
  type AchRankData,
  type AchShopData,
  type AchTargetData,
  type AchTopupData,
  type LocalText,
} from '@abo/contract';
import { daysLeftInMonth, nextBracket, pinName, ppvNeededForSp, remainingMonths, type RuleTable } from '@abo/plan';
import type { MonthlyResult } from '../../db/monthly-results.ts';
import type { UserSettings } from '../../db/user-settings.ts';
import { nameTextFor, type NameViewer } from '../../lib/name-policy.ts';
import { emptyMonth, fillMonths, monthsEnding, toAchMonth, type Clock, type RankState } from './achievement-data.ts';
import type { Shop } from './achievement-queries.ts';

/** A person's names as this viewer may see them (name-policy.ts), for English pages too. */
export function nameOf(viewer: NameViewer, row: { ada: string; sponsor_ada: string | null; name_zh: string; name_en: string }): LocalText {
  return nameTextFor(viewer, { ada: row.ada, sponsorAda: row.sponsor_ada, nameZh: row.name_zh, nameEn: row.name_en });
}

/** The pin held and the month it is shown for (contract achievement.ts pinShownFields). */
function pinShown(s: RankState) {
  return {
    pinCode: s.pinCode,
    pinName: pinName(s.pinCode),
    pinMonth: s.pinMonth,
    pinHeldBefore: s.pinHeldBefore,
    py: s.py,
    month: s.month,
  };
}

export function overviewData(s: RankState, viewer: NameViewer): AchOverviewData {
  const last12 = monthsEnding(s.month, 12);
  const by = new Map(s.months.filter((m) => m.month >= last12[0]!).map((m) => [m.month, m]));
  return {
    maskedAda: maskPrivacy(s.d.ada),
    fullName: nameOf(viewer, s.d).zh,
    ...pinShown(s),
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
    ...pinShown(s),
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
