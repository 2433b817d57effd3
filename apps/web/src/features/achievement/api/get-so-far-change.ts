import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.ts';

/** The promotion fee so far this month against last month's up to the same day (an estimate). */
export const soFarChangeQuery = () =>
  queryOptions({
    queryKey: ['achievement', 'soFarChange'],
    queryFn: () => post('/bff/v1/achievement/soFarChange', {}),
  });

export const useSoFarChange = () => useQuery(soFarChangeQuery());
