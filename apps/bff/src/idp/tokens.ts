import { randomUUID } from 'node:crypto';
import { createLocalJWKSet, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { UserProfile } from '@abo/contract';
import { SIGNING_ALG, type KeyRing } from './keys.ts';

export const TOKEN_AUDIENCE = 'abo-inquiry';
export const TOKEN_LIFETIME_SECONDS = 2 * 60 * 60;

export interface TokenService {
  issue(profile: Omit<UserProfile, 'exp' | 'iat' | 'nbf' | 'jti' | 'expireTime' | 'sub' | 'scope'>): Promise<{
    accessToken: string;
    idToken: string;
  }>;
  /** Verifies signature, algorithm, issuer, audience and time claims (RFC 8725). */
  verify(token: string, use: 'access' | 'id'): Promise<JWTPayload>;
}

export function createTokenService(keys: KeyRing, issuer: string, now: () => Date = () => new Date()): TokenService {
  const jwks = createLocalJWKSet({ keys: keys.publicJwks });
  return {
    async issue(profile) {
      const iat = Math.floor(now().getTime() / 1000);
      const exp = iat + TOKEN_LIFETIME_SECONDS;
      const sign = (claims: JWTPayload, use: string) =>
        new SignJWT({ ...claims, token_use: use })
          .setProtectedHeader({ alg: SIGNING_ALG, kid: keys.current.kid, typ: 'JWT' })
          .setIssuer(issuer)
          .setAudience(TOKEN_AUDIENCE)
          .setSubject(profile.ada)
          .setIssuedAt(iat)
          .setNotBefore(iat)
          .setExpirationTime(exp)
          .setJti(randomUUID())
          .sign(keys.current.privateKey);
      const accessToken = await sign({ ada: profile.ada, scope: 'inquiry' }, 'access');
      const idToken = await sign(
        { ...profile, scope: 'openid profile', expireTime: new Date(exp * 1000).toISOString() },
        'id',
      );
      return { accessToken, idToken };
    },
    async verify(token, use) {
      const { payload } = await jwtVerify(token, jwks, {
        algorithms: [SIGNING_ALG],
        issuer,
        audience: TOKEN_AUDIENCE,
        currentDate: now(),
      });
      if (payload['token_use'] !== use) throw new Error(`not an ${use} token`);
      return payload;
    },
  };
}
