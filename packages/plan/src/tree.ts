// The sponsorship tree as flat typed arrays: node i's sponsor is sponsorIndex[i] (-1 for a
// root), and every sponsor comes before its downline (sponsorIndex[i] < i). That order lets a
// month close in one reverse pass with no recursion, no maps and no per-node allocation.

/** Throws unless every sponsor index is -1 or smaller than the node's own index. */
export function validateTree(sponsorIndex: Int32Array): void {
  for (let i = 0; i < sponsorIndex.length; i++) {
    const s = sponsorIndex[i]!;
    if (s < -1 || s >= i) {
      throw new RangeError(`node ${i}: sponsor ${s} must be -1 or a smaller index`);
    }
  }
}

/** Frontline lists in compressed form: children of i are list[start[i]] … list[start[i+1]-1]. */
export interface Children {
  readonly start: Int32Array;
  readonly list: Int32Array;
}

/** Builds the frontline (direct downline) of every node, children in index order. O(n). */
export function buildChildren(sponsorIndex: Int32Array): Children {
  const n = sponsorIndex.length;
  const start = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) {
    const s = sponsorIndex[i]!;
    if (s >= 0) start[s + 1]!++;
  }
  for (let i = 0; i < n; i++) start[i + 1]! += start[i]!;
  const fill = start.slice(0, n);
  const list = new Int32Array(start[n]!);
  for (let i = 0; i < n; i++) {
    const s = sponsorIndex[i]!;
    if (s >= 0) list[fill[s]!++] = i;
  }
  return { start, list };
}

/** The frontline of one node (a view, no copy). */
export function frontline(children: Children, i: number): Int32Array {
  return children.list.subarray(children.start[i]!, children.start[i + 1]!);
}
