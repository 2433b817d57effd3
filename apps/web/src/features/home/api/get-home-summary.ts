import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.ts';

export const homeSummaryQuery = () =>
  queryOptions({
    queryKey: ['home', 'summary'],
    queryFn: () => post('/bff/v1/home/summary', {}),
  });

export const useHomeSummary = () => useQuery(homeSummaryQuery());
