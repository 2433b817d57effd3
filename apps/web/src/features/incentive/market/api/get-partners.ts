import type { PartnerView } from '@abo/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '../../../../lib/api-client.ts';

export const partnersQuery = (view: PartnerView, month?: string) =>
  queryOptions({
    queryKey: ['incentiveMarket', 'partners', view, month ?? 'current'],
    queryFn: () => post('/bff/v1/incentive/market/partners', month ? { view, month } : { view }),
  });

export const usePartners = (view: PartnerView, month?: string) => useQuery(partnersQuery(view, month));
