import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from './api-client.ts';

// Shared by every area that shows a month's figures (a feature may not import another's api).
// Short-lived: an import or a close may move it at any time, and the call is one small read.
export const freshnessQuery = () =>
  queryOptions({
    queryKey: ['common', 'freshness'],
    queryFn: () => post('/bff/v1/common/freshness', {}, { loading: false }),
    staleTime: 10_000,
  });

export const useFreshness = () => useQuery(freshnessQuery());
