// Silent renewal of a staff session (README, "Sessions"): staff tokens live 30 minutes, and a call
// made when less than RENEW_WHEN_LEFT_MS of the token remains first trades it for a new one
// (/idp/okta/renew), so a staff member who keeps working stays signed in. The BFF reads the
// account again for each renewal: a removed account or a changed password gets no new token, and
// the session ends when the one it has expires. Loaded by the request layer on a staff call
// (lib/api-client.ts): the shell has a size budget (bench/bundle.ts).
import type { Envelope } from '@abo/contract';
import { Code } from '@abo/contract/codes';
import { bffBaseUrl } from '../config/env.ts';
import { getSession, setSession } from './storage.ts';
import { decodeProfile } from './token-payload.ts';

/** A staff token is renewed once less than this is left of it (its life is 30 minutes). */
export const RENEW_WHEN_LEFT_MS = 20 * 60_000;

const STAFF_TOKENS = ['adaToken', 'oktaIdToken', 'oktaIdTokenKey'] as const;
type StaffTokens = Record<(typeof STAFF_TOKENS)[number], string>;

let renewing: Promise<void> | null = null;

/**
 * Renews the stored staff token when it is due; calls made meanwhile wait for the same renewal.
 * Never fails: without a new token the call goes ahead with the one it has, and an expired
 * session ends as it did (the query has expired).
 */
export function renewIfDue(): Promise<void> {
  const exp = (decodeProfile(getSession('adaToken')) as { exp?: unknown } | null)?.exp;
  const left = typeof exp === 'number' ? exp * 1000 - Date.now() : 0;
  if (left <= 0 || left > RENEW_WHEN_LEFT_MS) return renewing ?? Promise.resolve();
  renewing ??= renew().finally(() => (renewing = null));
  return renewing;
}

async function renew(): Promise<void> {
  try {
    const response = await fetch(new URL(`${bffBaseUrl('iinquiry')}/idp/okta/renew`, window.location.origin), {
      method: 'POST',
      headers: { 'ada-token': getSession('adaToken') ?? '', jwks: getSession('oktaIdTokenKey') ?? '' },
      credentials: 'same-origin',
    });
    const envelope = (await response.json()) as Envelope<StaffTokens | null>;
    const tokens = envelope.code === Code.OK ? envelope.data : null;
    if (tokens && STAFF_TOKENS.every((key) => typeof tokens[key] === 'string' && tokens[key])) {
      for (const key of STAFF_TOKENS) setSession(key, tokens[key]);
    }
  } catch {
    // A network failure or an unreadable answer: the next call tries again.
  }
}
