// The team tree (issue #22) read off the market snapshot: a page of a member's children, each
// with how many children and members are below them, and the search that finds members and the
// path of references down to them. Each member carries their gap to Q this month and whether they
// are near Q; the children come in the order asked for, narrowed by the member list's filters
// (issue #32). Pure: no database, no request (market-routes.ts registers the calls).
import { TREE_SEARCH_LIMIT, TREE_SEARCH_MAX_LEVEL, type TreeData, type TreeNode, type TreeSearchData, type TreeSort } from '@abo/contract';
import { isNearQ, qGap } from '@abo/plan';
import { badRequest, forbidden } from '../../lib/app-error.ts';
import { refOf } from '../../lib/member-ref.ts';
import { shownNameText, type NameViewer } from '../../lib/name-policy.ts';
import { filterFieldsOf, filterMembers, FULL_ADA, perSnapshotLru, unfiltered, type MemberFilterFields } from './market-filter.ts';
import { comparator, downlineRange, shownNameStartsWith, shownOf, type MarketSnapshot } from './market-snapshot.ts';

/** First index whose tree position is ≥ pos (positions ascend, pre-order; they may have gaps). */
function lowerBound(s: MarketSnapshot, pos: number, lo = 0, hi = s.n): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (s.pos[mid]! < pos) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The index after member k's subtree: k's next sibling, or where the parent's subtree ends. */
function afterSubtree(s: MarketSnapshot, k: number): number {
  return lowerBound(s, s.pos[k]! + s.size[k]!, k + 1);
}

/** Member i's direct children in tree order: one jump over each child's subtree. */
export function childrenOf(s: MarketSnapshot, i: number): number[] {
  const [from, to] = downlineRange(s, i);
  const out: number[] = [];
  for (let k = from; k < to; k = afterSubtree(s, k)) out.push(k);
  return out;
}

/**
 * Which members of the viewer's downline [from, to) match the list's filters: `mark` per member
 * and `cum`, running counts of matches (cum[j] = matches among the first j), so the matches in
 * any subtree, a contiguous run of members, are one subtraction.
 */
export interface TreeFilter {
  from: number;
  mark: Uint8Array;
  cum: Int32Array;
}

/** Matches among members [a, b) of the viewer's downline. */
const matchesIn = (f: TreeFilter, a: number, b: number) => f.cum[b - f.from]! - f.cum[a - f.from]!;

/** Matches in member i's downline (i excluded). */
export function matchesBelow(s: MarketSnapshot, f: TreeFilter, i: number): number {
  const [a, b] = downlineRange(s, i);
  return matchesIn(f, a, b);
}

/** How the tree is read: the order of children, the filters (null: none set) and the Q threshold. */
export interface TreeView {
  sort: TreeSort;
  filter: TreeFilter | null;
  threshold: number;
}

const filterCache = perSnapshotLru<TreeFilter>(16);

/**
 * The filters over the viewer's downline, or null when none narrows it. Kept per snapshot (a
 * small LRU), so the pages of a filtered tree opened branch by branch filter the market once.
 */
export function treeFilter(
  s: MarketSnapshot,
  root: number,
  body: MemberFilterFields,
  py: { pyStartDate: string; pyEndDate: string },
  names: NameViewer,
): TreeFilter | null {
  const f = filterFieldsOf(body);
  if (unfiltered(f)) return null;
  // The viewer is in the key: a name search matches what they see.
  return filterCache(s, `${root}|${names.ada}|${JSON.stringify(f)}`, () => {
    const [from, to] = downlineRange(s, root);
    const mark = new Uint8Array(to - from);
    for (const k of filterMembers(s, root, from, to, f, py, names)) mark[k - from] = 1;
    const cum = new Int32Array(to - from + 1);
    for (let j = 0; j < mark.length; j++) cum[j + 1] = cum[j]! + mark[j]!;
    return { from, mark, cum };
  });
}

/**
 * Member i's children the tree lists, in tree order: all of them, or with filters those that
 * match or have a match below (the way down to a match, so the filtered tree stays a tree).
 */
function listedChildren(s: MarketSnapshot, i: number, f: TreeFilter | null): number[] {
  if (!f) return childrenOf(s, i);
  const [from, to] = downlineRange(s, i);
  const out: number[] = [];
  for (let k = from; k < to;) {
    // k and its subtree are the members [k, end).
    const end = afterSubtree(s, k);
    if (matchesIn(f, k, end) > 0) out.push(k);
    k = end;
  }
  return out;
}

function childCount(s: MarketSnapshot, i: number, f: TreeFilter | null): number {
  const [from, to] = downlineRange(s, i);
  let n = 0;
  for (let k = from; k < to;) {
    const end = afterSubtree(s, k);
    if (!f || matchesIn(f, k, end) > 0) n++;
    k = end;
  }
  return n;
}

/**
 * The member a reference named (`ada`, db/distributors.ts distributorOfRef; undefined: no one),
 * when the viewer (`root`) may see them: the viewer or someone in the viewer's downline. Anything
 * else is refused with the same answer whether that member exists or not, so a reference tells
 * nothing about the rest of the tree.
 */
export function indexOfMember(s: MarketSnapshot, root: number, ada: string | undefined): number {
  const k = ada === undefined ? undefined : s.indexOfAda.get(ada);
  if (k === root) return root;
  const [from, to] = downlineRange(s, root);
  if (k === undefined || k < from || k >= to) throw forbidden('You can only view distributors in your own market');
  return k;
}

/** The order of a member's children in the tree as it opens: largest group PV first, ties in tree order. */
const byGpv = (s: MarketSnapshot) => (a: number, b: number) => s.gpv[b]! - s.gpv[a]! || a - b;

/** The order asked for: by group PV, or the member list's "closest to Q" (the same comparator). */
const orderOf = (s: MarketSnapshot, sort: TreeSort) => (sort === 'pvToQ' ? comparator(s, 'closeToQ') : byGpv(s));

/** Member k as a tree node; the gap to Q and "near Q" from the plan, as member tracking has them. */
function nodeOf(s: MarketSnapshot, k: number, names: NameViewer, view: TreeView): TreeNode {
  const shown = shownOf(s, k, names);
  const gpv = s.gpv[k]!;
  const isQ = s.isQ[k]! === 1;
  const f = view.filter;
  return {
    ref: refOf(s.no[k]!),
    maskedName: shownNameText(shown),
    maskedAda: shown.maskedAda,
    pinCode: s.pin[k]!,
    gpv,
    bracket: s.bracket[k]!,
    isQ,
    pvToQ: qGap(gpv, view.threshold),
    nearQ: !isQ && isNearQ(gpv, view.threshold),
    match: f ? f.mark[k - f.from] === 1 : true,
    matchesBelow: f ? matchesBelow(s, f, k) : null,
    children: childCount(s, k, f),
    downlineSize: s.size[k]! - 1,
  };
}

/**
 * A page of member i's children as tree nodes, in the view's order, with how many there are in
 * all (with filters: those the tree lists, and the matches below i). An offset past the last child
 * is refused (offset 0 of a leaf is an empty page), so a page the tree asks for after the figures
 * moved is answered plainly rather than silently empty.
 */
export function treePage(
  s: MarketSnapshot,
  i: number,
  names: NameViewer,
  offset: number,
  pageSize: number,
  view: TreeView,
): Pick<TreeData, 'matching' | 'total' | 'offset' | 'hasMore' | 'nodes'> {
  const kids = listedChildren(s, i, view.filter);
  if (offset > 0 && offset >= kids.length) throw badRequest('offset is past the last child');
  kids.sort(orderOf(s, view.sort));
  const page = kids.slice(offset, offset + pageSize);
  return {
    matching: view.filter ? matchesBelow(s, view.filter, i) : null,
    total: kids.length,
    offset,
    hasMore: offset + page.length < kids.length,
    nodes: page.map((k) => nodeOf(s, k, names, view)),
  };
}

/** Member k's ancestors below `root`, frontline first, k last (the nearest earlier member one level up is the parent). */
function pathTo(s: MarketSnapshot, root: number, k: number): number[] {
  const path = [k];
  let depth = s.depth[k]!;
  const top = s.depth[root]! + 1;
  for (let j = k - 1; j > root && depth > top; j--) {
    if (s.depth[j]! < depth) {
      path.push(j);
      depth = s.depth[j]!;
    }
  }
  return path.reverse();
}

/**
 * Each member's place among the children the tree lists under its parent, in the view's order,
 * the parent's children sorted once per search (matches often share parents, the viewer's
 * frontline above all).
 */
function placesAmongSiblings(s: MarketSnapshot, view: TreeView): (parent: number, k: number) => number {
  const places = new Map<number, Map<number, number>>();
  const order = orderOf(s, view.sort);
  return (parent, k) => {
    let of = places.get(parent);
    if (!of) {
      of = new Map(
        listedChildren(s, parent, view.filter)
          .sort(order)
          .map((c, place) => [c, place]),
      );
      places.set(parent, of);
    }
    return of.get(k)!;
  };
}

/**
 * Members of root's downline matching the search as the members list does (market-filter.ts): the
 * beginning of a name as shown to the viewer, or a whole ADA; with filters, only members the tree
 * lists (matching, or on the way to a match). The first TREE_SEARCH_LIMIT in tree order, each with
 * the path the tree opens to reach them and where on that path each member sits among its parent's
 * children (the tree loads the pages that hold them); no path past TREE_SEARCH_MAX_LEVEL.
 */
export function treeSearch(s: MarketSnapshot, root: number, names: NameViewer, search: string, view: TreeView): TreeSearchData {
  const term = search.trim().toLowerCase();
  const fullAda = FULL_ADA.test(term) ? term : null;
  const [from, to] = downlineRange(s, root);
  const f = view.filter;
  const found: number[] = [];
  let total = 0;
  for (let k = from; k < to; k++) {
    if (fullAda !== null ? s.ada[k] !== fullAda : !shownNameStartsWith(s, k, names, term)) continue;
    if (f && f.mark[k - f.from] !== 1 && matchesBelow(s, f, k) === 0) continue;
    if (total++ < TREE_SEARCH_LIMIT) found.push(k);
  }
  const base = s.depth[root]!;
  const placeOf = placesAmongSiblings(s, view);
  return {
    total,
    matches: found.map((k) => {
      const shown = shownOf(s, k, names);
      const level = s.depth[k]! - base;
      // The path grows with the tree's depth: past the level the tree opens to, none at all.
      const path = level > TREE_SEARCH_MAX_LEVEL ? [] : pathTo(s, root, k);
      return {
        ref: refOf(s.no[k]!),
        maskedName: shownNameText(shown),
        maskedAda: shown.maskedAda,
        level,
        path: path.map((j) => refOf(s.no[j]!)),
        positions: path.map((j, n) => placeOf(n === 0 ? root : path[n - 1]!, j)),
      };
    }),
  };
}
