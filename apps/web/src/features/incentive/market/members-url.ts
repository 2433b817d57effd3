import type { PagePath } from '@abo/contract/pages';
import { MEMBER_SORT_ORDER, MEMBER_SORTS, type MemberSort } from '@abo/contract/member-sorts';
import type { MemberQuery } from './api/get-members.ts';

/**
 * Member tracking keeps its filters, sort, page and page size in the address, so a view can be
 * shared, survives a refresh and comes back with Back and Forward. Parameters (all optional):
 *   sort, order (omitted when the sort's own, MEMBER_SORT_ORDER), q=q|notQ, new=1 (joined this PY),
 *   levelMin, levelMax, pin, bracket, search, page, size=50|100 (desktop).
 * Anything unreadable falls back to the default, never to an error.
 */

export const PAGE_SIZES = [50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const BRACKETS = [0, 3, 6, 9, 12, 15, 18, 21] as const;

export const DEFAULT_QUERY: MemberQuery = { sort: 'pgpv', order: 'desc', q: 'all', joinedThisPy: false };

export interface MembersLocation {
  query: MemberQuery;
  page: number;
  pageSize: PageSize;
}

/** The parameters this page owns (others, such as year, channel or lang, are left alone). */
const OWN = ['sort', 'order', 'q', 'new', 'levelMin', 'levelMax', 'pin', 'bracket', 'search', 'page', 'size'] as const;

function int(v: string | null, min: number, max: number): number | undefined {
  if (v === null || !/^\d{1,6}$/.test(v)) return undefined;
  const n = Number(v);
  return n >= min && n <= max ? n : undefined;
}

export function membersFromParams(p: URLSearchParams): MembersLocation {
  const asked = p.get('sort');
  const sort: MemberSort = MEMBER_SORTS.find((s) => s === asked) ?? DEFAULT_QUERY.sort!;
  const o = p.get('order');
  const order = o === 'asc' || o === 'desc' ? o : MEMBER_SORT_ORDER[sort];
  const qp = p.get('q');
  const q = qp === 'q' || qp === 'notQ' ? qp : 'all';
  const levelMin = int(p.get('levelMin'), 1, 1000);
  let levelMax = int(p.get('levelMax'), 1, 1000);
  // An upside-down range would be refused by the BFF: keep its start only.
  if (levelMin !== undefined && levelMax !== undefined && levelMin > levelMax) levelMax = undefined;
  const pin = int(p.get('pin'), 0, 999);
  const b = int(p.get('bracket'), 0, 21);
  const bracket = b !== undefined && (BRACKETS as readonly number[]).includes(b) ? b : undefined;
  const search = p.get('search')?.trim().slice(0, 40) || undefined;
  const query: MemberQuery = { sort, order, q, joinedThisPy: p.get('new') === '1' };
  if (levelMin !== undefined) query.levelMin = levelMin;
  if (levelMax !== undefined) query.levelMax = levelMax;
  if (pin !== undefined) query.pins = [pin];
  if (bracket !== undefined) {
    query.bracketMin = bracket;
    query.bracketMax = bracket;
  }
  if (search) query.search = search;
  const size = int(p.get('size'), 1, 100);
  return {
    query,
    page: int(p.get('page'), 1, 100_000) ?? 1,
    pageSize: PAGE_SIZES.find((s) => s === size) ?? PAGE_SIZES[0],
  };
}

/** `base` with this page's parameters replaced by `loc` (defaults left out, so links stay short). */
export function membersToParams(loc: MembersLocation, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const p = new URLSearchParams(base);
  for (const k of OWN) p.delete(k);
  const { query: q } = loc;
  const sort = q.sort ?? DEFAULT_QUERY.sort!;
  if (sort !== DEFAULT_QUERY.sort) p.set('sort', sort);
  if (q.order && q.order !== MEMBER_SORT_ORDER[sort]) p.set('order', q.order);
  if (q.q && q.q !== 'all') p.set('q', q.q);
  if (q.joinedThisPy) p.set('new', '1');
  if (q.levelMin !== undefined) p.set('levelMin', String(q.levelMin));
  if (q.levelMax !== undefined) p.set('levelMax', String(q.levelMax));
  if (q.pins?.[0] !== undefined) p.set('pin', String(q.pins[0]));
  if (q.bracketMin !== undefined) p.set('bracket', String(q.bracketMin));
  if (q.search) p.set('search', q.search);
  if (loc.page > 1) p.set('page', String(loc.page));
  if (loc.pageSize !== PAGE_SIZES[0]) p.set('size', String(loc.pageSize));
  return p;
}

/** A link into member tracking with these filters and sort (e.g. from a plan's FLQ gap). */
export function membersHref(query: Partial<MemberQuery>, path: PagePath = '/incentiveplan/marketmembertracking'): string {
  const sort = query.sort ?? DEFAULT_QUERY.sort!;
  const p = membersToParams({
    query: { ...DEFAULT_QUERY, order: MEMBER_SORT_ORDER[sort], ...query },
    page: 1,
    pageSize: PAGE_SIZES[0],
  });
  const s = p.toString();
  return s ? `${path}?${s}` : path;
}
