import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.ts';

export const weChatInfoQuery = (ada: string) =>
  queryOptions({
    queryKey: ['common', 'weChatInfo', ada],
    queryFn: () => post('/bff/v1/common/weChatInfo', { ada }, { loading: false }),
    staleTime: 30 * 60_000,
  });

export const useWeChatInfo = (ada: string, enabled: boolean) => useQuery({ ...weChatInfoQuery(ada), enabled });
