// What the delivery worker hands a channel adapter, and what it answers.
import type { LocalText, PushChannel } from '@abo/contract';

/** One notification on its way to one channel. */
export interface PushMessage {
  /** `<notification id>:<channel>`: the receiving service deduplicates by it; every send carries it. */
  idempotencyKey: string;
  ada: string;
  /** A NotificationKind. */
  kind: string;
  title: LocalText;
  body: LocalText;
  /** The app path under /front that explains it. */
  link: string;
  month: string | null;
  /** When the notification was made, ISO-8601 UTC. */
  createdAt: string;
}

/**
 * How one send went. `retry`: try again after a backoff (network, timeout, a 5xx, a busy
 * service); `failed`: the service refused the message for good; `skipped`: nothing to send to
 * (no address, the user unsubscribed); each with what the outbox row records.
 */
export type SendOutcome =
  | { status: 'sent' }
  | { status: 'retry'; error: string }
  | { status: 'failed'; error: string }
  /** `attempted`: a request was made (and counts as an attempt). */
  | { status: 'skipped'; reason: string; attempted: boolean };

export interface ChannelAdapter {
  readonly channel: PushChannel;
  /** Sends one message; never throws (every failure is an outcome). `address`: the channel's address of the distributor, if any. */
  send(message: PushMessage, address: string | null): Promise<SendOutcome>;
}

/** A channel's adapter, or why the channel is off (its rows are skipped with that reason). */
export type AdapterSlot = { on: true; adapter: ChannelAdapter } | { on: false; reason: string };

export type { Fetch } from './http-client.ts';

/** Every outgoing call gives up after this long (AbortSignal.timeout). */
export const HTTP_TIMEOUT_MS = 10_000;

/** An error's message for an outbox row: short and on one line. */
export function errorText(err: unknown): string {
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } } | null;
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return 'timed out';
  const cause = e?.cause?.code ?? e?.cause?.message;
  const text = `${e?.message ?? String(err)}${cause ? ` (${cause})` : ''}`;
  return text.replace(/\s+/g, ' ').slice(0, 300);
}
