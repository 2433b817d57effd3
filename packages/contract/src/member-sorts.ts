// The sorts of market member tracking and the order each means when none is given, without zod,
// so the web app can import them (`@abo/contract/member-sorts`) into a page chunk.

export const MEMBER_SORTS = ['pgpv', 'gpv', 'ppv', 'pvToQ', 'qMonths', 'pin', 'level', 'joinDate'] as const;
export type MemberSort = (typeof MEMBER_SORTS)[number];
export type SortOrder = 'asc' | 'desc';

/**
 * The order a sort means when none is given: the most useful end first. "PV to Q" ascending is
 * "closest to Q" (the smallest gap first; members already Q have no gap and come last), levels
 * from the frontline down, the rest largest (or latest) first.
 */
export const MEMBER_SORT_ORDER: Readonly<Record<MemberSort, SortOrder>> = {
  pgpv: 'desc',
  gpv: 'desc',
  ppv: 'desc',
  pvToQ: 'asc',
  qMonths: 'desc',
  pin: 'desc',
  level: 'asc',
  joinDate: 'desc',
};

/**
 * The orders of the team tree's children (`treeSort` in member tracking's address): group PV,
 * largest first (the tree as it opens), or "PV to Q" as the list's closest-to-Q order (the members
 * still short, smallest gap first, then those already Q).
 */
export const TREE_SORTS = ['gpv', 'pvToQ'] as const;
export type TreeSort = (typeof TREE_SORTS)[number];
