// A member's first goal this month, in the terms of the bracket table: the next bracket above the
// month's group PV so far (the first one, 3 % by default, for someone with no volume yet), what it
// still takes and how far along the way from the current step's floor the month already is.
import { nextBracket } from './bracket.ts';
import type { BracketStep } from './rules/types.ts';

export interface FirstGoal {
  /** The month's group PV so far (the bracket is decided by it, 21 % legs included; below zero with returns). */
  groupPv: number;
  currentPercent: number;
  targetPercent: number;
  targetMinPv: number;
  /** PV still needed this month (> 0). */
  pvNeeded: number;
  /** 0–100: the way from the current step's floor (0 below the first step) to the target. */
  progressPct: number;
}

/** The next bracket to reach this month, or null once the month is at the top bracket. */
export function firstGoal(table: readonly BracketStep[], groupPv: number): FirstGoal | null {
  // A month below zero (returns above the orders) needs its returns made up too, as the estimate
  // counts it: the PV needed is from the group PV itself; only the bar starts at zero.
  const next = nextBracket(table, groupPv);
  const pv = Math.max(0, groupPv);
  if (next.nextPercent === null || next.nextMinPv === null) return null;
  let floor = 0;
  for (const s of table) if (s.minPv <= pv) floor = s.minPv;
  const span = next.nextMinPv - floor;
  return {
    groupPv,
    currentPercent: next.currentPercent,
    targetPercent: next.nextPercent,
    targetMinPv: next.nextMinPv,
    pvNeeded: next.pvNeeded,
    // Floored, so the bar never shows the goal as reached before it is.
    progressPct: span > 0 ? Math.min(99, Math.floor(((pv - floor) / span) * 100)) : 0,
  };
}
