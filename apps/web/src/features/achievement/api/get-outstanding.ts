import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.ts';

export const outstandingQuery = (by: 'ppv' | 'apv', month?: string) =>
  queryOptions({
    queryKey: ['achievement', 'outstanding', by, month ?? 'default'],
    queryFn: () => post('/bff/v1/achievement/outstanding', month ? { by, month } : { by }),
    placeholderData: keepPreviousData,
  });

export const useOutstanding = (by: 'ppv' | 'apv', month?: string) => useQuery(outstandingQuery(by, month));
