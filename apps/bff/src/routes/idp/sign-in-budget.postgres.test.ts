// The sign-in budget kept in PostgreSQL (the PostgreSQL suite; TEST_DATABASE_URL from its global
// setup): several processes, each with its own pool and budget object, spend from one budget.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@abo/contract';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { closeDatabase, migrateToLatest, openPostgres, type DB } from '../../db/index.ts';
import { openThrowawayDb, uniqueSchemaName } from '../../testing/throwaway-db.ts';
import { insertDistributor, TEST_PASSWORD } from '../../testing/fixtures.ts';
import { TEST_TODAY } from '../../testing/today.ts';
import { createSharedSignInBudget, signInBudgetFor, type SignInBudgetOptions } from './sign-in-budget.ts';

const url = process.env.TEST_DATABASE_URL!;
const schema = uniqueSchemaName('sib');
/** Two "processes": a pool each on one schema. */
let one: DB;
let two: DB;

beforeAll(async () => {
  one = openPostgres(url, { schema, poolSize: 6 });
  two = openPostgres(url, { schema, poolSize: 6 });
  await migrateToLatest(one);
});

afterAll(async () => {
  await closeDatabase(two);
  await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(one);
  await closeDatabase(one);
});

const clock = () => {
  let t = 1_780_000_000_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
};

let n = 0;
/** Names no other test uses: every test shares the one table. */
const fresh = (prefix: string) => `${prefix}-${++n}`;
const ip = () => `198.51.100.${++n % 250}`;

const windows = async (db: DB) =>
  (await db.selectFrom('sign_in_windows').select(['kind', 'key', 'count', 'ends_at']).orderBy('kind').orderBy('key').execute()).filter(
    (w) => w.count > 0,
  );

const pair = (o: Omit<SignInBudgetOptions, 'maxEntries'>) => [signInBudgetFor(one, o), signInBudgetFor(two, o)] as const;

describe('sign-in budget on PostgreSQL', () => {
  it('is one budget for every process: what one charges, the other sees', async () => {
    const c = clock();
    const [a, b] = pair({ perAccount: 3, now: c.now });
    const user = fresh('User');
    expect(await a.take(user, '192.0.2.1')).toEqual({ ok: true });
    expect(await b.take(` ${user.toLowerCase()}`, '192.0.2.2')).toEqual({ ok: true });
    expect(await a.take(user, '192.0.2.3')).toEqual({ ok: true });
    expect(await b.take(user, '192.0.2.4')).toEqual({ ok: false, limitedBy: 'account', retryAfterSeconds: 60 });
    expect(await a.take(user, '192.0.2.4')).toEqual({ ok: false, limitedBy: 'account', retryAfterSeconds: 60 });

    // The address budget too (5 × perAccount over all accounts), spent from both processes.
    const address = '2001:db8:77::1';
    for (let i = 0; i < 15; i++) expect((await (i % 2 ? a : b).take(fresh('spray'), address)).ok).toBe(true);
    // Another host of the same /64, on the other process.
    expect(await a.take(fresh('spray'), '2001:db8:77::2')).toMatchObject({ ok: false, limitedBy: 'address' });
    expect(await b.take(fresh('spray'), address)).toMatchObject({ ok: false, limitedBy: 'address' });
  });

  it('does not charge the address for attempts on a locked account (one guesser does not lock a NAT)', async () => {
    const c = clock();
    const [a, b] = pair({ perAccount: 2, perAddress: 4, now: c.now });
    const victim = fresh('victim');
    const nat = ip();
    await a.take(victim, nat);
    await b.take(victim, nat);
    for (let i = 0; i < 20; i++) expect(await (i % 2 ? a : b).take(victim, nat)).toMatchObject({ ok: false, limitedBy: 'account' });
    const rows = await windows(one);
    expect(rows.find((w) => w.kind === 'address' && w.key === nat)?.count).toBe(2);
    expect(rows.find((w) => w.kind === 'account' && w.key === victim)?.count).toBe(2);
    expect((await a.take(fresh('colleague'), nat)).ok).toBe(true);
    expect((await b.take(fresh('colleague'), nat)).ok).toBe(true);
    expect(await a.take(fresh('third'), nat)).toMatchObject({ ok: false, limitedBy: 'address' });
  });

  it('opens a new window when the old one ends, and deletes ended windows now and then', async () => {
    const c = clock();
    c.advance(3_600_000); // later than the other tests' windows: the sweep below may delete theirs
    const [a, b] = pair({ perAccount: 2, now: c.now });
    const user = fresh('user');
    const from = ip();
    await a.take(user, from);
    await b.take(user, from);
    expect(await a.take(user, from)).toEqual({ ok: false, limitedBy: 'account', retryAfterSeconds: 60 });
    c.advance(59_001);
    expect(await b.take(user, from)).toEqual({ ok: false, limitedBy: 'account', retryAfterSeconds: 1 });
    c.advance(999);
    expect(await b.take(user, from)).toEqual({ ok: true });
    const row = (await windows(one)).find((w) => w.kind === 'account' && w.key === user)!;
    expect(row).toMatchObject({ count: 1, ends_at: c.now() + 60_000 });
    expect(await a.take(user, from)).toEqual({ ok: true });
    expect(await a.take(user, from)).toMatchObject({ ok: false, limitedBy: 'account' });

    // A window later, the next take deletes every ended window: only its own two rows are left.
    c.advance(120_000);
    const late = createSharedSignInBudget(two, { perAccount: 2, now: c.now });
    expect(await late.take(fresh('late'), from)).toEqual({ ok: true });
    const left = await one.selectFrom('sign_in_windows').select(['kind', 'key', 'count']).orderBy('kind').execute();
    expect(left).toEqual([
      { kind: 'account', key: `late-${n}`, count: 1 },
      { kind: 'address', key: from, count: 1 },
    ]);
  });

  it('never lets concurrent takes from two processes past the limit', async () => {
    const c = clock();
    c.advance(7_200_000);
    const [a, b] = pair({ perAccount: 7, perAddress: 10, now: c.now });
    // One account from many addresses: exactly perAccount pass.
    const user = fresh('target');
    const byAccount = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).take(user, `203.0.113.${i}`)));
    expect(byAccount.filter((v) => v.ok)).toHaveLength(7);
    expect(byAccount.filter((v) => !v.ok).every((v) => !v.ok && v.limitedBy === 'account')).toBe(true);
    // One address over many accounts: exactly perAddress pass.
    const from = '192.0.2.200';
    const byAddress = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).take(fresh('many'), from)));
    expect(byAddress.filter((v) => v.ok)).toHaveLength(10);
    // Both at once, on the same pair of keys: each refused take charged nothing.
    const both = fresh('both');
    const same = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).take(both, '192.0.2.201')));
    expect(same.filter((v) => v.ok)).toHaveLength(7);
    const rows = await windows(two);
    expect(rows.find((w) => w.kind === 'account' && w.key === user)?.count).toBe(7);
    expect(rows.find((w) => w.kind === 'address' && w.key === from)?.count).toBe(10);
    expect(rows.find((w) => w.kind === 'address' && w.key === '192.0.2.201')?.count).toBe(7);
  });
});

describe('two BFF processes on one PostgreSQL', () => {
  it('share the sign-in budget: attempts on one count on the other, the right password included', async () => {
    const t = await openThrowawayDb({ kind: 'postgres', name: 'sib-apps' });
    const config = loadConfig({
      DATA_DIR: t.dir,
      LOG_LEVEL: 'silent',
      INQUIRY_TODAY: TEST_TODAY,
      MAX_EVENT_LOOP_DELAY_MS: '0',
      LOGIN_RATE_LIMIT: '4',
    });
    const first = await buildApp({ config, db: t.db, logger: false });
    const second = await buildApp({ config, db: t.another(), logger: false });
    try {
      await insertDistributor(t.db, '10000001');
      const signIn = (app: typeof first, password: string) =>
        app.inject({ method: 'POST', url: '/idp/session', payload: { username: '10000001', password } });
      for (let i = 0; i < 4; i++) expect((await signIn(i % 2 ? first : second, 'wrong')).json()).toMatchObject({ code: Code.UNAUTHORIZED });
      for (const app of [first, second]) {
        const res = await signIn(app, TEST_PASSWORD);
        expect(res.statusCode).toBe(429);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    } finally {
      await second.close();
      await t.close(() => first.close());
    }
  });
});
