import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.ts';

export const rankQuery = () =>
  queryOptions({
    queryKey: ['achievement', 'rank'],
    queryFn: () => post('/bff/v1/achievement/rank', {}),
  });

export const useRank = () => useQuery(rankQuery());
