import { describe, expect, it } from 'vitest';
import { presetsFor, runEstimate, runWhatIf } from './estimate-calc.ts';
import { estimateAnswer, estimateLeg } from './estimate.test-support.ts';

const base = estimateAnswer('2026-11', 300, [
  estimateLeg('L1', '100******11', { zh: 'A***', en: 'A***' }, 1500),
  estimateLeg('L2', '100******12', { zh: 'B***', en: 'B***' }, 9800),
]);

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
