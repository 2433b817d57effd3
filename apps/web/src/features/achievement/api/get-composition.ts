import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.ts';

export const compositionQuery = (month?: string) =>
  queryOptions({
    queryKey: ['achievement', 'composition', month ?? 'current'],
    queryFn: () => post('/bff/v1/achievement/composition', month ? { month } : {}),
    placeholderData: keepPreviousData,
  });

export const useComposition = (month?: string) => useQuery(compositionQuery(month));
