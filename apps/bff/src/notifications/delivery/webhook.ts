// The company's app (ca): a webhook to its push service.
//   POST PUSH_WEBHOOK_URL  {idempotencyKey, ada, kind, title, body, link, month, createdAt}
//   x-abo-timestamp: unix seconds
//   x-abo-signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>" keyed with PUSH_WEBHOOK_SECRET>
// The service checks the signature (and that the timestamp is recent) and deduplicates by
// idempotencyKey. 2xx: delivered; 408, 429, 5xx or no answer: try again later; any other 4xx:
// the service refuses this message for good.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ChannelAdapter, Fetch, PushMessage, SendOutcome } from './types.ts';
import { HTTP_TIMEOUT_MS, errorText } from './types.ts';
import { httpFetch } from './http-client.ts';

export const TIMESTAMP_HEADER = 'x-abo-timestamp';
export const SIGNATURE_HEADER = 'x-abo-signature';
/** A receiver refuses a signature whose timestamp is further than this from its clock. */
export const SIGNATURE_TOLERANCE_S = 300;

export function webhookSignature(secret: string, timestamp: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
}

/** What a receiver checks: the signature over the raw body, and a timestamp within the tolerance of `now`. */
export function verifyWebhook(
  secret: string,
  headers: { timestamp: string | undefined; signature: string | undefined },
  rawBody: string,
  now: Date,
): boolean {
  const { timestamp, signature } = headers;
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > SIGNATURE_TOLERANCE_S) return false;
  const expected = Buffer.from(webhookSignature(secret, timestamp, rawBody));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export interface WebhookAdapterOptions {
  url: string;
  secret: string;
  fetch?: Fetch;
  now?: () => Date;
  timeoutMs?: number;
}

export function createWebhookAdapter(opts: WebhookAdapterOptions): ChannelAdapter {
  const doFetch = opts.fetch ?? httpFetch;
  const now = opts.now ?? (() => new Date());
  const timeoutMs = opts.timeoutMs ?? HTTP_TIMEOUT_MS;

  const send = async (message: PushMessage): Promise<SendOutcome> => {
    const body = JSON.stringify({
      idempotencyKey: message.idempotencyKey,
      ada: message.ada,
      kind: message.kind,
      title: message.title,
      body: message.body,
      link: message.link,
      month: message.month,
      createdAt: message.createdAt,
    });
    const timestamp = String(Math.floor(now().getTime() / 1000));
    let status: number;
    try {
      const res = await doFetch(opts.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [TIMESTAMP_HEADER]: timestamp,
          [SIGNATURE_HEADER]: webhookSignature(opts.secret, timestamp, body),
        },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = res.status;
      // Read (and drop) the answer so the connection goes back to the pool.
      await res.arrayBuffer().catch(() => undefined);
    } catch (err) {
      return { status: 'retry', error: `push service: ${errorText(err)}` };
    }
    if (status >= 200 && status < 300) return { status: 'sent' };
    const error = `push service answered HTTP ${status}`;
    if (status >= 400 && status < 500 && status !== 408 && status !== 429) return { status: 'failed', error };
    return { status: 'retry', error };
  };

  return { channel: 'ca', send };
}
