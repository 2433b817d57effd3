import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.ts';

/** The market promotion service fee of a month, per leg. */
export const getPromotion = (month?: string) => post('/bff/v1/income/promotionservicefee', month ? { month } : {});

export const promotionQuery = (month?: string) =>
  queryOptions({ queryKey: ['income', 'promotion', month ?? 'latest'], queryFn: () => getPromotion(month) });

export const usePromotion = (month?: string) => useQuery({ ...promotionQuery(month), placeholderData: keepPreviousData });
