import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findCycles, layoutTree } from './tree.ts';

describe('the import tree', () => {
  it('finds each sponsor cycle once, with its members in sponsor order', () => {
    // 0 ← 1 ← 2 is a chain; 3 → 4 → 5 → 3 and 6 ↔ 7 are cycles; 8 hangs below one.
    const sponsor = Int32Array.from([-1, 0, 1, 5, 3, 4, 7, 6, 4]);
    const cycles = findCycles(sponsor).map((c) => [...c].sort());
    expect(cycles.sort()).toEqual([
      [3, 4, 5],
      [6, 7],
    ]);
    expect(findCycles(Int32Array.from([-1, 0, 0, 2]))).toEqual([]);
  });

  it('lays out any forest in pre-order, siblings in the given order', () => {
    fc.assert(
      fc.property(
        fc
          .array(fc.nat(), { minLength: 1, maxLength: 60 })
          .chain((raw) =>
            fc.tuple(fc.constant(raw), fc.shuffledSubarray([...raw.keys()], { minLength: raw.length, maxLength: raw.length })),
          ),
        ([raw, perm]) => {
          // perm[k] is the k-th node in "creation" order; each one's sponsor is an earlier one or none.
          const n = raw.length;
          const sponsor = new Int32Array(n).fill(-1);
          perm.forEach((node, k) => {
            const r = raw[k]! % (k + 2);
            sponsor[node] = r <= k - 1 ? perm[r]! : -1;
          });
          const order = Int32Array.from([...perm].reverse());
          const { pos, size, depth } = layoutTree(sponsor, order);
          expect([...pos].sort((a, b) => a - b)).toEqual([...Array(n).keys()]);
          for (let i = 0; i < n; i++) {
            const s = sponsor[i]!;
            expect(depth[i]).toBe(s < 0 ? 0 : depth[s]! + 1);
            let members = 1;
            for (let j = 0; j < n; j++) {
              let up = sponsor[j]!;
              while (up >= 0 && up !== i) up = sponsor[up]!;
              if (up === i) {
                members++;
                expect(pos[j]! > pos[i]! && pos[j]! < pos[i]! + size[i]!).toBe(true);
              }
            }
            expect(size[i]).toBe(members);
          }
          // Siblings (and roots) follow `order`.
          const rank = new Map([...order].map((node, k) => [node, k]));
          for (let a = 0; a < n; a++) {
            for (let b = 0; b < n; b++) {
              if (a !== b && sponsor[a] === sponsor[b] && rank.get(a)! < rank.get(b)!) expect(pos[a]!).toBeLessThan(pos[b]!);
            }
          }
        },
      ),
    );
  });

  it('refuses a forest with a cycle', () => {
    expect(() => layoutTree(Int32Array.from([-1, 2, 1]), Int32Array.from([0, 1, 2]))).toThrow(/cycle/);
  });
});
