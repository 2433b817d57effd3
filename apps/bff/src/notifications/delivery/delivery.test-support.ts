// What the delivery tests share: a throwaway database (SQLite, or a schema of its own on the
// PostgreSQL suite's server), outbox rows as the producer writes them, the stand-ins behind a
// fetch that goes through app.inject() (no sockets, no wall clock), and a worker wired to them.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach } from 'vitest';
import type { PushChannel } from '@abo/contract';
import type { DB } from '../../db/index.ts';
import { insertDistributor } from '../../testing/fixtures.ts';
import { openThrowawayDb } from '../../testing/throwaway-db.ts';
import { createStandIn, type StandIn, type StandInOptions } from './stand-in.ts';
import type { HttpRequest } from './http-client.ts';
import type { AdapterSlot, Fetch, PushMessage } from './types.ts';
import { createWebhookAdapter } from './webhook.ts';
import { createWechatAdapter, type WechatAdapter } from './wechat.ts';
import { createDeliveryWorker, type DeliveryWorkerOptions } from './worker.ts';

export interface TestDb {
  db: DB;
  /** Another connection (pool) to the same database: another process. */
  another(): DB;
  close(): Promise<void>;
}

export async function openTestDb(): Promise<TestDb> {
  const t = await openThrowawayDb({ name: 'delivery-test' });
  return { db: t.db, another: () => t.another(), close: () => t.close() };
}

/**
 * What `open` opens, afresh for each test of the file: opened before the test, closed after it.
 * `current()` is the test's; `replace` puts another in its place (closed after the test too).
 */
function eachTest<T extends { close(): Promise<unknown> }>(open: () => Promise<T>) {
  let current: T | undefined;
  beforeEach(async () => {
    current = await open();
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return {
    current(): T {
      if (!current) throw new Error('opened for each test: used outside a test');
      return current;
    },
    replace(next: T) {
      current = next;
    },
  };
}

/** A database afresh for each test of the file. */
export function testDbEachTest(): Omit<TestDb, 'close'> {
  const t = eachTest(openTestDb);
  return {
    get db() {
      return t.current().db;
    },
    another: () => t.current().another(),
  };
}

export const T0 = new Date('2026-11-21T04:00:00.000Z');

/** A message as the worker hands it to an adapter: a month closed, with `over` in its place. */
export const pushMessage = (over: Partial<PushMessage> = {}): PushMessage => ({
  idempotencyKey: '7:wec',
  ada: '10000001',
  kind: 'monthClosed',
  title: { zh: '10月已结算：Q月', en: 'October closed: a Q month' },
  body: { zh: '服务费¥1,234.00，11月15日发放', en: 'Service fee ¥1,234.00, paid on 15 November' },
  link: '/income/servicefee?month=2026-10',
  month: '2026-10',
  createdAt: '2026-11-01T02:05:30.000Z',
  ...over,
});

export interface NewNotification {
  ada?: string;
  kind?: string;
  eventKey?: string;
  title?: { zh: string; en: string };
  body?: { zh: string; en: string };
  link?: string;
  channels?: PushChannel[];
  /** When its outbox rows are due (the producer: now). */
  dueAt?: Date;
  /** The openid of the distributor on WeChat, written to notification_addresses. */
  openid?: string | null;
}

let events = 0;

/** A notification and its outbox rows, as the producer writes them; the outbox ids by channel. */
export async function addNotification(db: DB, n: NewNotification = {}): Promise<{ id: number; outbox: Record<string, number> }> {
  const ada = n.ada ?? '10000001';
  const at = (n.dueAt ?? T0).toISOString();
  // The worker pushes to distributors only.
  const known = await db.selectFrom('distributors').select('ada').where('ada', '=', ada).executeTakeFirst();
  if (!known) await insertDistributor(db, ada);
  const row = await db
    .insertInto('notifications')
    .values({
      ada,
      kind: n.kind ?? 'monthClosed',
      event_key: n.eventKey ?? `event-${++events}`,
      month: '2026-10',
      title: JSON.stringify(n.title ?? { zh: '10月已结算：Q月', en: 'October closed: a Q month' }),
      body: JSON.stringify(n.body ?? { zh: '服务费¥1,234.00，11月15日发放', en: 'Service fee ¥1,234.00, paid on 15 November' }),
      link: n.link ?? '/income/servicefee?month=2026-10',
      params: '{}',
      created_at: at,
      read_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  if (n.openid !== null) {
    await db
      .insertInto('notification_addresses')
      .values({ ada, channel: 'wec', address: n.openid ?? `openid-${ada}`, updated_at: at })
      .onConflict((oc) => oc.columns(['ada', 'channel']).doNothing())
      .execute();
  }
  const outbox: Record<string, number> = {};
  for (const channel of n.channels ?? ['wec', 'ca']) {
    const r = await db
      .insertInto('notification_outbox')
      .values({
        notification_id: id,
        ada,
        channel,
        idempotency_key: `${id}:${channel}`,
        status: 'pending',
        attempts: 0,
        due_at: at,
        claimed_until: null,
        sent_at: null,
        last_error: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    outbox[channel] = Number(r.id);
  }
  return { id, outbox };
}

export async function outboxRow(db: DB, id: number) {
  return db.selectFrom('notification_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** A fetch answered by `app.inject()`: the same routes, no socket. Honours an already aborted signal. */
export function injectFetch(app: FastifyInstance): Fetch {
  return async (input: string, init?: HttpRequest) => {
    init?.signal?.throwIfAborted();
    const url = new URL(input);
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET' | 'POST',
      url: url.pathname + url.search,
      headers: init?.headers ?? {},
      ...(init?.body !== undefined ? { payload: init.body } : {}),
    });
    const out = new Headers();
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out.set(k, String(v));
    return new Response(res.body, { status: res.statusCode, headers: out });
  };
}

export const APP_ID = 'wxtest0000000001';
export const WECHAT_SECRET = 'test-wechat-secret';
export const PUSH_SECRET = 'test-push-secret-0123456789';
export const STAND_IN = 'http://stand-in.test';

export interface StandInRig {
  app: FastifyInstance;
  standIn: StandIn;
  /** Reaches the stand-ins through inject(). */
  fetch: Fetch;
  close(): Promise<void>;
}

export async function standInRig(now: () => Date, more: Partial<StandInOptions> = {}): Promise<StandInRig> {
  const standIn = createStandIn({ wechat: { appId: APP_ID, secret: WECHAT_SECRET }, push: { secret: PUSH_SECRET }, now, ...more });
  const app = Fastify();
  await app.register(standIn.routes);
  await app.ready();
  return { app, standIn, fetch: injectFetch(app), close: () => app.close() };
}

export interface StandInsEachTest extends Omit<StandInRig, 'close'> {
  /** Closes the test's stand-ins and opens them again with `more`, for the rest of the test. */
  reopen(more: Partial<StandInOptions>): Promise<void>;
}

/** The stand-ins afresh for each test of the file, on the test's clock. */
export function standInsEachTest(now: () => Date): StandInsEachTest {
  const rig = eachTest(() => standInRig(now));
  return {
    get app() {
      return rig.current().app;
    },
    get standIn() {
      return rig.current().standIn;
    },
    fetch: (input, init) => rig.current().fetch(input, init),
    async reopen(more) {
      await rig.current().close();
      rig.replace(await standInRig(now, more));
    },
  };
}

export function wechatAdapter(fetch: Fetch, now: () => Date): WechatAdapter {
  return createWechatAdapter({
    apiBase: `${STAND_IN}/stand-in/wechat`,
    appId: APP_ID,
    secret: WECHAT_SECRET,
    templates: { byKind: { monthClosed: 'tpl-month-closed' }, fallback: 'tpl-default' },
    publicUrl: 'https://inquiry.example.com',
    fetch,
    now,
  });
}

export function adaptersFor(fetch: Fetch, now: () => Date): Record<PushChannel, AdapterSlot> {
  return {
    wec: { on: true, adapter: wechatAdapter(fetch, now) },
    ca: { on: true, adapter: createWebhookAdapter({ url: `${STAND_IN}/stand-in/push`, secret: PUSH_SECRET, fetch, now }) },
  };
}

/** A worker on `db` sending to the stand-ins through `fetch`, with the test's clock and no jitter. */
export function testWorker(db: DB, fetch: Fetch, now: () => Date, more: Partial<DeliveryWorkerOptions> = {}) {
  return createDeliveryWorker({ db, adapters: adaptersFor(fetch, now), now, random: () => 0.5, ...more });
}

/** Accepted receipts per idempotency key. */
export function acceptedByKey(standIn: StandIn): Map<string, number> {
  const m = new Map<string, number>();
  for (const r of standIn.receipts()) if (r.accepted && r.idempotencyKey) m.set(r.idempotencyKey, (m.get(r.idempotencyKey) ?? 0) + 1);
  return m;
}
