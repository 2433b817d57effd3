import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '@abo/contract';
import { endpoint } from '../../lib/endpoint.ts';
import { writer } from '../../lib/writer.ts';
import { readPreferences, savePreferences } from '../../notifications/preferences.ts';
import { sessionOf } from '../../lib/session.ts';
import { notificationItem } from './notifications-presenter.ts';
import { markRead, notificationPage, outboxOf, unreadCount, type OutboxRow } from './notifications-queries.ts';

export interface NotificationRoutesOptions {
  /** The clock of read marks (tests move it). */
  now?: () => Date;
}

/**
 * The notifications a distributor reads in the page (README "Notifications"): the list, the
 * bell's count, read marks and the push preferences. Staff (iinquiry, through queryAda: the
 * guard audits the read) see a distributor's history with how each push went, and change nothing.
 */
export async function notificationRoutes(app: FastifyInstance, opts: NotificationRoutesOptions = {}): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const clock = opts.now ?? (() => new Date());

  r.route({
    ...endpoint('/bff/v1/notifications/list'),
    handler: async (request) => {
      const session = sessionOf(request);
      const body = request.body ?? { limit: 20, unreadOnly: false };
      const limit = body.limit ?? 20;
      const rows = await notificationPage(db, session.ada, {
        before: body.before === undefined ? undefined : Number(body.before),
        limit,
        unreadOnly: body.unreadOnly ?? false,
      });
      const page = rows.slice(0, limit);
      let deliveries: Map<string, OutboxRow[]> | undefined;
      if (session.staff) {
        deliveries = new Map();
        for (const d of await outboxOf(
          db,
          page.map((n) => Number(n.id)),
        )) {
          const key = String(d.notification_id);
          deliveries.set(key, [...(deliveries.get(key) ?? []), d]);
        }
      }
      return ok({
        items: page.map((n) => notificationItem(n, deliveries ? (deliveries.get(String(n.id)) ?? []) : undefined)),
        unread: await unreadCount(db, session.ada),
        next: rows.length > limit ? String(page.at(-1)!.id) : null,
      });
    },
  });

  r.route({
    ...endpoint('/bff/v1/notifications/unread'),
    handler: async (request) => ok({ unread: await unreadCount(db, sessionOf(request).ada) }),
  });

  r.route({
    ...endpoint('/bff/v1/notifications/read'),
    handler: async (request) => {
      // Read marks are the distributor's own: staff reading a history leave them as they are.
      const ada = writer(request);
      const { ids, all } = request.body;
      await markRead(db, ada, all ? 'all' : (ids ?? []).map(Number), clock().toISOString());
      return ok({ unread: await unreadCount(db, ada) });
    },
  });

  r.route({
    ...endpoint('/bff/v1/notifications/preferences'),
    handler: async (request) => ok(await readPreferences(db, sessionOf(request).ada)),
  });

  r.route({
    ...endpoint('/bff/v1/notifications/preferences/save'),
    handler: async (request) => ok(await savePreferences(db, writer(request), request.body.preferences, clock())),
  });
}
