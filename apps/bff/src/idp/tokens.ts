import { randomUUID } from 'node:crypto';
import { createLocalJWKSet, createRemoteJWKSet, errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { ProfileClaims } from './profile.ts';
import { SIGNING_ALG, type KeyRing } from './keys.ts';

export const TOKEN_AUDIENCE = 'abo-inquiry';
/** The longest any token lives: a distributor's (key retirement waits this long, cli/keys.ts). */
export const TOKEN_LIFETIME_SECONDS = 2 * 60 * 60;
/**
 * A staff token's life: the app renews it while it is used (/idp/okta/renew), and a renewal
 * checks the account again, so a removed account or a new password ends the session in time.
 */
export const STAFF_TOKEN_LIFETIME_SECONDS = 30 * 60;

export type TokenUse = 'access' | 'id' | 'ada' | 'okta-id';

export interface TokenService {
  issue(profile: ProfileClaims): Promise<{
    accessToken: string;
    idToken: string;
  }>;
  /**
   * Staff sign-in for the iinquiry channel (okta-style). `stamp`: the credential stamp the
   * caller checked (a renewal), else the account's current one is read.
   */
  issueStaff(staff: { username: string; fullName: string; stamp?: string }): Promise<{
    adaToken: string;
    oktaIdToken: string;
    oktaIdTokenKey: string;
  }>;
  /** Verifies signature, algorithm, issuer, audience and time claims (RFC 8725). */
  verify(token: string, use: TokenUse, expectedKid?: string): Promise<JWTPayload>;
  /** The payload of a token verify() accepted and that is still within its time claims, else undefined (no promise: the common case of a request). */
  verified(token: string, use: TokenUse, expectedKid?: string): JWTPayload | undefined;
}

const VERIFIED_CACHE_MAX = 10_000;

/**
 * A deployment's own identity provider: distributor access and id tokens are
 * then verified against its JWKS and issuer instead of the embedded keys.
 */
export interface ExternalIdp {
  jwksUrl: string;
  issuer: string;
  audience: string;
}

/** Credential stamps by account: null when there is no such account (or no sign-in account for the ADA). */
export interface AccountStamps {
  staff(username: string): Promise<string | null>;
  distributor(ada: string): Promise<string | null>;
}

export function createTokenService(
  keys: KeyRing,
  issuer: string,
  now: () => Date = () => new Date(),
  external?: ExternalIdp,
  /** The accounts' credential stamps (idp/live-accounts.ts), carried as claim `cv`: the guard ends sessions whose stamp no longer matches. */
  stamps?: AccountStamps,
): TokenService {
  // The key set verification uses follows the ring (keys rotated or retired by another process).
  let localKeys = keys.publicJwks;
  let jwks = createLocalJWKSet({ keys: localKeys });
  const currentJwks = () => {
    if (keys.publicJwks !== localKeys) jwks = createLocalJWKSet({ keys: (localKeys = keys.publicJwks) });
    return jwks;
  };
  const remote = external ? createRemoteJWKSet(new URL(external.jwksUrl), { cooldownDuration: 30_000 }) : null;
  // Verified tokens are remembered until they expire: RS256 verification is the most expensive
  // part of an ordinary request. One map per use, looked up by the token's last characters (part
  // of its signature: hashing the whole token cost more than the rest of the check) and answered
  // only for the very same token, compared in full, the same expected kid and the same key set
  // (a rotation re-verifies once; a retired key's tokens then fail).
  type Entry = { token: string; kid: string | undefined; keySet: unknown; payload: JWTPayload };
  const verified: Record<TokenUse, Map<string, Entry>> = { access: new Map(), id: new Map(), ada: new Map(), 'okta-id': new Map() };
  const keyOf = (token: string) => token.slice(-32);
  const keySetOf = (use: TokenUse) => (remote && (use === 'access' || use === 'id') ? remote : keys.publicJwks);
  const cached = (token: string, use: TokenUse, expectedKid: string | undefined): JWTPayload | undefined => {
    // Only a clock check unless the keys are a minute old: then one re-read, in the background.
    void keys.refresh();
    const e = verified[use].get(keyOf(token));
    if (!e || e.token !== token || e.kid !== expectedKid || e.keySet !== keySetOf(use)) return undefined;
    const at = now().getTime() / 1000;
    const { payload } = e;
    return typeof payload.exp === 'number' && payload.exp > at && (payload.nbf ?? 0) <= at ? payload : undefined;
  };
  const sign = async (subject: string, claims: JWTPayload, use: TokenUse, lifetime = TOKEN_LIFETIME_SECONDS) => {
    // New tokens carry the newest key within KEY_REFRESH_MS of a rotation.
    await keys.refresh();
    const iat = Math.floor(now().getTime() / 1000);
    return new SignJWT({ ...claims, token_use: use })
      .setProtectedHeader({ alg: SIGNING_ALG, kid: keys.current.kid, typ: 'JWT' })
      .setIssuer(issuer)
      .setAudience(TOKEN_AUDIENCE)
      .setSubject(subject)
      .setIssuedAt(iat)
      .setNotBefore(iat)
      .setExpirationTime(iat + lifetime)
      .setJti(randomUUID())
      .sign(keys.current.privateKey);
  };
  return {
    async issue(profile) {
      const exp = Math.floor(now().getTime() / 1000) + TOKEN_LIFETIME_SECONDS;
      const cv = (await stamps?.distributor(profile.ada)) ?? undefined;
      const accessToken = await sign(profile.ada, { ada: profile.ada, scope: 'inquiry', ...(cv ? { cv } : {}) }, 'access');
      const idToken = await sign(
        profile.ada,
        { ...profile, scope: 'openid profile', expireTime: new Date(exp * 1000).toISOString() },
        'id',
      );
      return { accessToken, idToken };
    },
    async issueStaff(staff) {
      const cv = staff.stamp ?? (await stamps?.staff(staff.username)) ?? undefined;
      const life = STAFF_TOKEN_LIFETIME_SECONDS;
      const adaToken = await sign(staff.username, { staff: true, scope: 'iinquiry', ...(cv ? { cv } : {}) }, 'ada', life);
      const oktaIdToken = await sign(staff.username, { name: staff.fullName, staff: true }, 'okta-id', life);
      return { adaToken, oktaIdToken, oktaIdTokenKey: keys.current.kid };
    },
    verified: cached,
    async verify(token, use, expectedKid) {
      const known = cached(token, use, expectedKid);
      if (known) return known;
      const keySet = keySetOf(use);
      const payload = await verifyUncached(token, use, expectedKid);
      const map = verified[use];
      // Each use keeps its share; the oldest entry goes first (maps keep insertion order).
      if (map.size >= VERIFIED_CACHE_MAX / 2) map.delete(map.keys().next().value!);
      map.set(keyOf(token), { token, kid: expectedKid, keySet, payload });
      return payload;
    },
  };
  async function verifyUncached(token: string, use: TokenUse, expectedKid?: string): Promise<JWTPayload> {
    // Staff tokens always come from the embedded IdP; distributor tokens from the external one when configured.
    if (remote && external && (use === 'access' || use === 'id')) {
      const { payload } = await jwtVerify(token, remote, {
        algorithms: [SIGNING_ALG],
        issuer: external.issuer,
        audience: external.audience,
        currentDate: now(),
        // A token without an expiry would be good forever.
        requiredClaims: ['exp'],
      });
      if (payload['token_use'] !== undefined && payload['token_use'] !== use) throw new Error(`not an ${use} token`);
      return payload;
    }
    // A token without an expiry would be good forever.
    const options = { algorithms: [SIGNING_ALG], issuer, audience: TOKEN_AUDIENCE, currentDate: now(), requiredClaims: ['exp'] };
    let result;
    try {
      result = await jwtVerify(token, currentJwks(), options);
    } catch (err) {
      // A kid this process has not seen yet may be a key another process just created.
      if (!(err instanceof errors.JWKSNoMatchingKey)) throw err;
      const before = keys.publicJwks;
      await keys.refresh({ unknownKid: true });
      if (keys.publicJwks === before) throw err;
      result = await jwtVerify(token, currentJwks(), options);
    }
    const { payload, protectedHeader } = result;
    if (payload['token_use'] !== use) throw new Error(`not an ${use} token`);
    if (expectedKid !== undefined && protectedHeader.kid !== expectedKid) throw new Error('unexpected key id');
    return payload;
  }
}
