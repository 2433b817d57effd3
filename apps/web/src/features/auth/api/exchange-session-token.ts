import type { IdaasTokenData } from '@abo/contract';
import { post } from '../../../lib/api-client.ts';

export function exchangeSessionToken(sessionToken: string): Promise<IdaasTokenData> {
  return post('/bff/v1/common/idaasToken', { sessionToken }, { loading: false });
}
