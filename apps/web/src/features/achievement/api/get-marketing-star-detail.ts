import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.ts';

export const marketingStarDetailQuery = () =>
  queryOptions({
    queryKey: ['achievement', 'marketingstardetail'],
    queryFn: () => post('/bff/v1/achievement/marketingstardetail', {}),
  });

export const useMarketingStarDetail = () => useQuery(marketingStarDetailQuery());
