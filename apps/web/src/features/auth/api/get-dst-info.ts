import type { DstInfo } from '@abo/contract';
import { queryOptions } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.ts';
import { getSession, setSession } from '../../../lib/storage.ts';

/** dstInfo, cached in session storage as UserInfo (spec §3). */
export async function getDstInfo(): Promise<DstInfo> {
  const info = await post('/bff/v1/common/dstInfo', {}, { loading: false });
  setSession('UserInfo', { ...(getSession('UserInfo') ?? {}), ...info });
  return info;
}

export const dstInfoQuery = () =>
  queryOptions({ queryKey: ['common', 'dstInfo', getSession('loginAda')], queryFn: getDstInfo, staleTime: 5 * 60_000 });
