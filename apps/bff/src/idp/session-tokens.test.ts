import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import {
  createSessionToken,
  exchangeSessionToken,
  pruneSessionTokens,
  SESSION_TOKEN_RETENTION_MS,
  SESSION_TOKEN_TTL_MS,
} from './session-tokens.ts';

describe('pruning one-time session tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.deleteFrom('session_tokens').execute();
  });

  const now = new Date('2026-11-21T12:00:00.000Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const DAY = 24 * 60 * 60 * 1000;
  const MINUTE = 60 * 1000;
  const left = async () =>
    (await t.db.selectFrom('session_tokens').select('token_hash').orderBy('token_hash').execute()).map((r) => r.token_hash);
  const row = (token_hash: string, expires_at: string, used_at: string | null = null) => ({
    token_hash,
    ada: '10000001',
    kind: 'distributor',
    expires_at,
    used_at,
  });

  it('keeps a day of history', () => {
    expect(SESSION_TOKEN_RETENTION_MS).toBe(DAY);
  });

  it('deletes tokens that expired more than a day ago and keeps the others', async () => {
    await t.db
      .insertInto('session_tokens')
      .values([
        row('expired-3-days', ago(3 * DAY)),
        row('expired-a-day-and-a-minute', ago(DAY + MINUTE)),
        row('expired-exactly-a-day', ago(DAY)),
        row('expired-an-hour', ago(60 * MINUTE)),
        row('live', new Date(now.getTime() + SESSION_TOKEN_TTL_MS).toISOString()),
      ])
      .execute();
    expect(await pruneSessionTokens(t.db, now)).toBe(2);
    expect(await left()).toEqual(['expired-an-hour', 'expired-exactly-a-day', 'live']);
  });

  it('deletes tokens used more than a day ago, even when they expired less than a day ago', async () => {
    await t.db
      .insertInto('session_tokens')
      .values([
        // Issued a day and 3 minutes ago, used a minute later: expired (TTL 5 minutes) 23h58m ago.
        row('used-a-day-and-2-minutes-ago', ago(DAY + 3 * MINUTE - SESSION_TOKEN_TTL_MS), ago(DAY + 2 * MINUTE)),
        row('used-an-hour-ago', ago(60 * MINUTE - SESSION_TOKEN_TTL_MS), ago(60 * MINUTE)),
        row('used-just-now', new Date(now.getTime() + SESSION_TOKEN_TTL_MS).toISOString(), now.toISOString()),
      ])
      .execute();
    expect(await pruneSessionTokens(t.db, now)).toBe(1);
    expect(await left()).toEqual(['used-an-hour-ago', 'used-just-now']);
  });

  it('leaves a token just issued exchangeable, and a just-used one still answering "used"', async () => {
    const fresh = await createSessionToken(t.db, '10000001', 'distributor', now);
    const used = await createSessionToken(t.db, '10000001', 'distributor', now);
    expect(await exchangeSessionToken(t.db, used, now)).toMatchObject({ ok: true });
    expect(await pruneSessionTokens(t.db, now)).toBe(0);
    expect(await exchangeSessionToken(t.db, fresh, now)).toMatchObject({ ok: true, ada: '10000001' });
    expect(await exchangeSessionToken(t.db, used, now)).toEqual({ ok: false, reason: 'used' });
  });
});
