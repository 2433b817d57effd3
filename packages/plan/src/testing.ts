// Test helpers (not exported from the package): deterministic random trees and volumes.
import type { closeIncome } from './close-income.ts';
import { closedLegVolume } from './close-legs.ts';
import type { closeMonth } from './close.ts';
import type { LegVolume } from './income.ts';
import { frontline, type buildChildren } from './tree.ts';

/** A small deterministic PRNG (mulberry32) so helpers don't depend on Math.random. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random tree in sponsor-first order; `fanout` biases toward recent sponsors (deep legs). */
export function randomTree(n: number, seed: number, roots = 1): Int32Array {
  const r = rng(seed);
  const s = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    if (i < roots) s[i] = -1;
    else s[i] = r() < 0.5 ? Math.floor(r() * i) : Math.max(0, i - 1 - Math.floor(r() * 20));
  }
  return s;
}

/** Random monthly PV, mostly small with a few big producers. */
export function randomPv(n: number, seed: number): Int32Array {
  const r = rng(seed);
  const pv = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const x = r();
    pv[i] = x < 0.3 ? 0 : x < 0.9 ? Math.floor(r() * 800) : Math.floor(r() * 12_000);
  }
  return pv;
}

/**
 * Random monthly PV with returns: randomPv, and about one node in eight has more returned than
 * bought (down to −3 000 PV), as a company's month of orders and returns can.
 */
export function randomPvWithReturns(n: number, seed: number): Int32Array {
  const r = rng(seed ^ 0x5bd1e995);
  const pv = randomPv(n, seed);
  for (let i = 0; i < n; i++) if (r() < 0.125) pv[i] = -1 - Math.floor(r() * 3_000);
  return pv;
}

/** Each node's BV, fen: a random 9.00–14.00 CNY per PV (a company's orders carry their own BV). */
export function randomBvFen(pv: Int32Array, seed: number): Float64Array {
  const r = rng(seed ^ 0x27d4eb2f);
  return Float64Array.from(pv, (v) => v * (900 + Math.floor(r() * 501)));
}

/** Node i's frontline legs as a statement reads them from a closed month (the close's figures). */
export function closedLegs(
  ch: ReturnType<typeof buildChildren>,
  i: number,
  close: ReturnType<typeof closeMonth>,
  inc: ReturnType<typeof closeIncome>,
): LegVolume[] {
  return Array.from(frontline(ch, i), (k) => ({
    ...closedLegVolume(close, k, String(k)),
    leadershipUpFen: inc.leadershipUpFen[k]!,
    ...(close.isQ[k] ? {} : { leadershipLegs: close.leadershipLegs[k]!, leadershipBaseBvFen: close.qLegPgbvFen[k]! }),
  }));
}
