import { describe, expect, it } from 'vitest';
import type { AchEstimateData } from '@abo/contract';
import { runEstimate } from './estimate-calc.ts';

const side = {
  ppv: 0,
  gpv: 0,
  pgpv: 0,
  bracketPercent: 0,
  isQ: false,
  qLegs: 0,
  apv: 0,
  isSpMonth: false,
  promotionFen: 0,
  pretaxFen: 0,
  taxFen: 0,
  netFen: 0,
  pvForNextBracket: 0,
};
const base: AchEstimateData = {
  month: '2026-11',
  ppv: 300,
  legs: [
    { id: 'L1', maskedAda: '100******11', maskedName: 'A***', gpv: 1500, pgpv: 1500, pearlPassPv: 0, leadershipUpFen: 0 },
    { id: 'L2', maskedAda: '100******12', maskedName: 'B***', gpv: 9800, pgpv: 9800, pearlPassPv: 0, leadershipUpFen: 0 },
  ],
  before: side,
  after: side,
  legsBecomingQ: [],
  ppvNeededForSp: 0,
  pace: null,
  paidOn: null,
};

describe('runEstimate', () => {
  it('moves the bracket when extra PV crosses a boundary', () => {
    const none = runEstimate(base, 0, {});
    expect(none.after.gpv).toBe(300 + 1500 + 9800);
    expect(none.after.bracketPercent).toBe(21);
    expect(runEstimate({ ...base, legs: base.legs.slice(0, 1) }, 200, {}).after.bracketPercent).toBe(12);
  });

  it('a leg lifted to 21 % leaves the personal group; the bracket stays on the whole group', () => {
    const q = runEstimate(base, 0, { L2: 200 });
    expect(q.legsBecomingQ).toEqual(['L2']);
    expect(q.after.pgpv).toBe(1800);
    expect(q.after.bracketPercent).toBe(21);
    expect(q.after.qLegs).toBe(1);
  });
});
