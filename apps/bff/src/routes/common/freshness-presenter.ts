// The freshness answer (/bff/v1/common/freshness) from what the last month close recorded
// (close/state.ts): the months the pages show, and the day the open month can be closed.
import type { FreshnessData } from '@abo/contract';
import { addMonths, toMonthKey } from '@abo/plan';
import type { CloseState } from '../../close/state.ts';

/** Closed months answered: the pages show at most two years back (the 12-month views, a PY's statements). */
export const FRESHNESS_MONTHS = 24;

/**
 * `state` null (a database written before the close kept its record): today's month is the open
 * one, with no computing time and no closed month known.
 */
export function freshnessData(state: CloseState | null, today: Date): FreshnessData {
  const openMonth = state?.open ?? toMonthKey(today);
  const closedAt = Object.fromEntries(
    Object.entries(state?.closedOn ?? {})
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .slice(-FRESHNESS_MONTHS),
  );
  return {
    openMonth,
    openComputedAt: state?.updatedAt ?? null,
    closedThrough: state?.through ?? null,
    closedAt,
    nextCloseAfter: `${addMonths(openMonth, 1)}-01`,
  };
}
