// Where a push channel reaches a distributor (migration 0007, notification_addresses): for WeChat
// the openid the official account knows them by, recorded when they sign in through WeChat.
import { createHash } from 'node:crypto';
import type { PushChannel } from '@abo/contract';
import type { DB } from '../db/index.ts';
import { wakeWaiting } from './delivery/outbox.ts';

/**
 * Records (or replaces) a distributor's address on a channel, and wakes the pushes queued there
 * before it existed (they wait for it, delivery/worker.ts): due at once, sent by the next claim.
 */
export async function recordAddress(db: DB, ada: string, channel: PushChannel, address: string, now = new Date()): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto('notification_addresses')
    .values({ ada, channel, address, updated_at: at })
    .onConflict((oc) => oc.columns(['ada', 'channel']).doUpdateSet({ address, updated_at: at }))
    .execute();
  await wakeWaiting(db, ada, channel, now);
}

/**
 * The openid the embedded WeChat stand-in gives a distributor: stable per official account and
 * person, 28 characters like WeChat's, and telling nothing about the ADA. A deployment on real
 * WeChat OAuth records the openid WeChat answers instead.
 */
export function standInOpenId(appId: string, ada: string): string {
  return `o${createHash('sha256').update(`${appId}:${ada}`).digest('base64url').slice(0, 27)}`;
}
