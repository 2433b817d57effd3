// Notification rows as the contract answers them (packages/contract/src/notifications.ts).
import { deliverySchema, notificationKindSchema, type Delivery, type NotificationItem } from '@abo/contract';
import type { NotificationRow, OutboxRow } from './notifications-queries.ts';

const localText = (json: string) => {
  const t = JSON.parse(json) as { zh?: unknown; en?: unknown };
  return { zh: String(t.zh ?? ''), en: String(t.en ?? '') };
};

function deliveryOf(r: OutboxRow): Delivery {
  return deliverySchema.parse({
    channel: r.channel,
    status: r.status,
    attempts: Number(r.attempts),
    sentAt: r.sent_at,
    error: r.last_error,
  });
}

/** One notification; `deliveries` only for staff (undefined: not shown). */
export function notificationItem(row: NotificationRow, deliveries?: readonly OutboxRow[]): NotificationItem {
  return {
    id: String(row.id),
    kind: notificationKindSchema.parse(row.kind),
    title: localText(row.title),
    body: localText(row.body),
    link: row.link,
    month: row.month,
    createdAt: row.created_at,
    readAt: row.read_at,
    ...(deliveries ? { deliveries: deliveries.map(deliveryOf) } : {}),
  };
}
