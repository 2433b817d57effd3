// Notifications (README "Notifications"): what changed for a distributor, produced by the import
// and the month close (each event once per distributor and event key), read in the page (the
// bell, the notifications panel) and delivered to WeChat (wec) and the company's app (ca) by the
// outbox worker as each distributor's preferences allow.
import { z } from 'zod';
import { baseBodySchema } from './common.ts';
import { monthSchema } from './months.ts';
import { localTextSchema } from './text.ts';

/** What a notification is about (packages/plan/src/notifications.ts and plan-notifications.ts produce them). */
export const NOTIFICATION_KINDS = [
  /** A month closed: a Q month or how far from it, the net fee and its payment date. */
  'monthClosed',
  /** The open month is near a threshold (the next bracket, an SP month, Q), with days left. */
  'nearThreshold',
  /** A frontline leg reached Q this month. */
  'legQualified',
  /** A leg that was Q last month is far from it this month. */
  'legSlipping',
  /** A member joined the team (sponsored by the leader or two generations below); pushed once switched on. */
  'memberJoined',
  /** A plan's criterion met, the plan reached or moved out of reach this PY. */
  'planProgress',
  /** A new pin reached. */
  'pinReached',
  /** An attendance event's registration closes in 3 days. */
  'eventDeadline',
] as const;
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/**
 * Kinds pushed only once the distributor switches them on (a leader's team news can come many
 * times a day); every other kind is pushed until switched off. The page lists them either way.
 */
export const PUSH_OFF_BY_DEFAULT: readonly NotificationKind[] = ['memberJoined'];

/** Whether a kind is pushed for someone who never chose (a kind their saved choices do not name). */
export function pushedByDefault(kind: string): boolean {
  return !(PUSH_OFF_BY_DEFAULT as readonly string[]).includes(kind);
}

/** Channels a notification is pushed to; the page always shows every notification. */
export const PUSH_CHANNELS = ['wec', 'ca'] as const;
export const pushChannelSchema = z.enum(PUSH_CHANNELS);
export type PushChannel = z.infer<typeof pushChannelSchema>;

/** How a push went (shown to staff reading a distributor's history). */
export const deliverySchema = z.object({
  channel: pushChannelSchema,
  /** pending: waiting or being retried; sent; failed: gave up after the last retry; skipped: off or no address. */
  status: z.enum(['pending', 'sent', 'failed', 'skipped']),
  attempts: z.number().int(),
  sentAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const notificationSchema = z.object({
  id: z.string(),
  kind: notificationKindSchema,
  title: localTextSchema,
  body: localTextSchema,
  /** The app path (under /front) of the page and month that explain it, e.g. `/income/servicefee?month=2026-10`. */
  link: z.string(),
  /** The month it is about, when it is about one. */
  month: monthSchema.nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  /** Staff only (iinquiry): how each push went. */
  deliveries: z.array(deliverySchema).optional(),
});
export type NotificationItem = z.infer<typeof notificationSchema>;

/** Newest first, a page at a time: `before` is the last id of the page before. */
export const notificationsBodySchema = baseBodySchema.extend({
  before: z
    .string()
    .regex(/^\d{1,15}$/, 'before must be a notification id')
    .optional(),
  limit: z.number().int().min(1).max(50).default(20),
  unreadOnly: z.boolean().default(false),
});
export const notificationsDataSchema = z.object({
  items: z.array(notificationSchema),
  /** Unread notifications in all (the bell's count). */
  unread: z.number().int(),
  /** The `before` of the next page, null on the last. */
  next: z.string().nullable(),
});
export type NotificationsData = z.infer<typeof notificationsDataSchema>;

/** The bell's count alone (home and the title bar ask for it often). */
export const unreadCountDataSchema = z.object({ unread: z.number().int() });
export type UnreadCountData = z.infer<typeof unreadCountDataSchema>;

/** Marks notifications read: the ones named, or every one. Idempotent. */
export const notificationsReadBodySchema = baseBodySchema.extend({
  ids: z
    .array(z.string().regex(/^\d{1,15}$/, 'ids must be notification ids'))
    .max(100)
    .optional(),
  all: z.boolean().optional(),
});

/** Quiet hours, China time (UTC+8), `HH:MM`; may wrap midnight (22:00–08:00). */
const clockSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time must be HH:MM');
export const notificationPreferencesSchema = z.object({
  /** Kinds pushed (every kind is always listed in the page). */
  kinds: z.record(notificationKindSchema, z.boolean()),
  /** Channels pushed to. */
  channels: z.record(pushChannelSchema, z.boolean()),
  /** No push in these hours (China time); held until they end. Null: any time. */
  quietHours: z.object({ from: clockSchema, to: clockSchema }).nullable(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
export const notificationPreferencesBodySchema = baseBodySchema.extend({ preferences: notificationPreferencesSchema });
