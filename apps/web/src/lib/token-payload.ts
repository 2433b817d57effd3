import type { UserProfile } from '@abo/contract';

/**
 * A token's payload (the id token's is the signed-in user's profile; a staff token names its
 * account in `sub`), base64url-encoded UTF-8 JSON (RFC 7519).
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
