import type { UserProfile } from '@abo/contract';
import { getSession, removeSession, setSession } from '../../lib/storage.ts';

/**
 * The signed-in user's profile: the id token's payload, base64url-encoded UTF-8 JSON (RFC 7519).
 * Read here rather than with a library: this module is in the shell, whose size has a budget
 * (bench/bundle.ts). The BFF verifies every token; this only reads what the token says. A token
 * that cannot be read means "not signed in": the tokens are dropped and the guard signs the
 * user in again.
 */
export function decodeProfile(idToken: string | null): UserProfile | null {
  const part = idToken?.split('.')[1];
  if (!part) return null;
  try {
    const binary = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const payload: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? (payload as UserProfile) : null;
  } catch {
    return null;
  }
}

export function hasStoredTokens(): boolean {
  return !!getSession('accessToken') && !!getSession('idToken');
}

export function storeTokens(accessToken: string, idToken: string): UserProfile | null {
  const profile = decodeProfile(idToken);
  if (!profile) {
    clearTokens();
    return null;
  }
  setSession('accessToken', accessToken);
  setSession('idToken', idToken);
  setSession('loginAda', profile.ada);
  // The cached dstInfo (pinCode…) is kept for the same account only, never carried over to another.
  const cached = getSession('UserInfo');
  setSession('UserInfo', {
    ...(cached?.ada === profile.ada ? cached : {}),
    ada: profile.ada,
    amway_id: profile.amway_id,
    amway_user_type: profile.amway_user_type,
    fullName: profile.fullName,
  });
  return profile;
}

export function clearTokens(): void {
  for (const key of ['accessToken', 'idToken', 'loginAda', 'UserInfo'] as const) removeSession(key);
}

/** The current profile, or null (and tokens cleared) when the stored id token is unusable. */
export function currentProfile(): UserProfile | null {
  const profile = decodeProfile(getSession('idToken'));
  if (!profile && getSession('idToken')) clearTokens();
  return profile;
}
