import { CERTIFICATE_CHECK_PATH } from '@abo/contract/certificate-code';
import { Code } from '@abo/contract/codes';
import type { CertificateCheckData, Channel, Envelope } from '@abo/contract';
import { useQuery } from '@tanstack/react-query';
import { bffBaseUrl } from '../../../config/env.ts';
import { getSession } from '../../../lib/storage.ts';

export type CheckAnswer = { found: true; certificate: CertificateCheckData } | { found: false };

/** Why a check could not be answered: too many checks from here, or anything else (network, server). */
export class CheckError extends Error {
  constructor(readonly kind: 'rateLimited' | 'failed') {
    super(kind);
  }
}

/**
 * GET /bff/v1/public/certificateCheck (packages/contract/src/certificate-check.ts): no session,
 * no tokens, not through the api client (whose 9900401 redirect and toasts belong to signed-in
 * pages). An unknown code is an answer (`found: false`), not an error.
 */
export async function checkCertificate(code: string, signal?: AbortSignal): Promise<CheckAnswer> {
  const channel = (getSession('channel') ?? 'ebiz') as Channel;
  let envelope: Envelope<CertificateCheckData>;
  try {
    const res = await fetch(`${bffBaseUrl(channel)}${CERTIFICATE_CHECK_PATH}?code=${encodeURIComponent(code)}`, {
      credentials: 'omit',
      ...(signal ? { signal } : {}),
    });
    envelope = (await res.json()) as Envelope<CertificateCheckData>;
  } catch (e) {
    if (signal?.aborted) throw e;
    throw new CheckError('failed');
  }
  if (envelope.code === Code.OK && envelope.data) return { found: true, certificate: envelope.data };
  if (envelope.code === Code.NOT_FOUND) return { found: false };
  throw new CheckError(envelope.code === Code.RATE_LIMITED ? 'rateLimited' : 'failed');
}

/** The check of `code` (canonical form), when there is one to check. */
export function useCertificateCheck(code: string | null) {
  return useQuery({
    queryKey: ['verify', 'certificate', code],
    queryFn: ({ signal }) => checkCertificate(code!, signal),
    enabled: code !== null,
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}
