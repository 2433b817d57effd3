import type { UserProfile } from '@abo/contract';
import { decodeProfile } from '../../lib/token-payload.ts';
import { getSession, removeSession, setSession } from '../../lib/storage.ts';

export { decodeProfile };

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
