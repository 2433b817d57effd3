import type { IdaasTokenData } from '@abo/contract';
import { post } from '../../../lib/api-client.ts';

/** `sent`: the same request, already sent by index.html (features/auth/early-exchange.ts). */
export function exchangeSessionToken(sessionToken: string, sent?: Promise<Response>): Promise<IdaasTokenData> {
  return post('/bff/v1/common/idaasToken', { sessionToken }, { loading: false, sent });
}
