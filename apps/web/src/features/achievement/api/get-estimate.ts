import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.ts';

/** Month-to-date figures the estimate starts from (the what-if itself runs in the browser). */
export const estimateQuery = () =>
  queryOptions({
    queryKey: ['achievement', 'estimate'],
    queryFn: () => post('/bff/v1/achievement/estimate', {}),
  });

export const useEstimateBase = () => useQuery(estimateQuery());
