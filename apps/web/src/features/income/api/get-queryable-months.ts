import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.ts';

/** The months whose statements may be queried (newest first). */
export const getQueryableMonths = () => post('/bff/v1/common/generate/queryable/month', {});

export const queryableMonthsQuery = () =>
  queryOptions({ queryKey: ['income', 'queryable-months'], queryFn: getQueryableMonths, staleTime: 5 * 60_000 });

export const useQueryableMonths = () => useQuery(queryableMonthsQuery());
