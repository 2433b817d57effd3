// A distributor's notification preferences (migration 0007): which kinds and channels are pushed,
// and quiet hours in China time. No row: every kind on every channel, at any time. The page
// always lists every notification; preferences decide only the pushes.
import {
  NOTIFICATION_KINDS,
  PUSH_CHANNELS,
  notificationPreferencesSchema,
  pushedByDefault,
  type NotificationKind,
  type NotificationPreferences,
  type PushChannel,
} from '@abo/contract';
import type { DB } from '../db/index.ts';
import type { NotificationPreferencesTable } from '../db/schema.ts';

/** Every kind on but those pushed only once switched on (PUSH_OFF_BY_DEFAULT), every channel, no quiet hours. */
export function defaultPreferences(): NotificationPreferences {
  return {
    kinds: Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, pushedByDefault(k)])) as NotificationPreferences['kinds'],
    channels: Object.fromEntries(PUSH_CHANNELS.map((c) => [c, true])) as NotificationPreferences['channels'],
    quietHours: null,
  };
}

/**
 * A stored row as preferences; a kind or channel the row does not name (added since it was
 * saved) is as for someone who never saved any (defaultPreferences).
 */
function fromRow(row: Pick<NotificationPreferencesTable, 'kinds' | 'channels' | 'quiet_from' | 'quiet_to'>): NotificationPreferences {
  const d = defaultPreferences();
  const record = (json: string): object => {
    try {
      const v: unknown = JSON.parse(json);
      return v !== null && typeof v === 'object' ? v : {};
    } catch {
      return {};
    }
  };
  // A malformed row reads as the defaults (as the delivery worker reads it: delivery/batch-data.ts).
  const parsed = notificationPreferencesSchema.safeParse({
    kinds: { ...d.kinds, ...record(row.kinds) },
    channels: { ...d.channels, ...record(row.channels) },
    quietHours: row.quiet_from && row.quiet_to ? { from: row.quiet_from, to: row.quiet_to } : null,
  });
  return parsed.success ? parsed.data : d;
}

export async function readPreferences(db: DB, ada: string): Promise<NotificationPreferences> {
  const row = await db.selectFrom('notification_preferences').selectAll().where('ada', '=', ada).executeTakeFirst();
  return row ? fromRow(row) : defaultPreferences();
}

/** Every stored preference (the distributors who changed theirs: few), for the producer. */
export async function allPreferences(db: DB): Promise<Map<string, NotificationPreferences>> {
  const rows = await db.selectFrom('notification_preferences').selectAll().execute();
  return new Map(rows.map((r) => [r.ada, fromRow(r)]));
}

/** Saves a distributor's preferences (an upsert: saving the same twice changes nothing). */
export async function savePreferences(db: DB, ada: string, p: NotificationPreferences, now = new Date()): Promise<NotificationPreferences> {
  const row = {
    kinds: JSON.stringify(p.kinds),
    channels: JSON.stringify(p.channels),
    quiet_from: p.quietHours?.from ?? null,
    quiet_to: p.quietHours?.to ?? null,
    updated_at: now.toISOString(),
  };
  await db
    .insertInto('notification_preferences')
    .values({ ada, ...row })
    .onConflict((oc) => oc.column('ada').doUpdateSet(row))
    .execute();
  return fromRow(row);
}

/** Whether a kind is pushed to a channel (undefined preferences: the defaults). */
export function pushesTo(p: NotificationPreferences | undefined, kind: NotificationKind, channel: PushChannel): boolean {
  if (!p) return pushedByDefault(kind);
  return p.kinds[kind] !== false && p.channels[channel] !== false;
}
