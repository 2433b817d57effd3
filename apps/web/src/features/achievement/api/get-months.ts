import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.ts';

export const monthsQuery = (count = 12) =>
  queryOptions({
    queryKey: ['achievement', 'months', count],
    queryFn: () => post('/bff/v1/achievement/months', { count }),
  });

export const useMonths = (count = 12) => useQuery(monthsQuery(count));
