import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.ts';

// The desktop home's trends read the same calls (and cache entries) as the achievement and
// income pages, so opening those pages afterwards costs no second request.

/** The last 12 months, oldest first, ending with the open month (month-to-date). */
export const useMonthsTrend = (enabled: boolean) =>
  useQuery({
    ...queryOptions({ queryKey: ['achievement', 'overview'], queryFn: () => post('/bff/v1/achievement/overview', {}) }),
    enabled,
    select: (d) => d.months,
  });

const statementsQuery = (year?: string) =>
  queryOptions({
    queryKey: ['income', 'statements', year ?? 'current'],
    queryFn: () => post('/bff/v1/income/statements', year ? { year } : {}),
  });

/** The latest statements (up to 12, oldest first): this PY's, then the last PY's when this one has few. */
export function useStatementsTrend(enabled: boolean) {
  const current = useQuery({ ...statementsQuery(), enabled });
  const previousPy = current.data?.pys.find((py) => py < current.data.py);
  const wantPrevious = enabled && !!previousPy && (current.data?.rows.length ?? 0) < 12;
  const previous = useQuery({ ...statementsQuery(previousPy), enabled: wantPrevious });
  if (!current.data || (wantPrevious && !previous.data)) return null;
  const rows = [...(wantPrevious ? (previous.data?.rows ?? []) : []), ...current.data.rows];
  return [...rows].sort((a, b) => a.month.localeCompare(b.month)).slice(-12);
}
