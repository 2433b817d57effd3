// The answers of the /bff/v1/incentive/market/* calls, shaped from what the queries loaded (or
// the market snapshot holds) and the plan engine's market rules. Pure: no database, no request.
import type { CopiesData, DetailsData, MemberGap, MemberRow, PartnerRow, PartnersData, PartnerView, QFlag } from '@abo/contract';
import {
  addMonths,
  annualKeyReason,
  isNearQ,
  legQMonthsOf,
  monthlyKeyReason,
  monthStateOf,
  nextBracket,
  qChancesLeft,
  qGap,
  qMonthsToQualifiedLeg,
  qProgressPct,
  type RuleTable,
} from '@abo/plan';
import type { Person } from '../../db/distributors.ts';
import { byAda, byAdaMonth, type MonthlyResult } from '../../db/monthly-results.ts';
import { nameTextFor, type NameViewer } from '../../lib/name-policy.ts';
import type { CopyRun } from './market-filter.ts';
import type { MemberDetails } from './market-queries.ts';
import { personOf, personOfShown } from './market-person.ts';
import { shownOf, type MarketSnapshot } from './market-snapshot.ts';

/** Months of PGPV a partner's trend shows, up to the chosen month. */
export const TREND_MONTHS = 6;

/** The first month a partners page reads: the trend's first month, or the PY's first if earlier. */
export function partnersFrom(month: string, pyMonthList: readonly string[]): string {
  return [addMonths(month, 1 - TREND_MONTHS), pyMonthList[0]!].sort()[0]!;
}

export interface PartnersContext {
  view: PartnerView;
  py: string;
  /** The month shown and today's (open) month. */
  month: string;
  todayMonth: string;
  /** The PY's months. */
  months: string[];
  rules: RuleTable;
  threshold: number;
  viewerAda: string;
  names: NameViewer;
}

function partnerRow(f: Person, byKey: ReadonlyMap<string, MonthlyResult>, c: PartnersContext): PartnerRow {
  const at = (m: string) => byKey.get(`${f.ada}|${m}`);
  const m = at(c.month);
  const pgpv = m?.pgpv ?? 0;
  // A leg is a 21 % (Q) leg by its group PV: the gap and progress to Q are on it.
  const gpv = m?.gpv ?? 0;
  const isQ = m?.isQ ?? false;
  // The close writes a row for every month of a member's history: no row is a month before it.
  const qByMonth = c.months.map((mm): QFlag => (mm > c.todayMonth ? null : (at(mm)?.isQ ?? 'noData')));
  const qMonthsPy = qByMonth.filter((q) => q === true).length;
  const annual = c.view === 'annual' || c.view === 'keyAnnual';
  const keyReason = annual
    ? annualKeyReason(c.rules, qMonthsPy, qChancesLeft(c.months, c.todayMonth, at(c.todayMonth)?.isQ ?? false))
    : monthlyKeyReason({ isQ, wasQLastMonth: at(addMonths(c.month, -1))?.isQ ?? false, gpv }, c.threshold);
  const person = { ada: f.ada, sponsorAda: c.viewerAda, nameZh: f.name_zh, nameEn: f.name_en };
  return {
    ...personOf({ ...person, pinCode: m?.pinCode ?? f.pin_code, joinDate: f.join_date, memberNo: f.member_no }, 1, c.names),
    ppv: m?.ppv ?? 0,
    gpv,
    pgpv,
    bracket: m?.bracket ?? 0,
    isQ,
    pvToQ: qGap(gpv, c.threshold),
    progressPct: qProgressPct(gpv, c.threshold),
    qByMonth,
    qMonthsPy,
    trend: Array.from({ length: TREND_MONTHS }, (_, k) => at(addMonths(c.month, k + 1 - TREND_MONTHS))?.gpv ?? 0),
    qMonthsToSix: qMonthsToQualifiedLeg(c.rules, qMonthsPy),
    downlineSize: Math.max(0, f.tree_size - 1),
    keyReason,
  };
}

/** The rows of a view: the key views keep the partners with a reason, each view in its own order. */
function partnersOfView(view: PartnerView, all: PartnerRow[]): PartnerRow[] {
  if (view === 'keyMonthly') return all.filter((p) => p.keyReason !== null).sort((a, b) => a.pvToQ - b.pvToQ);
  if (view === 'keyAnnual')
    return all.filter((p) => p.keyReason !== null).sort((a, b) => a.qMonthsToSix - b.qMonthsToSix || b.pgpv - a.pgpv);
  if (view === 'annual') return [...all].sort((a, b) => b.qMonthsPy - a.qMonthsPy || b.pgpv - a.pgpv);
  return [...all].sort((a, b) => b.pgpv - a.pgpv);
}

/** The frontline partners page: each partner's month, Q months, trend and why to coach them. */
export function partnersData(frontline: readonly Person[], results: readonly MonthlyResult[], c: PartnersContext): PartnersData {
  const byKey = byAdaMonth(results);
  const all = frontline.map((f) => partnerRow(f, byKey, c));
  const started = c.months.filter((m) => m <= c.todayMonth);
  return {
    view: c.view,
    py: c.py,
    month: c.month,
    monthOpen: c.month === c.todayMonth,
    openMonth: c.todayMonth,
    months: c.months,
    monthsLeft: started.length > 0 ? c.months.length - started.length + 1 : c.months.length,
    qThreshold: c.threshold,
    frontlineCount: frontline.length,
    summary: {
      qThisMonth: all.filter((p) => p.isQ).length,
      nearQ: all.filter((p) => !p.isQ && isNearQ(p.gpv, c.threshold)).length,
      sixPlus: all.filter((p) => p.qMonthsPy >= legQMonthsOf(c.rules)).length,
    },
    rows: partnersOfView(c.view, all),
  };
}

/** One member-tracking row from the snapshot (level relative to the member whose downline it is). */
export function memberRow(
  s: MarketSnapshot,
  k: number,
  names: NameViewer,
  c: { baseDepth: number; threshold: number; pyStartDate: string; pyEndDate: string },
): MemberRow {
  const pgpv = s.pgpv[k]!;
  const joinDate = s.joinDate[k]!;
  // Object.assign, not `{ ...person, joinedThisPy, … }`: on Node 20 that spread costs about
  // 14 µs a row, a quarter of the whole request for a page of 20 (bench/bff.ts).
  return Object.assign(
    personOfShown(shownOf(s, k, names), { pinCode: s.pin[k]!, joinDate, memberNo: s.no[k]! }, s.depth[k]! - c.baseDepth),
    {
      joinedThisPy: joinDate >= c.pyStartDate && joinDate <= c.pyEndDate,
      ppv: s.ppv[k]!,
      gpv: s.gpv[k]!,
      pgpv,
      bracket: s.bracket[k]!,
      isQ: s.isQ[k]! === 1,
      pvToQ: qGap(s.gpv[k]!, c.threshold),
      qMonthsPy: s.qCount[k]!,
    },
  );
}

/**
 * A member's gap to Q this month from the member tracking row itself (the watchlist and a plan's
 * gap legs show it), so no page can disagree with member tracking on the gap.
 */
export function memberGap(m: MemberRow, threshold: number): MemberGap {
  const { joinedThisPy: _joined, ppv: _ppv, qMonthsPy: _qMonths, ...member } = m;
  return { ...member, progressPct: qProgressPct(member.gpv, threshold) };
}

/** One row of the tracking copies page. */
export function copyRow(
  cur: MarketSnapshot,
  c: CopyRun,
  names: NameViewer,
  baseDepth: number,
  months: readonly string[],
  todayMonth: string,
  companyStart: string | null,
): CopiesData['rows'][number] {
  const k = c.index;
  return {
    ...personOfShown(
      shownOf(cur, k, names),
      { pinCode: cur.pin[k]!, joinDate: cur.joinDate[k]!, memberNo: cur.no[k]! },
      cur.depth[k]! - baseDepth,
    ),
    qMonthsPy: c.qThis,
    qMonthsLastPy: c.qLast,
    longestRun: c.longestRun,
    currentRun: c.currentRun,
    qByMonth: copyQFlags(months, todayMonth, memberHistoryStart(companyStart, cur.joinDate[k]!), cur.qMask[k]!),
    repeatedYear: c.repeatedYear,
  };
}

/** Where a member's history starts: the company's first month, or joining when later (null: unknown). */
export function memberHistoryStart(companyStart: string | null, joinDate: string): string | null {
  const joined = joinDate.slice(0, 7);
  return companyStart === null ? null : joined > companyStart ? joined : companyStart;
}

/** A PY's Q flags from a snapshot's bit mask: not started, before the history, Q or not. */
export function copyQFlags(months: readonly string[], todayMonth: string, historyStart: string | null, qMask: number): QFlag[] {
  return months.map((m, bit): QFlag => {
    if (m > todayMonth) return null;
    if (historyStart !== null && m < historyStart) return 'noData';
    return (qMask & (1 << bit)) !== 0;
  });
}

export interface DetailsContext {
  self: boolean;
  py: string;
  todayMonth: string;
  /** The PY's months up to today's. */
  months: string[];
  rules: RuleTable;
  threshold: number;
  names: NameViewer;
}

/** A member's market details: their months this PY and their frontline legs. */
export function detailsData(d: MemberDetails, c: DetailsContext): DetailsData {
  const { member } = d;
  // Staff see the member as level 0 (they have no place in the tree).
  const level = d.viewerDepth !== undefined ? Math.max(0, member.depth - d.viewerDepth) : 0;
  const byMonth = new Map(d.monthly.map((m) => [m.month, m]));
  const legRows = byAda(d.legMonthly);
  const cur = byMonth.get(c.todayMonth);
  const pgpv = cur?.pgpv ?? 0;
  const gpv = cur?.gpv ?? 0;
  const next = nextBracket(c.rules.brackets, gpv);
  const s = d.sponsor;
  return {
    self: c.self,
    member: {
      ...personOf(
        {
          ada: member.ada,
          sponsorAda: member.sponsor_ada,
          nameZh: member.name_zh,
          nameEn: member.name_en,
          pinCode: cur?.pinCode ?? member.pin_code,
          joinDate: member.join_date,
          memberNo: member.member_no,
        },
        level,
        c.names,
      ),
      sponsorMaskedName: s ? nameTextFor(c.names, { ada: s.ada, sponsorAda: s.sponsor_ada, nameZh: s.name_zh, nameEn: s.name_en }) : null,
      downlineSize: Math.max(0, member.tree_size - 1),
      frontlineCount: d.legs.length,
    },
    py: c.py,
    month: c.todayMonth,
    qThreshold: c.threshold,
    current: {
      gpv,
      pgpv,
      progressPct: qProgressPct(gpv, c.threshold),
      bracket: cur?.bracket ?? 0,
      isQ: cur?.isQ ?? false,
      pvToQ: qGap(gpv, c.threshold),
      nextBracket: next.nextPercent,
      pvToNextBracket: next.pvNeeded,
    },
    qMonthsPy: d.monthly.filter((m) => m.isQ).length,
    months: c.months.map((m) => {
      const x = byMonth.get(m);
      return {
        month: m,
        state: x ? monthStateOf(m, c.todayMonth) : monthStateOf(m, c.todayMonth, d.historyStart ?? c.todayMonth),
        ppv: x?.ppv ?? 0,
        gpv: x?.gpv ?? 0,
        pgpv: x?.pgpv ?? 0,
        bracket: x?.bracket ?? 0,
        isQ: x?.isQ ?? false,
        qLegs: x?.qLegs ?? 0,
        apv: x?.apv ?? 0,
      };
    }),
    legs: d.legs
      .map((l) => {
        const rows = legRows.get(l.ada) ?? [];
        const now = rows.find((m) => m.month === c.todayMonth);
        const person = { ada: l.ada, sponsorAda: member.ada, nameZh: l.name_zh, nameEn: l.name_en };
        return {
          ...personOf({ ...person, pinCode: now?.pinCode ?? l.pin_code, joinDate: l.join_date, memberNo: l.member_no }, level + 1, c.names),
          gpv: now?.gpv ?? 0,
          pgpv: now?.pgpv ?? 0,
          progressPct: qProgressPct(now?.gpv ?? 0, c.threshold),
          bracket: now?.bracket ?? 0,
          isQ: now?.isQ ?? false,
          qMonthsPy: rows.filter((m) => m.isQ).length,
        };
      })
      .sort((a, b) => b.pgpv - a.pgpv),
  };
}
