import type { UserProfile } from '@abo/contract';
import { jwtDecode } from 'jwt-decode';
import { getSession, removeSession, setSession } from '../../lib/storage.ts';

/**
 * The signed-in user's profile, decoded from the id token with jwt-decode.
 * A token that cannot be decoded ('Invalid token specified') means "not
 * signed in": the tokens are dropped and the guard signs the user in again.
 */
export function decodeProfile(idToken: string | null): UserProfile | null {
  if (!idToken) return null;
  try {
    return jwtDecode<UserProfile>(idToken);
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
