import { describe, expect, it } from 'vitest';
import { DEFAULT_BRACKETS, nextBracket } from './bracket.ts';
import { firstGoal } from './first-goal.ts';
import { PY2627 } from './rules/py2627.ts';

describe('firstGoal', () => {
  it('points a member with no volume yet at the first bracket', () => {
    expect(firstGoal(DEFAULT_BRACKETS, 0)).toEqual({
      groupPv: 0,
      currentPercent: 0,
      targetPercent: 3,
      targetMinPv: 200,
      pvNeeded: 200,
      progressPct: 0,
    });
  });

  it('says what the next bracket still takes, and how far along from the current step', () => {
    // 120 PV: 80 more reach 3 %.
    expect(firstGoal(DEFAULT_BRACKETS, 120)).toMatchObject({ currentPercent: 0, targetPercent: 3, pvNeeded: 80, progressPct: 60 });
    // Exactly on a threshold: that bracket is reached, the goal is the next one.
    expect(firstGoal(DEFAULT_BRACKETS, 200)).toMatchObject({
      currentPercent: 3,
      targetPercent: 6,
      targetMinPv: 600,
      pvNeeded: 400,
      progressPct: 0,
    });
    // 8 009 PV: 1 991 more reach 21 % (the Q threshold).
    expect(firstGoal(DEFAULT_BRACKETS, 8_009)).toMatchObject({ currentPercent: 18, targetPercent: 21, pvNeeded: 1_991, progressPct: 33 });
    // One PV short is not shown as done.
    expect(firstGoal(DEFAULT_BRACKETS, 9_999)!.progressPct).toBe(99);
  });

  it('has no goal at the top bracket, and reads the PY’s own table', () => {
    expect(firstGoal(DEFAULT_BRACKETS, 10_000)).toBeNull();
    expect(firstGoal(PY2627.brackets, 0)!.targetMinPv).toBe(PY2627.brackets[0]!.minPv);
    expect(firstGoal([], 0)).toBeNull();
  });

  it('counts a month below zero (returns) as the estimate does: its returns are made up first', () => {
    // 200 PV on a month at −200 leaves it at 0: the first bracket takes 400, as nextBracket says.
    expect(firstGoal(DEFAULT_BRACKETS, -200)).toMatchObject({ groupPv: -200, pvNeeded: nextBracket(DEFAULT_BRACKETS, -200).pvNeeded });
    expect(firstGoal(DEFAULT_BRACKETS, -200)!.pvNeeded).toBe(400);
    // The bar starts at zero.
    expect(firstGoal(DEFAULT_BRACKETS, -200)!.progressPct).toBe(0);
  });
});
