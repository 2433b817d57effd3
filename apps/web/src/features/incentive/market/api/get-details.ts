import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '../../../../lib/api-client.ts';

/** Market details of a member named by `ref` (a row of another market page) or by `?queryAda=` (sent as a header). */
export const detailsQuery = (ref: string | null, queryAda: string | null) =>
  queryOptions({
    queryKey: ['incentiveMarket', 'details', ref ?? '', queryAda ?? ''],
    queryFn: () => post('/bff/v1/incentive/market/details', ref ? { ref } : {}),
  });

export const useDetails = (ref: string | null, queryAda: string | null) => useQuery(detailsQuery(ref, queryAda));
