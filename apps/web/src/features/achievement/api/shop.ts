import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.ts';

export const shopQuery = () =>
  queryOptions({
    queryKey: ['achievement', 'shop'],
    queryFn: () => post('/bff/v1/achievement/shop', {}),
  });
export const useShop = () => useQuery(shopQuery());

export const shopsQuery = () =>
  queryOptions({
    queryKey: ['achievement', 'shops'],
    queryFn: () => post('/bff/v1/common/shops', {}),
    staleTime: 60 * 60_000,
  });
export const useShops = () => useQuery(shopsQuery());

export function useSetShop() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (shopCode: string) => post('/bff/v1/achievement/setshop', { shopCode }),
    onSuccess: (data) => client.setQueryData(shopQuery().queryKey, data),
  });
}
