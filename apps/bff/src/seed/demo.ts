// The demo accounts every seed creates, whatever the seed and the size. Their subtrees are
// fixed (no generated distributor joins under them) and their volumes are set month by month,
// so each profile follows from the rules rather than from luck, in the last PYs and in today's
// PY alike, whatever today is in it:
//
//   10000001  Platinum (330): 6 SP months of 23/24 with 3 consecutive (reached 2024-03), never
//             12 SP months in a PY (the Chinese New Year month is weak), never 2 legs Q ≥ 6
//             months, never 20 000 PGPV. Leg L1 is Q in 3 months of 24/25, in 5 of 25/26
//             (SEMINAR_2526 missed by exactly 1 FLQ month, every other criterion met) and, in
//             today's PY, in just enough closed months to stay one FLQ month behind the seminar
//             pace: with today 2026-11-21 (Sep–Oct closed, Nov to date) Sep only, 1 FLQ month
//             against a pace of 8 × 2/12 = 1.33 (at risk).
//   10000002  Diamond (380): 7 frontline legs, each Q in 11–12 months of 24/25 and 25/26 and in
//             every closed month of today's PY but the New Year month: then only L1 is Q and the
//             rest order almost nothing, so that month is not an SP month and no six legs are Q
//             in all 12 months: Diamond qualified each PY, never Founders Diamond. Emerald in
//             23/24. L1 is deep: a Q group of its own under it (a Pearl for 10000002). Two small
//             frontline members besides.
//   10000003  Joined this PY (the month before today's, or September), sponsored by 10000001,
//             a little volume, Member (230).
//   10000004  Founders Platinum (342): 12 SP months in 23/24 on personal-group volume alone
//             (five legs, never Q), a statement every closed month of the four PYs.
//
// Every leg has a character of its own: its join date, its members (how many, their shares,
// how deep) and its month-to-month wobble (a hash of its key and the month, not the seed), from
// a strong leg to a weak one. An account's legs never tie on PV or on group PV in any month and
// keep one order by group PV (see LEG_WOBBLE), so sorting by either shows a clear order.
import { monthIndex, monthKeyOf, pyFirstMonthIndex, pyOf, type MonthKey } from '@abo/plan';
import {
  type Member,
  A1_L1_Q_MONTHS,
  A1_LEGS,
  A1_L1_Q_GROUP,
  A1_L1_NEW_YEAR,
  A1_NEW_YEAR_SHARE,
  A2_LEGS,
  A2_LATE_LEGS_Q_2324,
  A2_LATE_SHARE,
  A2_NEW_YEAR_SHARE,
  A2_L1_NEW_YEAR_SHARE,
  A2_SMALL,
  A4_LEGS,
} from './demo-legs.ts';

/** What a demo node's volume function sees for one month. */
export interface DemoMonth {
  readonly month: MonthKey;
  /** Position in the PY: September 0 … August 11. */
  readonly pos: number;
  /** The month to date (today's month): volumes are partial. */
  readonly current: boolean;
  /** Share of today's month elapsed (1 for closed months). */
  readonly fraction: number;
  /** Gentle calendar seasonality (0.96 … 1.10). */
  readonly season: number;
  /** The Chinese New Year month of its PY. */
  readonly newYear: boolean;
}

export interface DemoNode {
  readonly key: string;
  /** Parent key, or null to hang under a generated top leader (`rootSlot`). */
  readonly parent: string | null;
  readonly rootSlot?: number;
  readonly ada?: string;
  readonly name?: { readonly zh: string; readonly en: string; readonly female: boolean };
  readonly joinDate: string;
  /** Personal PV of a month (0 before joining is enforced by the caller). */
  readonly pv: (m: DemoMonth) => number;
  readonly newCustomers?: (m: DemoMonth) => number;
  /** Event codes attended, by month. */
  readonly attended?: Readonly<Record<MonthKey, readonly string[]>>;
}

/** Chinese New Year month per year (the dip in orders). */
const NEW_YEAR: Readonly<Record<number, string>> = {
  2020: '2020-01',
  2021: '2021-02',
  2022: '2022-02',
  2023: '2023-01',
  2024: '2024-02',
  2025: '2025-01',
  2026: '2026-02',
  2027: '2027-02',
  2028: '2028-01',
  2029: '2029-02',
  2030: '2030-02',
  2031: '2031-01',
  2032: '2032-02',
  2033: '2033-01',
  2034: '2034-02',
  2035: '2035-02',
};

export function newYearMonth(year: number): MonthKey {
  return NEW_YEAR[year] ?? `${year}-02`;
}

/** Calendar seasonality of the demo legs (by month 1–12). */
const DEMO_SEASON = [0.97, 0.96, 0.98, 1.0, 1.02, 1.0, 1.04, 1.1, 1.05, 1.0, 0.98, 1.04];

export function demoMonth(month: MonthKey, todayMonth: number, fraction: number): DemoMonth {
  const mi = monthIndex(month);
  const m0 = mi % 12;
  const pos = (m0 + 12 - 8) % 12;
  return {
    month,
    pos,
    current: mi === todayMonth,
    fraction: mi === todayMonth ? fraction : 1,
    season: DEMO_SEASON[m0]!,
    newYear: newYearMonth(Math.floor(mi / 12)) === month,
  };
}

const round = Math.round;

/**
 * A demo series' own month-to-month variation, in [-1, 1): a small hash of its key and the
 * month (FNV-1a with a murmur3 finaliser), so the demo stays deterministic and apart from the
 * generator's random streams.
 */
function wobble(key: string, month: MonthKey): number {
  const s = `${key}|${month}`;
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 2 ** 31 - 1;
}

/** A series' level times its wobble of at most ±amp. */
const wobbled = (key: string, m: DemoMonth, amp: number): number => 1 + amp * wobble(key, m.month);

/**
 * How far a leg's group PV wobbles from month to month (±4 %). The legs of one account sit
 * further apart than twice that, in group PV and in the head's PV alike (a ratio above
 * 1.04 / 0.96 between neighbours), so no two of them tie in any month and their order by group
 * PV is the same every month; the order by the head's PV is another.
 */
const LEG_WOBBLE = 0.04;
/** The accounts' own PV and their small frontline members' (±5 %). */
const OWN_WOBBLE = 0.05;

/**
 * A leg: head plus members, the group's PV (times the leg's own wobble) split among them by
 * share, the head keeping the rest; in a `quiet` month the members order nothing and the head's
 * order is the group's. `phase` spreads the legs' new customers over the months.
 */
function leg(
  out: DemoNode[],
  key: string,
  parent: string,
  joinDate: string,
  members: readonly Member[],
  phase: number,
  group: (m: DemoMonth) => number,
  quiet: (m: DemoMonth) => boolean = () => false,
): void {
  const rest = 1 - members.reduce((a, [share]) => a + share, 0);
  if (rest <= 0) throw new Error(`demo leg ${key}: the members' shares leave the head nothing`);
  const pv = (m: DemoMonth) => group(m) * wobbled(key, m, LEG_WOBBLE);
  out.push({
    key,
    parent,
    joinDate,
    pv: (m) => round(pv(m) * (quiet(m) ? 1 : rest)),
    newCustomers: (m) => (!quiet(m) && (m.pos + phase) % 3 === 0 ? 1 : 0),
  });
  const joined: string[] = [];
  members.forEach(([share, after, under], k) => {
    const sponsor = under === undefined ? key : `${key}.m${under + 1}`;
    const date = shiftDate(joinDate, after);
    if (under !== undefined && !(under < k && joined[under]! <= date)) {
      throw new Error(`demo leg ${key}: member ${k + 1} joins before its sponsor`);
    }
    joined.push(date);
    out.push({ key: `${key}.m${k + 1}`, parent: sponsor, joinDate: date, pv: (m) => (quiet(m) ? 0 : round(pv(m) * share)) });
  });
}

/** A date n months later, same day (capped at 28 to stay valid). */
function shiftDate(date: string, months: number): string {
  const y = Number(date.slice(0, 4));
  const mo = Number(date.slice(5, 7)) - 1 + months;
  const d = Math.min(28, Number(date.slice(8, 10)));
  const yy = y + Math.floor(mo / 12);
  const mm = (mo % 12) + 1;
  return `${yy}-${mm < 10 ? '0' : ''}${mm}-${d < 10 ? '0' : ''}${d}`;
}

/**
 * 10000001's strong leg in today's PY: Q in the first closed months, as many as keep it exactly
 * one FLQ month behind the seminar pace (SEMINAR_2627 needs 8 FLQ months: after c closed months
 * the pace is ceil(8c / 12); the month to date stays below Q). With today in Nov 2026: Sep only.
 */
export function a1LegQMonths(todayMonth: number): Set<MonthKey> {
  const months = new Set(A1_L1_Q_MONTHS);
  const first = pyFirstMonthIndex(pyOf(monthKeyOf(todayMonth)));
  for (const m of [...months]) if (monthIndex(m) >= first) months.delete(m);
  const closed = todayMonth - first;
  const behind = Math.max(0, Math.ceil((8 * closed) / 12) - 1);
  // The first closed months that are not the New Year month (the whole group is quiet then).
  for (let m = first, added = 0; added < behind && m < todayMonth; m++) {
    const key = monthKeyOf(m);
    if (key === newYearMonth(Math.floor(m / 12))) continue;
    months.add(key);
    added++;
  }
  return months;
}

/**
 * The demo subtrees in sponsor-first order. `today` is the month index of today; the member
 * who "joined this PY" joins the month before (or in September when today is September).
 */
export function demoNodes(todayMonth: number): DemoNode[] {
  const out: DemoNode[] = [];
  const l1Q = a1LegQMonths(todayMonth);

  // ---- 10000001: Platinum, the seminar story ----------------------------------------------
  out.push({
    key: 'A1',
    parent: null,
    rootSlot: 0,
    ada: '10000001',
    name: { zh: '王丽华', en: 'Wang Lihua', female: true },
    joinDate: '2016-03-12',
    pv: (m) => (m.newYear ? 400 : 1500 * m.season) * m.fraction * wobbled('A1', m, OWN_WOBBLE),
    newCustomers: (m) => (m.newYear ? 0 : 1 + (m.pos % 2)),
    attended: {
      '2025-12': ['SEM2526-ONLINE'],
      '2026-04': ['MTC2526-PREP'],
      '2026-06': ['SEM2526-BRIEF'],
      '2026-10': ['SEM2627-ONLINE'],
      '2027-06': ['SEM2627-BRIEF'],
    },
  });
  A1_LEGS.forEach((l, k) =>
    leg(out, `A1.L${k + 1}`, 'A1', l.joined, l.members, k, (m) => {
      if (k > 0) return l.group * (m.newYear ? A1_NEW_YEAR_SHARE : m.season) * m.fraction;
      // The strong leg: Q in its Q months (the month to date stays below), else the largest still.
      if (m.newYear) return A1_L1_NEW_YEAR * m.fraction;
      return (l1Q.has(m.month) && !m.current ? A1_L1_Q_GROUP : l.group) * m.season * m.fraction;
    }),
  );

  // ---- 10000002: Diamond ----------------------------------------------------------------
  out.push({
    key: 'A2',
    parent: null,
    rootSlot: 1,
    ada: '10000002',
    name: { zh: '陈志强', en: 'Chen Zhiqiang', female: false },
    joinDate: '2012-05-20',
    pv: (m) => (m.newYear ? 300 : 1500 * m.season) * m.fraction * wobbled('A2', m, OWN_WOBBLE),
    newCustomers: (m) => (m.newYear ? 0 : 2),
    attended: {
      '2025-10': ['SEM2526-ONLINE', 'MTC2526-PREP'],
      '2026-06': ['SEM2526-BRIEF'],
      '2026-07': ['BKK2526-BRIEF'],
      '2026-09': ['SEM2627-ONLINE', 'MTC2627-PREP'],
    },
  });
  A2_SMALL.forEach((c, k) => {
    const key = `A2.C${k + 1}`;
    out.push({
      key,
      parent: 'A2',
      joinDate: c.joined,
      pv: (m) => (m.newYear ? c.newYear : c.pv * m.season) * m.fraction * wobbled(key, m, OWN_WOBBLE),
    });
  });
  A2_LEGS.forEach((l, k) =>
    leg(
      out,
      `A2.L${k + 1}`,
      'A2',
      l.joined,
      l.members,
      k,
      (m) => {
        if (m.newYear) return l.group * (k === 0 ? A2_L1_NEW_YEAR_SHARE : A2_NEW_YEAR_SHARE) * m.season * m.fraction;
        const inPy2324 = m.month >= '2023-09' && m.month <= '2024-08';
        const q = k < 4 || !inPy2324 || A2_LATE_LEGS_Q_2324.has(m.month);
        return l.group * (q ? 1 : A2_LATE_SHARE) * m.season * m.fraction;
      },
      // Only L1 orders in earnest in the New Year month; in the others only the head orders, a little.
      (m) => m.newYear && k > 0,
    ),
  );

  // ---- 10000003: joined this PY, under 10000001 --------------------------------------------
  const pyFirst = pyFirstMonthIndex(pyOf(monthKeyOf(todayMonth)));
  const joinIdx = todayMonth - 1 >= pyFirst ? todayMonth - 1 : todayMonth;
  const joinMonth = monthKeyOf(joinIdx);
  out.push({
    key: 'A3',
    parent: 'A1',
    ada: '10000003',
    name: { zh: '刘思雨', en: 'Liu Siyu', female: true },
    joinDate: `${joinMonth}-09`,
    // The month to date in proportion, like everyone's (a fixed figure would tie with a
    // 10000001 leg on some day of the month).
    pv: (m) => 150 * m.fraction,
    newCustomers: (m) => (m.month === joinMonth ? 1 : 0),
  });

  // ---- 10000004: Founders Platinum --------------------------------------------------------
  out.push({
    key: 'A4',
    parent: null,
    rootSlot: 2,
    ada: '10000004',
    name: { zh: '张建国', en: 'Zhang Jianguo', female: false },
    joinDate: '2009-11-08',
    pv: (m) => 2000 * (m.newYear ? 0.82 : m.season) * m.fraction * wobbled('A4', m, OWN_WOBBLE),
    newCustomers: (m) => (m.pos % 4 === 1 ? 2 : 1),
    attended: { '2025-11': ['MTC2526-PREP'], '2026-10': ['MTC2627-PREP'] },
  });
  A4_LEGS.forEach((l, k) =>
    leg(out, `A4.L${k + 1}`, 'A4', l.joined, l.members, k, (m) => l.group * (m.newYear ? 0.82 : m.season) * m.fraction),
  );

  return out;
}
