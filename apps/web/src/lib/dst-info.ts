import type { DstInfo } from '@abo/contract';
import { queryOptions } from '@tanstack/react-query';
import { post, queriedAda } from './api-client.ts';
import { getSession, setSession } from './storage.ts';

/** dstInfo, cached in session storage as UserInfo (docs/contract.md §3). */
export async function getDstInfo(): Promise<DstInfo> {
  const info = await post('/bff/v1/common/dstInfo', {}, { loading: false });
  setSession('UserInfo', { ...(getSession('UserInfo') ?? {}), ...info });
  return info;
}

/** Keyed by whose info it is: the signed-in distributor, or the one staff (iinquiry) look at. */
export const dstInfoQuery = () =>
  queryOptions({
    queryKey: ['common', 'dstInfo', getSession('channel') === 'iinquiry' ? `staff:${queriedAda() ?? ''}` : getSession('loginAda')],
    queryFn: getDstInfo,
    staleTime: 5 * 60_000,
  });
