import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.ts';

export const topupQuery = () =>
  queryOptions({
    queryKey: ['achievement', 'topup'],
    queryFn: () => post('/bff/v1/achievement/topup', {}),
  });

export const useTopup = () => useQuery(topupQuery());
