// The team tree (issue #22) read off the market snapshot: a page of a member's children, each
// with how many children and members are below them, and the search that finds members and the
// path of references down to them. Pure: no database, no request (market-routes.ts registers the calls).
import { TREE_SEARCH_LIMIT, TREE_SEARCH_MAX_LEVEL, type TreeData, type TreeNode, type TreeSearchData } from '@abo/contract';
import { badRequest, forbidden } from '../../lib/app-error.ts';
import { refOf } from '../../lib/member-ref.ts';
import type { NameViewer } from '../../lib/name-policy.ts';
import { FULL_ADA } from './market-query.ts';
import { downlineRange, shownNameStartsWith, shownOf, type MarketSnapshot } from './market-snapshot.ts';

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

function childCount(s: MarketSnapshot, i: number): number {
  const [from, to] = downlineRange(s, i);
  let n = 0;
  for (let k = from; k < to; k = afterSubtree(s, k)) n++;
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

/** The order of a member's children in the tree: largest group PV first, ties in tree order. */
const byGpv = (s: MarketSnapshot) => (a: number, b: number) => s.gpv[b]! - s.gpv[a]! || a - b;

/** Member k as a tree node. */
function nodeOf(s: MarketSnapshot, k: number, names: NameViewer): TreeNode {
  const shown = shownOf(s, k, names);
  return {
    ref: refOf(s.no[k]!),
    maskedName: { zh: shown.nameZh, en: shown.nameEn },
    maskedAda: shown.maskedAda,
    pinCode: s.pin[k]!,
    gpv: s.gpv[k]!,
    bracket: s.bracket[k]!,
    isQ: s.isQ[k]! === 1,
    children: childCount(s, k),
    downlineSize: s.size[k]! - 1,
  };
}

/**
 * A page of member i's children as tree nodes, in the tree's order (byGpv), with how many there
 * are in all. An offset past the last child is refused (offset 0 of a leaf is an empty page), so
 * a page the tree asks for after the figures moved is answered plainly rather than silently empty.
 */
export function treePage(
  s: MarketSnapshot,
  i: number,
  names: NameViewer,
  offset: number,
  pageSize: number,
): Pick<TreeData, 'total' | 'offset' | 'hasMore' | 'nodes'> {
  const kids = childrenOf(s, i);
  if (offset > 0 && offset >= kids.length) throw badRequest('offset is past the last child');
  kids.sort(byGpv(s));
  const page = kids.slice(offset, offset + pageSize);
  return {
    total: kids.length,
    offset,
    hasMore: offset + page.length < kids.length,
    nodes: page.map((k) => nodeOf(s, k, names)),
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
 * Each member's place among its parent's children in the tree's order (byGpv), the parent's
 * children sorted once per search (matches often share parents, the viewer's frontline above all).
 */
function placesAmongSiblings(s: MarketSnapshot): (parent: number, k: number) => number {
  const places = new Map<number, Map<number, number>>();
  return (parent, k) => {
    let of = places.get(parent);
    if (!of) {
      of = new Map(
        childrenOf(s, parent)
          .sort(byGpv(s))
          .map((c, place) => [c, place]),
      );
      places.set(parent, of);
    }
    return of.get(k)!;
  };
}

/**
 * Members of root's downline matching the search as the members list does (market-query.ts): the
 * beginning of a name as shown to the viewer, or a whole ADA. The first TREE_SEARCH_LIMIT in tree
 * order, each with the path the tree opens to reach them and where on that path each member sits
 * among its parent's children (the tree loads the pages that hold them); no path past
 * TREE_SEARCH_MAX_LEVEL.
 */
export function treeSearch(s: MarketSnapshot, root: number, names: NameViewer, search: string): TreeSearchData {
  const term = search.trim().toLowerCase();
  const fullAda = FULL_ADA.test(term) ? term : null;
  const [from, to] = downlineRange(s, root);
  const found: number[] = [];
  let total = 0;
  for (let k = from; k < to; k++) {
    if (fullAda !== null ? s.ada[k] !== fullAda : !shownNameStartsWith(s, k, names, term)) continue;
    if (total++ < TREE_SEARCH_LIMIT) found.push(k);
  }
  const base = s.depth[root]!;
  const placeOf = placesAmongSiblings(s);
  return {
    total,
    matches: found.map((k) => {
      const shown = shownOf(s, k, names);
      const level = s.depth[k]! - base;
      // The path grows with the tree's depth: past the level the tree opens to, none at all.
      const path = level > TREE_SEARCH_MAX_LEVEL ? [] : pathTo(s, root, k);
      return {
        ref: refOf(s.no[k]!),
        maskedName: { zh: shown.nameZh, en: shown.nameEn },
        maskedAda: shown.maskedAda,
        level,
        path: path.map((j) => refOf(s.no[j]!)),
        positions: path.map((j, n) => placeOf(n === 0 ? root : path[n - 1]!, j)),
      };
    }),
  };
}
