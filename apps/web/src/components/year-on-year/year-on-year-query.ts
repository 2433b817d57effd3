import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '../../lib/api-client.ts';

/** This PY beside the last, month by month (one answer for the achievement and income areas). */
export const yearOnYearQuery = (year?: string) =>
  queryOptions({
    queryKey: ['achievement', 'yearOnYear', year ?? null],
    queryFn: () => post('/bff/v1/achievement/yearOnYear', year ? { year } : {}),
  });

export const useYearOnYear = (year?: string) => useQuery({ ...yearOnYearQuery(year), placeholderData: keepPreviousData });
