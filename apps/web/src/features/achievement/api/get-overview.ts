import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.ts';

export const overviewQuery = () =>
  queryOptions({
    queryKey: ['achievement', 'overview'],
    queryFn: () => post('/bff/v1/achievement/overview', {}),
  });

export const useOverview = () => useQuery(overviewQuery());
