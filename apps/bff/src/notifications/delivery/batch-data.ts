// What the worker reads for one claimed batch, in four queries whatever its size: the
// notifications, the distributors' preferences as they are now, their WeChat openids, and which
// of them are distributors still.
import { pushedByDefault, type LocalText, type PushChannel } from '@abo/contract';
import type { DB } from '../../db/index.ts';
import type { QuietHours } from './quiet-hours.ts';
import type { PushMessage } from './types.ts';

/** A notification as stored: what a push message carries, with its id. */
export type StoredNotification = Omit<PushMessage, 'idempotencyKey'> & { id: number };

/** A distributor's push preferences as the worker needs them; no row: everything, any time. */
export interface PushPreferences {
  kindOn(kind: string): boolean;
  channelOn(channel: string): boolean;
  quietHours: QuietHours | null;
}

export interface BatchData {
  notifications: Map<number, StoredNotification>;
  preferences(ada: string): PushPreferences;
  /** The channel's address of a distributor (WeChat: the official account's openid). */
  address(channel: PushChannel, ada: string): string | null;
  /** Whether the ADA is in the data now (an import --replace may have dropped it since the row was written). */
  isDistributor(ada: string): boolean;
}

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Who never chose: every channel, every kind but those pushed only once switched on. */
const DEFAULTS: PushPreferences = { kindOn: pushedByDefault, channelOn: () => true, quietHours: null };

function localText(json: string): LocalText {
  try {
    const v = JSON.parse(json) as Partial<LocalText> | string;
    if (typeof v === 'string') return { zh: v, en: v };
    return { zh: String(v.zh ?? v.en ?? ''), en: String(v.en ?? v.zh ?? '') };
  } catch {
    return { zh: json, en: json };
  }
}

/** A JSON record of switches; a key missing counts as `byDefault` says, else on unless `false`. */
function switches(json: string, byDefault: (key: string) => boolean = () => true): (key: string) => boolean {
  try {
    const v = JSON.parse(json) as unknown;
    if (v && typeof v === 'object') {
      const map = v as Record<string, unknown>;
      return (key) => (key in map ? map[key] !== false : byDefault(key));
    }
  } catch {
    // A malformed row pushes as the defaults rather than nothing.
  }
  return byDefault;
}

const ids = <T>(xs: Iterable<T>) => [...new Set(xs)];

export async function readBatchData(
  db: DB,
  rows: ReadonlyArray<{ notificationId: number; ada: string; channel: string }>,
): Promise<BatchData> {
  const notificationIds = ids(rows.map((r) => r.notificationId));
  const adas = ids(rows.map((r) => r.ada));
  const wecAdas = ids(rows.filter((r) => r.channel === 'wec').map((r) => r.ada));

  const [notes, prefs, addresses, present] = await Promise.all([
    notificationIds.length
      ? db
          .selectFrom('notifications')
          .select(['id', 'ada', 'kind', 'title', 'body', 'link', 'month', 'created_at'])
          .where('id', 'in', notificationIds)
          .execute()
      : [],
    adas.length
      ? db
          .selectFrom('notification_preferences')
          .select(['ada', 'kinds', 'channels', 'quiet_from', 'quiet_to'])
          .where('ada', 'in', adas)
          .execute()
      : [],
    wecAdas.length
      ? db
          .selectFrom('notification_addresses')
          .select(['ada', 'channel', 'address'])
          .where('channel', '=', 'wec')
          .where('ada', 'in', wecAdas)
          .execute()
      : [],
    adas.length ? db.selectFrom('distributors').select('ada').where('ada', 'in', adas).execute() : [],
  ]);

  const notifications = new Map<number, StoredNotification>();
  for (const n of notes) {
    notifications.set(Number(n.id), {
      id: Number(n.id),
      ada: n.ada,
      kind: n.kind,
      title: localText(n.title),
      body: localText(n.body),
      link: n.link,
      month: n.month,
      createdAt: n.created_at,
    });
  }
  const preferences = new Map<string, PushPreferences>();
  for (const p of prefs) {
    preferences.set(p.ada, {
      kindOn: switches(p.kinds, pushedByDefault),
      channelOn: switches(p.channels),
      quietHours:
        p.quiet_from && p.quiet_to && CLOCK.test(p.quiet_from) && CLOCK.test(p.quiet_to) ? { from: p.quiet_from, to: p.quiet_to } : null,
    });
  }
  const addressOf = new Map(addresses.map((a) => [`${a.channel}|${a.ada}`, a.address]));
  const distributors = new Set(present.map((d) => d.ada));
  return {
    isDistributor: (ada) => distributors.has(ada),
    notifications,
    preferences: (ada) => preferences.get(ada) ?? DEFAULTS,
    address: (channel, ada) => addressOf.get(`${channel}|${ada}`) ?? null,
  };
}
