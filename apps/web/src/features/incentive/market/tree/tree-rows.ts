// The tree's rows: loaded branches flattened into the visible treeitems, a page of children at
// a time, with a "Show N more" row after a branch's loaded children when more follow.
import type { TreeData, TreeNode } from '@abo/contract';
import type { UseQueryResult } from '@tanstack/react-query';

export type NodeRow = {
  kind: 'node';
  key: string;
  node: TreeNode;
  level: number;
  setSize: number;
  posInSet: number;
  parent: string | null;
  expanded: boolean;
};
/** After a branch's loaded children when more follow: loads the next page (`loading` while it comes). */
export type MoreRow = {
  kind: 'more';
  key: string;
  level: number;
  parent: string | null;
  loaded: number;
  total: number;
  /** The page it loads (idle), or that is coming or failed. */
  page: number;
  state: 'idle' | 'loading' | 'error';
};
export type Row = NodeRow | MoreRow | { kind: 'loading' | 'error'; key: string; level: number; parent: string };

/** A branch by its parent's reference; '' is the viewer's frontline. */
export const branchKey = (parent: string | null) => parent ?? '';
export const moreKey = (parent: string | null) => `more:${branchKey(parent)}`;

export type PageResult = Pick<UseQueryResult<TreeData>, 'data' | 'isError'>;

/**
 * A branch's pages in order as one list: its children so far, how many there are in all, and
 * whether the next page is wanted, coming or failed. A child seen on an earlier page is not listed
 * again (the order can shift between pages when the hourly import moves the figures).
 */
export function joinPages(pages: readonly PageResult[]): {
  nodes: TreeNode[];
  total: number;
  page: number;
  next: 'none' | MoreRow['state'];
} {
  const nodes: TreeNode[] = [];
  const seen = new Set<string>();
  let total = 0;
  for (const [page, p] of pages.entries()) {
    if (!p.data) return { nodes, total, page, next: p.isError ? 'error' : 'loading' };
    total = p.data.total;
    for (const n of p.data.nodes) {
      if (seen.has(n.ref)) continue;
      seen.add(n.ref);
      nodes.push(n);
    }
    if (!p.data.hasMore) return { nodes, total, page, next: 'none' };
  }
  return { nodes, total, page: pages.length, next: 'idle' };
}

/**
 * The visible rows: the frontline, below each opened member its children (or a loading / error
 * row while the first page comes), and after a list with more to come its "show more" item.
 */
export function flatten(
  expanded: ReadonlySet<string>,
  branch: (parent: string | null) => ReturnType<typeof joinPages>,
): { rows: Row[]; index: Map<string, number>; loaded: Map<string, TreeNode[]> } {
  const rows: Row[] = [];
  const index = new Map<string, number>();
  const loaded = new Map<string, TreeNode[]>();
  const walk = (parent: string | null, level: number) => {
    const b = branch(parent);
    loaded.set(branchKey(parent), b.nodes);
    if (b.nodes.length === 0 && b.next !== 'none' && parent !== null) {
      rows.push({ kind: b.next === 'error' ? 'error' : 'loading', key: `status:${parent}`, level, parent });
      return;
    }
    // The set is every child, loaded or not, so "3 of 424" is said from the first page on.
    const setSize = Math.max(b.total, b.nodes.length);
    b.nodes.forEach((node, i) => {
      const open = expanded.has(node.ref) && node.children > 0;
      index.set(node.ref, rows.length);
      rows.push({ kind: 'node', key: node.ref, node, level, setSize, posInSet: i + 1, parent, expanded: open });
      if (open) walk(node.ref, level + 1);
    });
    if (b.next !== 'none' && b.nodes.length > 0) {
      const key = moreKey(parent);
      index.set(key, rows.length);
      rows.push({ kind: 'more', key, level, parent, loaded: b.nodes.length, total: setSize, page: b.page, state: b.next });
    }
  };
  walk(null, 1);
  return { rows, index, loaded };
}
