import type { IdaasTokenData } from '@abo/contract';
import { post } from '../../../lib/api-client.ts';

/** index.html may have sent it already (features/auth/early-exchange.ts): lib/api-client.ts then takes that answer. */
export function exchangeSessionToken(sessionToken: string): Promise<IdaasTokenData> {
  return post('/bff/v1/common/idaasToken', { sessionToken }, { loading: false });
}
