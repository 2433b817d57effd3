import { afterEach, describe, expect, it } from 'vitest';
import { currentProfile, decodeProfile } from './session.ts';

/** An unsigned token with this payload (the signature is the BFF's business, not the reader's). */
function token(payload: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(payload));
  const b64 = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return `eyJhbGciOiJSUzI1NiJ9.${b64}.c2ln`;
}

describe('the profile in the id token', () => {
  afterEach(() => sessionStorage.clear());

  it('reads the payload, Chinese names and base64url characters included', () => {
    // "王丽华" and "??>" make '-' and '_' appear in the base64url text.
    const profile = { ada: '10000001', amway_id: 'a1', amway_user_type: 'ABO', fullName: '王丽华 ??>', exp: 1 };
    const t = token(profile);
    expect(t.split('.')[1]).toMatch(/[-_]/);
    expect(decodeProfile(t)).toEqual(profile);
  });

  it('reads nothing from a token that is not one', () => {
    for (const bad of [null, '', 'abc', 'a.b.c', 'a.!!!.c', `x.${btoa('[1,2]')}.y`, `x.${btoa('\xff\xfe')}.y`]) {
      expect(decodeProfile(bad), String(bad)).toBeNull();
    }
  });

  it('drops stored tokens it cannot read', () => {
    sessionStorage.setItem('idToken', JSON.stringify('not.a-token'));
    sessionStorage.setItem('accessToken', JSON.stringify('x'));
    expect(currentProfile()).toBeNull();
  });
});
