// The demo accounts' legs, as data: each leg's group PV, join date and members, and the months
// and shares that shape each profile (seed/demo.ts tells the stories and builds the subtrees).

/**
 * A member of a leg: its share of the leg's group PV, the months after the head it joined, and
 * its sponsor (the index of an earlier member; the head when absent).
 */
export type Member = readonly [share: number, monthsAfter: number, under?: number];
const set = (...months: string[]) => new Set(months);

/** 10000001's strong leg: its Q months in 24/25 (3) and 25/26 (5, one short of SEMINAR_2526's 6). */
export const A1_L1_Q_MONTHS = set('2024-10', '2025-03', '2025-06', '2025-09', '2025-11', '2026-03', '2026-05', '2026-08');
/** A leg of a demo account: group PV in a month of season 1, join date, members. */
interface LegSpec {
  readonly group: number;
  readonly joined: string;
  readonly members: readonly Member[];
}

/**
 * 10000001's legs, strong to weak (L1's group is the one of a month it is not Q): L1 deep, L2
 * a line of two, L3 one member, L4 three, L5 on its own; none but L1 comes near Q. By the
 * head's PV: L1, L3, L2, L5, L4.
 */
export const A1_LEGS: readonly LegSpec[] = [
  {
    group: 3400,
    joined: '2016-06-21',
    members: [
      [0.2, 4],
      [0.12, 11, 0],
      [0.08, 19],
      [0.05, 25, 2],
    ],
  },
  {
    group: 2300,
    joined: '2017-02-08',
    members: [
      [0.23, 3],
      [0.15, 14, 0],
    ],
  },
  { group: 1900, joined: '2017-10-30', members: [[0.14, 9]] },
  {
    group: 1550,
    joined: '2018-07-16',
    members: [
      [0.14, 5],
      [0.1, 16],
      [0.06, 20, 0],
    ],
  },
  { group: 1200, joined: '2019-05-04', members: [] },
];
/** 10000001's strong leg L1 in its Q months, and at New Year. */
export const A1_L1_Q_GROUP = 12_000;
export const A1_L1_NEW_YEAR = 1300;
/** What 10000001's other legs order at New Year, of their usual group PV. */
export const A1_NEW_YEAR_SHARE = 0.25;

/**
 * 10000002's legs, strong to weak: every one Q even at the lowest season and wobble. L1 is
 * deep (its first member's line is a Q group of its own), L6 is one member, L7 the weakest but
 * the widest. By the head's PV: L4, L2, L7, L6, L1, L5, L3.
 */
export const A2_LEGS: readonly LegSpec[] = [
  {
    group: 23_500,
    joined: '2013-07-14',
    members: [
      [0.2, 3],
      [0.16, 8],
      [0.14, 13, 0],
      [0.12, 20],
      [0.1, 26, 2],
      [0.06, 31, 4],
    ],
  },
  {
    group: 19_000,
    joined: '2013-11-02',
    members: [
      [0.2, 4],
      [0.16, 9],
      [0.12, 15, 0],
      [0.08, 22],
      [0.06, 30, 2],
    ],
  },
  {
    group: 16_500,
    joined: '2014-04-19',
    members: [
      [0.3, 2],
      [0.22, 7],
      [0.14, 12, 1],
      [0.1, 18, 2],
    ],
  },
  {
    group: 14_500,
    joined: '2014-12-08',
    members: [
      [0.2, 5],
      [0.15, 11],
      [0.1, 17, 0],
    ],
  },
  {
    group: 13_200,
    joined: '2015-06-23',
    members: [
      [0.4, 3],
      [0.25, 10],
    ],
  },
  { group: 12_000, joined: '2016-03-11', members: [[0.52, 6]] },
  {
    group: 11_000,
    joined: '2017-01-27',
    members: [
      [0.1, 4],
      [0.08, 9],
      [0.07, 12, 0],
      [0.06, 17],
      [0.05, 22, 1],
      [0.03, 27],
      [0.02, 31, 5],
    ],
  },
];
/** 10000002's legs L5–L7 are Q only in these months of 23/24 (L1–L4 all year). */
export const A2_LATE_LEGS_Q_2324 = set('2024-06', '2024-07', '2024-08');
/** Share of its usual group PV a 10000002 leg orders when not Q: in 23/24 (L5–L7), at New Year (L2–L7). */
export const A2_LATE_SHARE = 0.18;
export const A2_NEW_YEAR_SHARE = 0.03;
/** 10000002's strong leg at New Year: still Q, the only one. */
export const A2_L1_NEW_YEAR_SHARE = 0.55;
/** 10000002's two small frontline members: PV of a usual month, and at New Year. */
export const A2_SMALL = [
  { pv: 1400, newYear: 280, joined: '2013-07-10' },
  { pv: 920, newYear: 90, joined: '2014-02-10' },
];

/**
 * 10000004's legs, strong to weak (all far from Q: its personal group keeps them all). By the
 * head's PV: L2, L1, L4, L3, L5.
 */
export const A4_LEGS: readonly LegSpec[] = [
  {
    group: 4200,
    joined: '2010-03-27',
    members: [
      [0.22, 5],
      [0.16, 12, 0],
      [0.12, 20],
      [0.1, 27, 2],
    ],
  },
  {
    group: 2700,
    joined: '2010-11-15',
    members: [
      [0.18, 7],
      [0.12, 18],
    ],
  },
  {
    group: 1900,
    joined: '2011-08-02',
    members: [
      [0.2, 4],
      [0.15, 10, 0],
      [0.1, 23],
    ],
  },
  { group: 1300, joined: '2012-05-19', members: [[0.1, 14]] },
  { group: 900, joined: '2013-09-06', members: [] },
];
