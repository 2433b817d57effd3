import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.ts';
import type { DB } from '../db/index.ts';
import { addNotification } from '../notifications/delivery/delivery.test-support.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { notificationDeliveryPlugin } from './notification-delivery.ts';

/** Stands in for plugins/database.ts (the plugin depends on it by name). */
const database = fp(async (app: FastifyInstance) => void app.decorate('db', {} as DB), { name: 'database' });

async function appWith(env: Record<string, string>, lines: string[]) {
  const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line).msg) } } });
  await app.register(database);
  await app.register(notificationDeliveryPlugin, { config: loadConfig(env) });
  await app.ready();
  return app;
}

describe('notification delivery plugin', () => {
  const apps: FastifyInstance[] = [];
  const testApps: TestApp[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((a) => a.close()));
    await Promise.all(testApps.splice(0).map((t) => t.close()));
  });

  it('says at start that WeChat and app push are off without their settings, and registers no stand-in', async () => {
    const lines: string[] = [];
    const app = await appWith({}, lines);
    apps.push(app);
    expect(lines).toEqual([
      'notifications: WeChat off: WECHAT_APP_SECRET not set',
      'notifications: app push off: PUSH_WEBHOOK_URL and PUSH_WEBHOOK_SECRET not set',
      'notifications: delivery worker on in this process (every 2000 ms, 100 a batch)',
    ]);
    expect((await app.inject({ method: 'GET', url: '/stand-in/messages' })).statusCode).toBe(404);
    expect(app.notificationDelivery.standIn).toBeNull();
  });

  it('says where each channel sends once configured, never the secrets', async () => {
    const lines: string[] = [];
    apps.push(
      await appWith(
        {
          WECHAT_APP_ID: 'wx1234567890',
          WECHAT_APP_SECRET: 'wechat-secret-value',
          WECHAT_TEMPLATE_IDS: 'tpl1',
          PUBLIC_URL: 'https://inquiry.example.com',
          PUSH_WEBHOOK_URL: 'https://push.example.com/hooks/abo?token=x',
          PUSH_WEBHOOK_SECRET: 'push-secret-value-0123',
          NOTIFY_WORKER: '0',
        },
        lines,
      ),
    );
    expect(lines).toEqual([
      'notifications: WeChat subscribe messages on: https://api.weixin.qq.com, app id wx1234567890, opening pages under https://inquiry.example.com',
      'notifications: app push on: https://push.example.com',
      'notifications: delivery worker off in this process (NOTIFY_WORKER=0)',
    ]);
    expect(lines.join('\n')).not.toMatch(/secret-value|token=x/);
  });

  it('demo mode: the stand-ins are there and the worker sends to them over HTTP', async () => {
    const t = await createTestApp({ DEMO: '1', NOTIFY_WORKER: '0' });
    testApps.push(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const n = await addNotification(t.db, { dueAt: new Date() });
    expect(await t.app.notificationDelivery.runOnce()).toMatchObject({ claimed: 2, sent: 2 });
    const res = await t.app.inject({ method: 'GET', url: '/stand-in/messages' });
    expect(res.statusCode).toBe(200);
    const messages = (res.json() as { messages: Array<{ service: string; idempotencyKey: string; accepted: boolean }> }).messages;
    expect(messages.map((m) => [m.service, m.idempotencyKey, m.accepted]).sort()).toEqual([
      ['push', `${n.id}:ca`, true],
      ['wechat', `${n.id}:wec`, true],
    ]);
  });

  it('runs the worker loop once the server listens and stops it when the app closes', async () => {
    const t = await createTestApp({ DEMO: '1', NOTIFY_WORKER_INTERVAL_MS: '100' });
    testApps.push(t);
    const n = await addNotification(t.db, { dueAt: new Date() });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await vi.waitFor(
      async () => {
        const rows = await t.db.selectFrom('notification_outbox').select('status').where('notification_id', '=', n.id).execute();
        expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(t.app.notificationDelivery.standIn!.receipts()).toHaveLength(2);
    await t.app.close();
  });
});
