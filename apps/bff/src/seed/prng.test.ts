import { describe, expect, it } from 'vitest';
import { isValidChineseId } from '../lib/national-id.ts';
import { luhnCheckDigit, randomPerson } from './people.ts';
import { Rng } from './prng.ts';

describe('seeded PRNG', () => {
  it('repeats per (seed, stream) and differs across streams', () => {
    const a = new Rng(42, 'tree');
    const b = new Rng(42, 'tree');
    const c = new Rng(42, 'orders');
    const xs = Array.from({ length: 5 }, () => a.next32());
    expect(Array.from({ length: 5 }, () => b.next32())).toEqual(xs);
    expect(Array.from({ length: 5 }, () => c.next32())).not.toEqual(xs);
  });

  it('draws in range with about the right moments', () => {
    const r = new Rng(1);
    let sum = 0;
    let sq = 0;
    let pois = 0;
    const n = 20_000;
    for (let i = 0; i < n; i++) {
      const u = r.next();
      const k = r.int(3, 5);
      if (!(u >= 0 && u < 1) || !(k >= 3 && k <= 5)) throw new Error(`out of range: ${u} ${k}`);
      const z = r.normal();
      sum += z;
      sq += z * z;
      pois += r.poisson(1.5);
    }
    expect(Math.abs(sum / n)).toBeLessThan(0.05);
    expect(Math.abs(sq / n - 1)).toBeLessThan(0.05);
    expect(Math.abs(pois / n - 1.5)).toBeLessThan(0.05);
  });
});

describe('generated people', () => {
  it('have valid ids (GB 11643), phones and Luhn-valid bank cards', () => {
    const r = new Rng(3, 'people');
    for (let i = 0; i < 500; i++) {
      const p = randomPerson(r, 2026);
      expect(isValidChineseId(p.nationalId), p.nationalId).toBe(true);
      // 17th digit: odd for men, even for women.
      expect(Number(p.nationalId[16]) % 2).toBe(p.female ? 0 : 1);
      expect(p.phone).toMatch(/^1[358]\d{9}$/);
      expect(p.bankCard).toMatch(/^\d{16,19}$/);
      expect(luhnCheckDigit(p.bankCard.slice(0, -1))).toBe(p.bankCard.slice(-1));
    }
    // A known Luhn example.
    expect(luhnCheckDigit('7992739871')).toBe('3');
  });
});
