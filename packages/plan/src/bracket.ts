// Performance bracket: a month's group PV → percentage, by a step table.
import { BASE_RULES } from './rules/base.ts';
import type { BracketStep } from './rules/types.ts';

/** The default table (README, Rules and their sources): 200→3 %, 600→6 %, … 10 000→21 %, thresholds inclusive. */
export const DEFAULT_BRACKETS: readonly BracketStep[] = BASE_RULES.brackets;

/** Bracket percentage of a group PV under a given table. */
export function bracketFor(table: readonly BracketStep[], groupPv: number): number {
  let pct = 0;
  for (let i = 0; i < table.length; i++) {
    const s = table[i]!;
    if (groupPv >= s.minPv) pct = s.percent;
    else break;
  }
  return pct;
}

/** Bracket percentage by the default table: 0, 3, 6, 9, 12, 15, 18 or 21. */
export function performanceBracket(groupPv: number): number {
  return bracketFor(DEFAULT_BRACKETS, groupPv);
}

/** The top (Q) percentage of a table. */
export function topBracket(table: readonly BracketStep[]): number {
  return table.length ? table[table.length - 1]!.percent : 0;
}

/** Minimum group PV of the top bracket (the Q threshold). */
export function qThreshold(table: readonly BracketStep[]): number {
  return table.length ? table[table.length - 1]!.minPv : 0;
}

export interface NextBracket {
  currentPercent: number;
  /** null when already at the top bracket. */
  nextPercent: number | null;
  nextMinPv: number | null;
  /** PV still needed this month to reach the next bracket (0 at the top). */
  pvNeeded: number;
}

/** What it takes to reach the next bracket (the "top-up" page). */
export function nextBracket(table: readonly BracketStep[], groupPv: number): NextBracket {
  const currentPercent = bracketFor(table, groupPv);
  for (const s of table) {
    if (s.minPv > groupPv) {
      return {
        currentPercent,
        nextPercent: s.percent,
        nextMinPv: s.minPv,
        pvNeeded: s.minPv - groupPv,
      };
    }
  }
  return { currentPercent, nextPercent: null, nextMinPv: null, pvNeeded: 0 };
}
