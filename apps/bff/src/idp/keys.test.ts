import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createSigningKey, KEY_REFRESH_MS, listSigningKeys, loadKeyRing, retireOlderSigningKeys } from './keys.ts';

describe('signing keys (rotation across processes sharing one database)', () => {
  let t: TestApp;
  let clock: number;
  const now = () => clock;
  beforeEach(async () => {
    t = await createTestApp(); // its app created the first key at the real time
    clock = Date.now() + 1000;
  });
  afterEach(() => t.close());

  it('has one key from the first start on, and every process signs with the same one', async () => {
    const a = await loadKeyRing(t.db, now);
    const b = await loadKeyRing(t.db, now);
    expect(b.current.kid).toBe(a.current.kid);
    expect(a.publicJwks.map((k) => k.kid)).toContain(a.current.kid);
    expect(JSON.stringify(a.publicJwks)).not.toMatch(/"d":/); // public halves only
  });

  it('moves every process to a rotated key within the refresh interval, old tokens still verifying', async () => {
    const ring = await loadKeyRing(t.db, now);
    const first = ring.current.kid;
    clock += 1000;
    const second = await createSigningKey(t.db, new Date(clock));

    await ring.refresh();
    expect(ring.current.kid).toBe(first); // not re-read yet: within the interval

    clock += KEY_REFRESH_MS;
    await ring.refresh();
    expect(ring.current.kid).toBe(second);
    expect(ring.publicJwks.map((k) => k.kid).sort()).toEqual([first, second].sort());
  });

  it('re-reads at once for a token naming an unknown key, at most once per few seconds', async () => {
    const ring = await loadKeyRing(t.db, now);
    const second = await createSigningKey(t.db, new Date(clock + 1000));
    await ring.refresh({ unknownKid: true });
    expect(ring.publicJwks.map((k) => k.kid)).toContain(second);

    const third = await createSigningKey(t.db, new Date(clock + 2000));
    clock += 1000;
    await ring.refresh({ unknownKid: true }); // a flood of forged kids costs one query per window
    expect(ring.publicJwks.map((k) => k.kid)).not.toContain(third);
    clock += 5000;
    await ring.refresh({ unknownKid: true });
    expect(ring.current.kid).toBe(third);
  });

  it('retires all but the newest key; retired keys leave the JWKS', async () => {
    const ring = await loadKeyRing(t.db, now);
    const first = ring.current.kid;
    const second = await createSigningKey(t.db, new Date(clock + 1000));
    expect(await retireOlderSigningKeys(t.db)).toEqual([first]);
    expect(await retireOlderSigningKeys(t.db)).toEqual([]);
    clock += KEY_REFRESH_MS;
    await ring.refresh();
    expect(ring.publicJwks.map((k) => k.kid)).toEqual([second]);
    expect((await listSigningKeys(t.db)).map((k) => [k.kid, k.retiredAt !== null])).toEqual([
      [first, true],
      [second, false],
    ]);
  });

  it('keeps its keys when the database is away during a refresh', async () => {
    const ring = await loadKeyRing(t.db, now);
    const kid = ring.current.kid;
    await t.db.schema.alterTable('signing_keys').renameTo('signing_keys_away').execute();
    clock += KEY_REFRESH_MS;
    await expect(ring.refresh()).resolves.toBeUndefined();
    expect(ring.current.kid).toBe(kid);
    await t.db.schema.alterTable('signing_keys_away').renameTo('signing_keys').execute();
  });
});
