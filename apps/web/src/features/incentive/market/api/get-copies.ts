import type { EndpointBody } from '@abo/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '../../../../lib/api-client.ts';

export type CopiesKind = NonNullable<EndpointBody<'/bff/v1/incentive/market/copies'>['kind']>;

export const copiesQuery = (kind: CopiesKind, page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['incentiveMarket', 'copies', kind, page, pageSize],
    queryFn: () =>
      post('/bff/v1/incentive/market/copies', {
        kind,
        page,
        pageSize,
      }),
    placeholderData: keepPreviousData,
  });

export const useCopies = (kind: CopiesKind, page: number, pageSize: number) => useQuery(copiesQuery(kind, page, pageSize));
