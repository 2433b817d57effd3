import { describe, expect, it } from 'vitest';
import type { AchEstimateData } from '@abo/contract';
import { presetsFor, runEstimate, runWhatIf } from './estimate-calc.ts';

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
    {
      id: 'L1',
      maskedAda: '100******11',
      maskedName: { zh: 'A***', en: 'A***' },
      gpv: 1500,
      pgpv: 1500,
      pearlPassPv: 0,
      leadershipUpFen: 0,
    },
    {
      id: 'L2',
      maskedAda: '100******12',
      maskedName: { zh: 'B***', en: 'B***' },
      gpv: 9800,
      pgpv: 9800,
      pearlPassPv: 0,
      leadershipUpFen: 0,
    },
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

  it('from the pace: the pace is extra volume, and what is entered adds on top of it', () => {
    const paced = { ...base, pace: { daysElapsed: 20, daysInMonth: 30, factor: 1.5, extraPpv: 150, extraLegPv: { L1: 750, L2: 4_900 } } };
    const w = runWhatIf(paced, 'pace', 100, { L1: 50 });
    expect(w.start).toEqual(runEstimate(paced, 150, { L1: 750, L2: 4_900 }).after);
    expect(w.est.after).toEqual(runEstimate(paced, 250, { L1: 800, L2: 4_900 }).after);
    // L2 reaches 21 % at the pace already: the extra PV does not lift it.
    expect(w.legsBecomingQ).toEqual([]);
    expect(runWhatIf(paced, 'soFar', 100, { L1: 50 }).start).toEqual(runEstimate(paced, 0, {}).after);
    // The presets start where the what-if does: the leg closest to Q at the pace is L1.
    expect(presetsFor(paced, 'pace').find((p) => p.kind === 'legQ')).toMatchObject({ legId: 'L1', extraLegPv: 10_000 - 2_250 });
  });
});
