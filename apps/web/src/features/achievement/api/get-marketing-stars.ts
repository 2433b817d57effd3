import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.ts';

export const marketingStarsQuery = (month?: string) =>
  queryOptions({
    queryKey: ['achievement', 'marketingstars', month ?? 'default'],
    queryFn: () => post('/bff/v1/achievement/marketingstars', month ? { month } : {}),
    placeholderData: keepPreviousData,
  });

export const useMarketingStars = (month?: string) => useQuery(marketingStarsQuery(month));
