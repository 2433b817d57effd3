import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DB } from '../db/index.ts';
import { createTestApp } from '../testing/test-app.ts';
import { housekeepingPlugin, housekeepingTasks, type HousekeepingTask } from './housekeeping.ts';

const config = { ANALYTICS_RETENTION_DAYS: 30, AUDIT_RETENTION_DAYS: 400, HOUSEKEEPING_INTERVAL_MINUTES: 60 };
const fakeDb = {} as DB;
/** Stands in for plugins/database.ts (the plugin depends on it by name). */
const database = fp(async (app: FastifyInstance) => void app.decorate('db', fakeDb), { name: 'database' });

async function appWith(tasks: HousekeepingTask[], intervalMs: number, lines: string[] = []) {
  const app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => void lines.push(line) } } });
  await app.register(database);
  await app.register(housekeepingPlugin, { config, tasks, intervalMs });
  return app;
}

describe('housekeeping', () => {
  const apps: FastifyInstance[] = [];
  afterEach(async () => {
    vi.useRealTimers();
    await Promise.all(apps.splice(0).map((a) => a.close()));
  });

  it('runs every task on a timer once the server listens; a failing task is logged and the others still run', async () => {
    const calls: string[] = [];
    const lines: string[] = [];
    const app = await appWith(
      [
        {
          name: 'broken',
          run: async () => {
            calls.push('broken');
            throw new Error('disk on fire');
          },
        },
        { name: 'counting', run: async (db) => void calls.push(db === fakeDb ? 'counting' : 'wrong db') },
      ],
      20,
      lines,
    );
    apps.push(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    await vi.waitFor(() => expect(calls.filter((c) => c === 'counting').length).toBeGreaterThanOrEqual(2), { timeout: 2000 });
    expect(calls).not.toContain('wrong db');
    expect(lines.join('')).toContain('housekeeping task failed');
    expect(lines.join('')).toContain('disk on fire');
    expect(lines.join('')).toContain('"task":"broken"');

    await app.close();
    const after = calls.length;
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(calls.length).toBe(after);
  });

  it('does not run in an app that never listens (tests drive apps with inject) unless asked', async () => {
    vi.useFakeTimers();
    const run = vi.fn(async () => 3);
    const app = await appWith([{ name: 'only', run }], 20);
    apps.push(app);
    await app.ready();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(run).not.toHaveBeenCalled();
    const now = new Date('2026-11-21T00:00:00Z');
    expect(await app.housekeeping.run(now)).toEqual([{ task: 'only', ok: true, result: 3 }]);
    expect(run).toHaveBeenCalledWith(fakeDb, now);
  });

  it('keeps no timer with HOUSEKEEPING_INTERVAL_MINUTES=0, and joins a run already under way', async () => {
    let release = () => {};
    const run = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const app = await appWith([{ name: 'slow', run }], 0);
    apps.push(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const first = app.housekeeping.run();
    const second = app.housekeeping.run();
    release();
    expect(await first).toBe(await second);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('prunes old analytics events, old audit entries, expired session tokens, expired document links and old finished pushes in a real app', async () => {
    expect(housekeepingTasks(config).map((t) => t.name)).toEqual([
      'analytics retention',
      'audit retention',
      'session tokens',
      'document links',
      'notification outbox',
    ]);
    const t = await createTestApp();
    try {
      const now = new Date('2026-11-21T12:00:00Z');
      const ago = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();
      await t.db
        .insertInto('analytics_events')
        .values([
          { at: ago(31), event: '$pageview', distinct_id: 'a', properties: '{}' },
          { at: ago(2), event: '$pageview', distinct_id: 'b', properties: '{}' },
        ])
        .execute();
      await t.db
        .insertInto('session_tokens')
        .values([
          { token_hash: 'old', ada: '10000001', kind: 'distributor', expires_at: ago(3), used_at: null },
          { token_hash: 'new', ada: '10000001', kind: 'distributor', expires_at: ago(0), used_at: null },
        ])
        .execute();
      const link = { cookie_hash: 'c', actor: '10000001', ada: '10000001', channel: 'wec', staff: 0, request: '{}', created_at: ago(0) };
      await t.db
        .insertInto('document_links')
        .values([
          { ...link, token_hash: 'expired', expires_at: new Date(now.getTime() - 1000).toISOString(), used_at: null },
          { ...link, token_hash: 'used, expired', expires_at: now.toISOString(), used_at: ago(0) },
          { ...link, token_hash: 'live', expires_at: new Date(now.getTime() + 1000).toISOString(), used_at: null },
        ])
        .execute();
      const push = { notification_id: 1, ada: '10000001', channel: 'ca', attempts: 1, claimed_until: null, last_error: null };
      await t.db
        .insertInto('notification_outbox')
        .values([
          { ...push, idempotency_key: 'sent long ago', status: 'sent', due_at: ago(95), sent_at: ago(91) },
          { ...push, idempotency_key: 'sent lately', status: 'sent', due_at: ago(95), sent_at: ago(89) },
          { ...push, idempotency_key: 'failed long ago', status: 'failed', due_at: ago(91), sent_at: null },
          { ...push, idempotency_key: 'skipped long ago', status: 'skipped', due_at: ago(91), sent_at: null },
          { ...push, idempotency_key: 'pending long', status: 'pending', due_at: ago(91), sent_at: null },
        ])
        .execute();
      const audit = { subject_ada: '10000002', action: 'POST /bff/v1/home/summary', channel: 'iinquiry' };
      await t.db
        .insertInto('audit_log')
        .values([
          { ...audit, actor: 'older', at: ago(401) },
          { ...audit, actor: 'within', at: ago(399) },
        ])
        .execute();
      const results = await t.app.housekeeping.run(now);
      expect(results.every((r) => r.ok)).toBe(true);
      expect((await t.db.selectFrom('analytics_events').select('distinct_id').execute()).map((r) => r.distinct_id)).toEqual(['b']);
      // AUDIT_RETENTION_DAYS (default 400): only the entries older than that go.
      expect((await t.db.selectFrom('audit_log').select('actor').execute()).map((r) => r.actor)).toEqual(['within']);
      expect((await t.db.selectFrom('session_tokens').select('token_hash').execute()).map((r) => r.token_hash)).toEqual(['new']);
      expect((await t.db.selectFrom('document_links').select('token_hash').execute()).map((r) => r.token_hash)).toEqual(['live']);
      const kept = await t.db.selectFrom('notification_outbox').select('idempotency_key').orderBy('idempotency_key').execute();
      expect(kept.map((r) => r.idempotency_key)).toEqual(['pending long', 'sent lately']);
    } finally {
      await t.close();
    }
  });
});
