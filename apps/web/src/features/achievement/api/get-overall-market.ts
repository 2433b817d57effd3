import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.ts';

export const overallMarketQuery = () =>
  queryOptions({
    queryKey: ['achievement', 'overallmarket'],
    queryFn: () => post('/bff/v1/achievement/overallmarket', {}),
  });

export const useOverallMarket = () => useQuery(overallMarketQuery());
