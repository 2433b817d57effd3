import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.ts';

export const fetchMonths = (year?: string) => post('/bff/v1/incentive/months', year ? { year } : {});

/** The distributor's month records of one PY (default: this PY). */
export const monthsQuery = (year?: string) =>
  queryOptions({ queryKey: ['incentive', 'months', year ?? ''], queryFn: () => fetchMonths(year) });

export const useMonths = (year?: string) => useQuery(monthsQuery(year));
