import { randomUUID } from 'node:crypto';
import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { ProfileClaims } from './profile.ts';
import { SIGNING_ALG, type KeyRing } from './keys.ts';

export const TOKEN_AUDIENCE = 'abo-inquiry';
export const TOKEN_LIFETIME_SECONDS = 2 * 60 * 60;

export type TokenUse = 'access' | 'id' | 'ada' | 'okta-id';

export interface TokenService {
  issue(profile: ProfileClaims): Promise<{
    accessToken: string;
    idToken: string;
  }>;
  /** Staff sign-in for the iinquiry channel (okta-style). */
  issueStaff(staff: { username: string; fullName: string }): Promise<{
    adaToken: string;
    oktaIdToken: string;
    oktaIdTokenKey: string;
  }>;
  /** Verifies signature, algorithm, issuer, audience and time claims (RFC 8725). */
  verify(token: string, use: TokenUse, expectedKid?: string): Promise<JWTPayload>;
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

export function createTokenService(
  keys: KeyRing,
  issuer: string,
  now: () => Date = () => new Date(),
  external?: ExternalIdp,
): TokenService {
  const jwks = createLocalJWKSet({ keys: keys.publicJwks });
  const remote = external ? createRemoteJWKSet(new URL(external.jwksUrl), { cooldownDuration: 30_000 }) : null;
  const verified = new Map<string, JWTPayload>();
  const sign = (subject: string, claims: JWTPayload, use: TokenUse) => {
    const iat = Math.floor(now().getTime() / 1000);
    return new SignJWT({ ...claims, token_use: use })
      .setProtectedHeader({ alg: SIGNING_ALG, kid: keys.current.kid, typ: 'JWT' })
      .setIssuer(issuer)
      .setAudience(TOKEN_AUDIENCE)
      .setSubject(subject)
      .setIssuedAt(iat)
      .setNotBefore(iat)
      .setExpirationTime(iat + TOKEN_LIFETIME_SECONDS)
      .setJti(randomUUID())
      .sign(keys.current.privateKey);
  };
  return {
    async issue(profile) {
      const exp = Math.floor(now().getTime() / 1000) + TOKEN_LIFETIME_SECONDS;
      const accessToken = await sign(profile.ada, { ada: profile.ada, scope: 'inquiry' }, 'access');
      const idToken = await sign(
        profile.ada,
        { ...profile, scope: 'openid profile', expireTime: new Date(exp * 1000).toISOString() },
        'id',
      );
      return { accessToken, idToken };
    },
    async issueStaff(staff) {
      const adaToken = await sign(staff.username, { staff: true, scope: 'iinquiry' }, 'ada');
      const oktaIdToken = await sign(staff.username, { name: staff.fullName, staff: true }, 'okta-id');
      return { adaToken, oktaIdToken, oktaIdTokenKey: keys.current.kid };
    },
    async verify(token, use, expectedKid) {
      // Verified tokens are remembered until they expire: RS256 verification
      // is the most expensive part of an ordinary request.
      const cacheKey = `${use}|${expectedKid ?? ''}|${token}`;
      const cached = verified.get(cacheKey);
      const at = now().getTime() / 1000;
      if (cached && typeof cached.exp === 'number' && cached.exp > at && (cached.nbf ?? 0) <= at) return cached;
      const payload = await verifyUncached(token, use, expectedKid);
      if (verified.size >= VERIFIED_CACHE_MAX) verified.delete(verified.keys().next().value!);
      verified.set(cacheKey, payload);
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
      });
      if (payload['token_use'] !== undefined && payload['token_use'] !== use) throw new Error(`not an ${use} token`);
      return payload;
    }
    const { payload, protectedHeader } = await jwtVerify(token, jwks, {
      algorithms: [SIGNING_ALG],
      issuer,
      audience: TOKEN_AUDIENCE,
      currentDate: now(),
    });
    if (payload['token_use'] !== use) throw new Error(`not an ${use} token`);
    if (expectedKid !== undefined && protectedHeader.kid !== expectedKid) throw new Error('unexpected key id');
    return payload;
  }
}
