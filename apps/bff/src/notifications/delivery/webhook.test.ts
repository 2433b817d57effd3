// The app's push webhook: the signature, and what each answer means.
import { createHmac } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { PUSH_SECRET, pushMessage, STAND_IN, standInsEachTest, T0 } from './delivery.test-support.ts';
import type { HttpRequest } from './http-client.ts';
import type { Fetch } from './types.ts';
import { createWebhookAdapter, verifyWebhook, webhookSignature } from './webhook.ts';

let clock = T0.getTime();
const now = () => new Date(clock);
beforeEach(() => {
  clock = T0.getTime();
});
const rig = standInsEachTest(now);

const message = pushMessage({ idempotencyKey: '7:ca' });

const adapter = (fetch: Fetch, timeoutMs?: number) =>
  createWebhookAdapter({ url: `${STAND_IN}/stand-in/push`, secret: PUSH_SECRET, fetch, now, ...(timeoutMs ? { timeoutMs } : {}) });

describe('push webhook', () => {
  it('posts the message signed over its raw body; the stand-in verifies the signature', async () => {
    const seen: Array<{ headers: Headers; body: string }> = [];
    const spy = (async (input: string, init?: HttpRequest) => {
      seen.push({ headers: new Headers(init?.headers), body: String(init?.body) });
      return rig.fetch(input, init);
    }) as Fetch;
    expect(await adapter(spy).send(message, null)).toEqual({ status: 'sent' });

    const { headers, body } = seen[0]!;
    const timestamp = String(T0.getTime() / 1000);
    expect(headers.get('x-abo-timestamp')).toBe(timestamp);
    const hmac = createHmac('sha256', PUSH_SECRET).update(`${timestamp}.${body}`).digest('hex');
    expect(headers.get('x-abo-signature')).toBe(`sha256=${hmac}`);
    expect(JSON.parse(body)).toEqual({ ...message });
    expect(rig.standIn.receipts()).toEqual([
      { service: 'push', at: T0.toISOString(), idempotencyKey: '7:ca', accepted: true, answer: 200, message: { ...message } },
    ]);
  });

  it('a receiver refuses a changed body, another secret or an old timestamp', () => {
    const body = JSON.stringify(message);
    const timestamp = String(T0.getTime() / 1000);
    const signature = webhookSignature(PUSH_SECRET, timestamp, body);
    expect(verifyWebhook(PUSH_SECRET, { timestamp, signature }, body, T0)).toBe(true);
    expect(verifyWebhook(PUSH_SECRET, { timestamp, signature }, body.replace('1,234', '9,234'), T0)).toBe(false);
    expect(verifyWebhook('another-secret-of-16+', { timestamp, signature }, body, T0)).toBe(false);
    expect(verifyWebhook(PUSH_SECRET, { timestamp, signature }, body, new Date(T0.getTime() + 301_000))).toBe(false);
    expect(verifyWebhook(PUSH_SECRET, { timestamp, signature: undefined }, body, T0)).toBe(false);
  });

  it('the stand-in answers 401 to a post it cannot verify, and records it as refused without its body', async () => {
    const res = await rig.app.inject({
      method: 'POST',
      url: '/stand-in/push',
      headers: { 'content-type': 'application/json', 'x-abo-timestamp': String(T0.getTime() / 1000), 'x-abo-signature': 'sha256=00' },
      payload: JSON.stringify(message),
    });
    expect(res.statusCode).toBe(401);
    expect(rig.standIn.receipts()).toMatchObject([{ service: 'push', idempotencyKey: null, accepted: false, answer: 401, message: null }]);
    const wrongSecret = createWebhookAdapter({ url: `${STAND_IN}/stand-in/push`, secret: 'not-the-secret-at-all', fetch: rig.fetch, now });
    expect(await wrongSecret.send(message, null)).toEqual({ status: 'failed', error: 'push service answered HTTP 401' });
  });

  it('4xx fails at once (but 408 and 429), 5xx, no answer or a timeout are retried', async () => {
    const outcome = async (status: number) => {
      rig.standIn.failNext('push', 1, status);
      return adapter(rig.fetch).send(message, null);
    };
    for (const status of [400, 404, 410, 422])
      expect(await outcome(status)).toEqual({ status: 'failed', error: `push service answered HTTP ${status}` });
    for (const status of [408, 429, 500, 502, 503])
      expect(await outcome(status)).toEqual({ status: 'retry', error: `push service answered HTTP ${status}` });
    const down = (() => Promise.reject(new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } }))) as Fetch;
    expect(await adapter(down).send(message, null)).toEqual({ status: 'retry', error: 'push service: fetch failed (ECONNRESET)' });
    const silent = ((_input: unknown, init?: HttpRequest) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)))) as Fetch;
    expect(await adapter(silent, 5).send(message, null)).toEqual({ status: 'retry', error: 'push service: timed out' });
  });
});
