// The members of a market snapshot filtered, sorted and paged in memory: no database here
// (the rows a snapshot is built from are read in market-queries.ts).
import type { MemberSort } from '@abo/contract';
import type { NameViewer } from '../../lib/name-policy.ts';
import { comparator, shownNameStartsWith, sortedOrder, type MarketSnapshot, type SortKey } from './market-snapshot.ts';

export interface MemberFilter {
  page: number;
  pageSize: number;
  sort: MemberSort;
  order: 'asc' | 'desc';
  levelMin?: number | undefined;
  levelMax?: number | undefined;
  pins?: number[] | undefined;
  bracketMin?: number | undefined;
  bracketMax?: number | undefined;
  q: 'all' | 'q' | 'notQ';
  joinedThisPy: boolean;
  search?: string | undefined;
}

/**
 * The snapshot order a sort reads, and whether backwards. "PV to Q" (threshold minus group PV)
 * ascending is "closest to Q": the members still short, smallest gap first, then those already Q
 * (no gap); descending is group PV ascending, the largest gap first and the Q members last.
 */
function walkOf(f: Pick<MemberFilter, 'sort' | 'order'>): { key: SortKey; desc: boolean } {
  if (f.sort === 'pvToQ') return f.order === 'asc' ? { key: 'closeToQ', desc: false } : { key: 'gpv', desc: false };
  return { key: f.sort, desc: f.order === 'desc' };
}

/** A search that names one member by their whole ADA (equality only: a prefix would uncover a masked ADA digit by digit). */
export const FULL_ADA = /^\d{8,12}$/;

/** Below this many matches a page is sorted directly; above it the prebuilt sorted order is walked. */
const DIRECT_SORT_LIMIT = 4000;

/** The filters of a member list (everything but paging and order); the team tree takes the same. */
export type MemberFilterFields = Omit<MemberFilter, 'page' | 'pageSize' | 'sort' | 'order'>;

/** Just the filters of a body that carries more (for a cache key: absent filters leave no trace). */
export function filterFieldsOf(b: MemberFilterFields): MemberFilterFields {
  const { levelMin, levelMax, pins, bracketMin, bracketMax, q, joinedThisPy, search } = b;
  return { levelMin, levelMax, pins, bracketMin, bracketMax, q, joinedThisPy, search };
}

/**
 * The members of [from, to) that pass the filters, in tree order (levels counted from `root`):
 * one loop over typed arrays. The search matches only what the viewer can see: the beginning of
 * a name as shown to them (name-policy.ts), or a whole ADA they already know. The list and the
 * team tree both filter here, so a filter means the same in each.
 */
export function filterMembers(
  s: MarketSnapshot,
  root: number,
  from: number,
  to: number,
  f: MemberFilterFields,
  py: { pyStartDate: string; pyEndDate: string },
  names: NameViewer,
): Int32Array {
  const base = s.depth[root]!;
  const dMin = f.levelMin !== undefined ? base + f.levelMin : -Infinity;
  const dMax = f.levelMax !== undefined ? base + f.levelMax : Infinity;
  const pins = f.pins && f.pins.length > 0 ? new Set(f.pins) : null;
  const bMin = f.bracketMin ?? -Infinity;
  const bMax = f.bracketMax ?? Infinity;
  const wantQ = f.q === 'q' ? 1 : f.q === 'notQ' ? 0 : -1;
  const term = f.search?.trim().toLowerCase() ?? '';
  const fullAda = FULL_ADA.test(term) ? term : null;

  const matches = new Int32Array(Math.max(0, to - from));
  let total = 0;
  for (let k = from; k < to; k++) {
    const d = s.depth[k]!;
    if (d < dMin || d > dMax) continue;
    const b = s.bracket[k]!;
    if (b < bMin || b > bMax) continue;
    if (wantQ !== -1 && s.isQ[k] !== wantQ) continue;
    if (pins && !pins.has(s.pin[k]!)) continue;
    if (f.joinedThisPy) {
      const j = s.joinDate[k]!;
      if (j < py.pyStartDate || j > py.pyEndDate) continue;
    }
    if (term) {
      if (fullAda !== null) {
        if (s.ada[k] !== fullAda) continue;
      } else if (!shownNameStartsWith(s, k, names, term)) continue;
    }
    matches[total++] = k;
  }
  return matches.subarray(0, total);
}

/**
 * The members of [from, to) that pass the filters, in the requested order: the order comes from
 * sorting the matches when few, else from walking the snapshot's prebuilt sorted order.
 */
function filterAndSort(
  s: MarketSnapshot,
  root: number,
  from: number,
  to: number,
  f: MemberFilter,
  py: { pyStartDate: string; pyEndDate: string },
  names: NameViewer,
): Int32Array {
  const matches = filterMembers(s, root, from, to, f, py, names);
  const total = matches.length;
  const { key, desc } = walkOf(f);

  let ordered: Int32Array;
  if (total <= DIRECT_SORT_LIMIT) {
    const list = Array.from(matches.subarray(0, total));
    const cmp = comparator(s, key);
    list.sort(desc ? (a, b) => cmp(b, a) : cmp);
    ordered = Int32Array.from(list);
  } else {
    // Walk the snapshot's sorted order once, keeping the matches: linear, no comparisons.
    const mark = new Uint8Array(to - from);
    for (let m = 0; m < total; m++) mark[matches[m]! - from] = 1;
    const order = sortedOrder(s, key);
    ordered = new Int32Array(total);
    let w = 0;
    if (desc) {
      for (let o = order.length - 1; o >= 0; o--) {
        const k = order[o]!;
        if (k >= from && k < to && mark[k - from] === 1) ordered[w++] = k;
      }
    } else {
      for (let o = 0; o < order.length; o++) {
        const k = order[o]!;
        if (k >= from && k < to && mark[k - from] === 1) ordered[w++] = k;
      }
    }
  }
  return ordered;
}

/** True when no filter narrows the downline (the page as it first opens). */
export function unfiltered(f: MemberFilterFields): boolean {
  return (
    f.levelMin === undefined &&
    f.levelMax === undefined &&
    (f.pins === undefined || f.pins.length === 0) &&
    f.bracketMin === undefined &&
    f.bracketMax === undefined &&
    f.q === 'all' &&
    !f.joinedThisPy &&
    !f.search?.trim()
  );
}

/** Deepest page the unfiltered shortcut serves: beyond it the whole ordered list is built (and cached). */
const TOP_LIMIT = 200;

/**
 * The first `count` members of [from, to) in the requested order, without ordering the whole
 * downline: a large downline is read off the snapshot's sorted order (about count × n / size
 * steps), a small one is scanned once keeping the best `count` (at most about √(count × n)
 * members, since the cheaper of the two is taken). Same order as filterAndSort (ties by
 * position, reversed for descending).
 */
function topOfRange(s: MarketSnapshot, from: number, to: number, count: number, key: SortKey, desc: boolean): number[] {
  const size = to - from;
  if (count * s.n < size * size) {
    const order = sortedOrder(s, key);
    const out: number[] = [];
    if (desc) {
      for (let o = order.length - 1; o >= 0 && out.length < count; o--) {
        const k = order[o]!;
        if (k >= from && k < to) out.push(k);
      }
    } else {
      for (let o = 0; o < order.length && out.length < count; o++) {
        const k = order[o]!;
        if (k >= from && k < to) out.push(k);
      }
    }
    return out;
  }
  const cmp = comparator(s, key);
  const before = desc ? (a: number, b: number) => cmp(b, a) < 0 : (a: number, b: number) => cmp(a, b) < 0;
  // `best` stays ordered; most members lose to its last one and cost one comparison.
  const best: number[] = [];
  for (let k = from; k < to; k++) {
    if (best.length === count && !before(k, best[count - 1]!)) continue;
    let lo = 0;
    let hi = best.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(k, best[mid]!)) hi = mid;
      else lo = mid + 1;
    }
    best.splice(lo, 0, k);
    if (best.length > count) best.pop();
  }
  return best;
}

/**
 * A small LRU of answers per market snapshot (dropped with the snapshot): `get(s, key, make)`
 * answers the kept value, or makes, keeps and answers it.
 */
export function perSnapshotLru<T>(size: number): (s: MarketSnapshot, key: string, make: () => T) => T {
  const caches = new WeakMap<MarketSnapshot, Map<string, T>>();
  return (s, key, make) => {
    let cache = caches.get(s);
    if (!cache) {
      cache = new Map();
      caches.set(s, cache);
    }
    let value = cache.get(key);
    if (value !== undefined) cache.delete(key);
    else {
      value = make();
      if (cache.size >= size) cache.delete(cache.keys().next().value!);
    }
    cache.set(key, value);
    return value;
  };
}

const resultCache = perSnapshotLru<Int32Array>(64);

/**
 * One page of a member's downline [from, to) (the downline of `root`) after filters and
 * sorting. The whole filtered, sorted list is kept (a small LRU per snapshot), so paging
 * through a list, or many users asking the same view, costs a slice. `names` is who looks
 * at it: a name search matches names as shown to them.
 */
export function pageMembers(
  s: MarketSnapshot,
  root: number,
  from: number,
  to: number,
  f: MemberFilter,
  py: { pyStartDate: string; pyEndDate: string },
  names: NameViewer,
): { total: number; indices: number[] } {
  const start = (f.page - 1) * f.pageSize;
  if (start + f.pageSize <= TOP_LIMIT && unfiltered(f)) {
    // The page as it opens for every member: no need to order the whole downline.
    const { key, desc } = walkOf(f);
    return { total: to - from, indices: topOfRange(s, from, to, start + f.pageSize, key, desc).slice(start) };
  }
  const { page: _page, pageSize: _pageSize, ...rest } = f;
  // The viewer is in the key: a name search matches what they see, which differs between viewers.
  const ordered = resultCache(s, `${root}|${names.ada}|${JSON.stringify(rest)}`, () => filterAndSort(s, root, from, to, f, py, names));
  return { total: ordered.length, indices: Array.from(ordered.subarray(start, Math.min(ordered.length, start + f.pageSize))) };
}

export interface CopyRun {
  index: number;
  qThis: number;
  qLast: number;
  longestRun: number;
  currentRun: number;
  repeatedYear: boolean;
}

/**
 * Members of [from, to) who repeated a qualification: Q in two or more
 * consecutive months (across last PY and this one), or Q in both years.
 */
export function copyRuns(cur: MarketSnapshot, last: MarketSnapshot, from: number, to: number): CopyRun[] {
  const lastMonths = last.months.length;
  const curMonths = cur.months.length;
  const sameOrder = cur.n === last.n;
  const out: CopyRun[] = [];
  for (let k = from; k < to; k++) {
    const qThis = cur.qCount[k]!;
    let j = k;
    if (!sameOrder || last.ada[k] !== cur.ada[k]) j = last.indexOfAda.get(cur.ada[k]!) ?? -1;
    const lastMask = j >= 0 ? last.qMask[j]! : 0;
    const qLast = j >= 0 ? last.qCount[j]! : 0;
    if (qThis + qLast < 2) continue;
    let longest = 0;
    let run = 0;
    for (let b = 0; b < lastMonths; b++) {
      run = lastMask & (1 << b) ? run + 1 : 0;
      if (run > longest) longest = run;
    }
    // Months missing from last PY's snapshot (not expected) break the run.
    if (lastMonths < 12) run = 0;
    const mask = cur.qMask[k]!;
    for (let b = 0; b < curMonths; b++) {
      run = mask & (1 << b) ? run + 1 : 0;
      if (run > longest) longest = run;
    }
    // The open month only adds to the current run once it is Q; until then the run ends last month.
    let current = 0;
    const seq: boolean[] = [];
    for (let b = 0; b < lastMonths; b++) seq.push((lastMask & (1 << b)) !== 0);
    for (let b = 0; b < curMonths; b++) seq.push((mask & (1 << b)) !== 0);
    let p = seq.length - 1;
    if (p >= 0 && !seq[p]) p--;
    while (p >= 0 && seq[p]) {
      current++;
      p--;
    }
    const repeatedYear = qThis > 0 && qLast > 0;
    if (longest < 2 && !repeatedYear) continue;
    out.push({ index: k, qThis, qLast, longestRun: longest, currentRun: current, repeatedYear });
  }
  return out;
}
