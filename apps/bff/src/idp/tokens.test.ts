import { SignJWT, UnsecuredJWT, decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createTokenService, TOKEN_AUDIENCE } from './tokens.ts';
import { createSigningKey, KEY_REFRESH_MS, loadKeyRing, retireOlderSigningKeys } from './keys.ts';
import { TOKEN_ISSUER } from '../app.ts';

const profile = {
  ada: '10000001',
  amway_id: '10000001',
  amway_user_type: 'ABO',
  customerId: 'C10000001',
  employee_code: 0,
  fullName: '测试',
  loginName: '10000001',
  personal_id: '110******2X',
  phoneNumber: '138******00',
};

describe('token verification (RFC 8725)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('accepts its own tokens and rejects alg none, a foreign key, tampering, wrong audience/issuer and the wrong use', async () => {
    const keys = await loadKeyRing(t.db);
    const service = createTokenService(keys, TOKEN_ISSUER);
    const { accessToken, idToken } = await service.issue(profile);
    await expect(service.verify(accessToken, 'access')).resolves.toMatchObject({ sub: '10000001' });
    await expect(service.verify(idToken, 'access')).rejects.toThrow();

    const none = new UnsecuredJWT({ sub: '10000001', token_use: 'access' })
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setExpirationTime('1h')
      .encode();
    await expect(service.verify(none, 'access')).rejects.toThrow();

    const foreign = await generateKeyPair('RS256');
    const forged = await new SignJWT({ token_use: 'access' })
      .setProtectedHeader({ alg: 'RS256', kid: keys.current.kid })
      .setSubject('10000002')
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setExpirationTime('1h')
      .sign(foreign.privateKey);
    await expect(service.verify(forged, 'access')).rejects.toThrow();

    const [h, p, s] = accessToken.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const tampered = [h, Buffer.from(JSON.stringify({ ...payload, sub: '10000002' })).toString('base64url'), s].join('.');
    // Same signature as a token already accepted (and remembered): still checked in full.
    expect(service.verified(tampered, 'access')).toBeUndefined();
    await expect(service.verify(tampered, 'access')).rejects.toThrow();

    // HS256 signed with the public key as the secret (algorithm confusion).
    const publicJwk = await exportJWK(foreign.publicKey);
    const hs = await new SignJWT({ token_use: 'access' })
      .setProtectedHeader({ alg: 'HS256', kid: keys.current.kid })
      .setSubject('10000001')
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(JSON.stringify(publicJwk)));
    await expect(service.verify(hs, 'access')).rejects.toThrow();

    const otherIssuer = createTokenService(keys, 'someone-else');
    await expect(otherIssuer.verify(accessToken, 'access')).rejects.toThrow();
  });

  it('rejects a token of its own key that has no expiry', async () => {
    const keys = await loadKeyRing(t.db);
    const service = createTokenService(keys, TOKEN_ISSUER);
    const forever = (use: string) =>
      new SignJWT({ token_use: use, staff: true })
        .setProtectedHeader({ alg: 'RS256', kid: keys.current.kid })
        .setSubject('10000001')
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setIssuedAt()
        .sign(keys.current.privateKey);
    await expect(service.verify(await forever('access'), 'access')).rejects.toThrow(/exp/);
    await expect(service.verify(await forever('ada'), 'ada', keys.current.kid)).rejects.toThrow(/exp/);
  });

  it('rejects expired and not-yet-valid tokens, even after a successful check', async () => {
    const keys = await loadKeyRing(t.db);
    let clock = new Date('2026-11-21T10:00:00Z');
    const service = createTokenService(keys, TOKEN_ISSUER, () => clock);
    const { accessToken, idToken } = await service.issue(profile);
    expect(service.verified(accessToken, 'access')).toBeUndefined();
    await expect(service.verify(accessToken, 'access')).resolves.toBeTruthy();
    // Remembered for its use only, and only within its time claims.
    expect(service.verified(accessToken, 'access')).toMatchObject({ sub: '10000001' });
    expect(service.verified(accessToken, 'id')).toBeUndefined();
    expect(service.verified(idToken, 'id')).toBeUndefined();
    clock = new Date('2026-11-21T13:00:00Z');
    expect(service.verified(accessToken, 'access')).toBeUndefined();
    await expect(service.verify(accessToken, 'access')).rejects.toThrow();
    clock = new Date('2026-11-21T09:00:00Z');
    expect(service.verified(accessToken, 'access')).toBeUndefined();
    await expect(service.verify(accessToken, 'access')).rejects.toThrow();
  });

  it('staff tokens live 30 minutes, distributor tokens 2 hours; both carry their account stamp', async () => {
    const keys = await loadKeyRing(t.db);
    let clock = new Date('2026-11-21T10:00:00Z');
    const stamps = { staff: async () => 'staff-stamp', distributor: async () => 'ada-stamp' };
    const service = createTokenService(keys, TOKEN_ISSUER, () => clock, undefined, stamps);
    const staff = await service.issueStaff({ username: 'staff01', fullName: 'Staff One' });
    const { accessToken } = await service.issue(profile);
    const at = Date.parse('2026-11-21T10:00:00Z') / 1000;
    expect(decodeJwt(staff.adaToken)).toMatchObject({ iat: at, exp: at + 30 * 60, cv: 'staff-stamp' });
    expect(decodeJwt(staff.oktaIdToken)).toMatchObject({ exp: at + 30 * 60 });
    expect(decodeJwt(accessToken)).toMatchObject({ exp: at + 2 * 60 * 60, cv: 'ada-stamp' });
    // A renewal's stamp is the one it checked, not one read again.
    const renewed = await service.issueStaff({ username: 'staff01', fullName: 'Staff One', stamp: 'checked' });
    expect(decodeJwt(renewed.adaToken)).toMatchObject({ cv: 'checked' });
    clock = new Date('2026-11-21T10:31:00Z');
    await expect(service.verify(staff.adaToken, 'ada', staff.oktaIdTokenKey)).rejects.toThrow(/exp/);
    await expect(service.verify(accessToken, 'access')).resolves.toMatchObject({ sub: '10000001' });
  });
});

describe('an external identity provider', () => {
  it('verifies distributor tokens against its JWKS and issuer, and nothing else', async () => {
    const { createServer } = await import('node:http');
    const idp = await generateKeyPair('RS256', { extractable: true });
    const jwk = { ...(await exportJWK(idp.publicKey)), kid: 'ext-1', alg: 'RS256', use: 'sig' };
    const server = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    const t = await createTestApp();
    try {
      const keys = await loadKeyRing(t.db);
      const service = createTokenService(keys, TOKEN_ISSUER, undefined, {
        jwksUrl: `http://127.0.0.1:${port}/jwks`,
        issuer: 'https://idp.example.com',
        audience: 'inquiry',
      });
      const sign = (iss: string) =>
        new SignJWT({})
          .setProtectedHeader({ alg: 'RS256', kid: 'ext-1' })
          .setSubject('10000001')
          .setIssuer(iss)
          .setAudience('inquiry')
          .setExpirationTime('1h')
          .sign(idp.privateKey);
      await expect(service.verify(await sign('https://idp.example.com'), 'access')).resolves.toMatchObject({ sub: '10000001' });
      await expect(service.verify(await sign('https://other.example.com'), 'access')).rejects.toThrow();
      const forever = await new SignJWT({})
        .setProtectedHeader({ alg: 'RS256', kid: 'ext-1' })
        .setSubject('10000001')
        .setIssuer('https://idp.example.com')
        .setAudience('inquiry')
        .sign(idp.privateKey);
      await expect(service.verify(forever, 'access')).rejects.toThrow(/exp/);
      // The embedded IdP's own distributor tokens no longer count.
      const own = await createTokenService(keys, TOKEN_ISSUER).issue(profile);
      await expect(service.verify(own.accessToken, 'access')).rejects.toThrow();
    } finally {
      server.close();
      await t.close();
    }
  });
});

describe('key rotation across processes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('follows a key rotation made by another process: new tokens get the new key, the old key verifies until retired', async () => {
    // Two BFF processes on one database; each key ring has its own clock (how stale its copy is).
    let clockA = Date.now() + 1000;
    let clockB = clockA;
    const ringA = await loadKeyRing(t.db, () => clockA);
    const ringB = await loadKeyRing(t.db, () => clockB);
    const a = createTokenService(ringA, TOKEN_ISSUER);
    const b = createTokenService(ringB, TOKEN_ISSUER);
    const first = ringA.current.kid;
    const old = await a.issue(profile);
    await expect(a.verify(old.accessToken, 'access')).resolves.toMatchObject({ sub: '10000001' });

    // `npm run keys -- rotate`: B signs with the new key once its copy is a minute old.
    const second = await createSigningKey(t.db, new Date(clockB + 1000));
    clockB += KEY_REFRESH_MS;
    const fresh = await b.issue(profile);
    expect(decodeProtectedHeader(fresh.accessToken).kid).toBe(second);
    // A has not re-read yet: a token naming a key it lacks makes it look at once.
    await expect(a.verify(fresh.accessToken, 'access')).resolves.toMatchObject({ sub: '10000001' });
    expect(ringA.current.kid).toBe(second);
    await expect(b.verify(old.accessToken, 'access')).resolves.toMatchObject({ sub: '10000001' });

    // `npm run keys -- retire`: the old key's tokens fail everywhere once the keys are re-read,
    // even where they had been verified (and remembered) before.
    expect(await retireOlderSigningKeys(t.db, new Date(clockA))).toEqual([first]);
    clockA += KEY_REFRESH_MS;
    await ringA.refresh();
    expect(a.verified(old.accessToken, 'access')).toBeUndefined();
    await expect(a.verify(old.accessToken, 'access')).rejects.toThrow();
    await expect(a.verify(fresh.accessToken, 'access')).resolves.toMatchObject({ sub: '10000001' });
  });
});
