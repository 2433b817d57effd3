// The sponsorship tree of an import: cycles (which the files must not have) and the columns the
// downline queries read, tree_pos / tree_size / depth (downline of x = pos in (x.pos, x.pos + x.size)).
// Nodes may come in any order here, unlike the engine's arrays (sponsors first): an import
// mixes the database's members with the files' in file order.

/**
 * Every sponsor cycle, each once, as its nodes in sponsor order (a → its sponsor → …). `sponsor[i]`
 * is a node index or -1 for a root. O(n): each node is walked once.
 */
export function findCycles(sponsor: Int32Array): number[][] {
  const n = sponsor.length;
  // 0 = not seen, w > 0 = on walk w (or finished by it).
  const walk = new Int32Array(n);
  const cycles: number[][] = [];
  let w = 0;
  for (let start = 0; start < n; start++) {
    if (walk[start] !== 0) continue;
    w++;
    let i = start;
    while (i >= 0 && walk[i] === 0) {
      walk[i] = w;
      i = sponsor[i]!;
    }
    // Back on a node of this same walk: the walk has closed a loop.
    if (i >= 0 && walk[i] === w) {
      const cycle = [i];
      for (let j = sponsor[i]!; j !== i; j = sponsor[j]!) cycle.push(j);
      cycles.push(cycle);
    }
  }
  return cycles;
}

export interface TreeLayout {
  readonly pos: Int32Array;
  readonly size: Int32Array;
  readonly depth: Int32Array;
}

/**
 * Pre-order positions, subtree sizes and depths of a forest without cycles. Siblings (and roots)
 * are laid out in the order they appear in `order` (a permutation of all nodes), so a caller that
 * orders existing members by their old position keeps the old layout and appends the new ones.
 */
export function layoutTree(sponsor: Int32Array, order: Int32Array): TreeLayout {
  const n = sponsor.length;
  // Children in compressed lists, filled in `order`.
  const start = new Int32Array(n + 1);
  let roots = 0;
  for (let i = 0; i < n; i++) {
    const s = sponsor[i]!;
    if (s >= 0) start[s + 1]!++;
    else roots++;
  }
  for (let i = 0; i < n; i++) start[i + 1]! += start[i]!;
  const fill = start.slice(0, n);
  const children = new Int32Array(start[n]!);
  const rootList = new Int32Array(roots);
  let r = 0;
  for (let k = 0; k < n; k++) {
    const i = order[k]!;
    const s = sponsor[i]!;
    if (s >= 0) children[fill[s]!++] = i;
    else rootList[r++] = i;
  }

  const pos = new Int32Array(n).fill(-1);
  const size = new Int32Array(n).fill(1);
  const depth = new Int32Array(n);
  const preorder = new Int32Array(n);
  const stack = new Int32Array(n);
  let top = 0;
  let next = 0;
  for (let k = roots - 1; k >= 0; k--) stack[top++] = rootList[k]!;
  while (top > 0) {
    const i = stack[--top]!;
    pos[i] = next;
    preorder[next++] = i;
    for (let c = start[i + 1]! - 1; c >= start[i]!; c--) {
      const child = children[c]!;
      depth[child] = depth[i]! + 1;
      stack[top++] = child;
    }
  }
  if (next !== n) throw new RangeError(`the tree has a cycle: ${n - next} nodes are not under a root`);
  // Children come after their sponsor in pre-order: add sizes up from the end.
  for (let k = n - 1; k > 0; k--) {
    const i = preorder[k]!;
    const s = sponsor[i]!;
    if (s >= 0) size[s]! += size[i]!;
  }
  return { pos, size, depth };
}
