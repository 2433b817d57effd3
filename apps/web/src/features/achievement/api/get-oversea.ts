import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.ts';

export const overseaQuery = () =>
  queryOptions({
    queryKey: ['achievement', 'oversea'],
    queryFn: () => post('/bff/v1/achievement/oversea', {}),
  });

export const useOversea = () => useQuery(overseaQuery());
