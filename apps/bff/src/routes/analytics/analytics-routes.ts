import type { FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import type { Config } from '../../config.ts';
import { insertAnalyticsEvents } from '../../db/analytics-events.ts';
import { collector } from '../../lib/endpoint.ts';
import { analyticsRows, decodeSensorsPayload, MAX_BODY_BYTES } from './analytics-events.ts';

export interface AnalyticsOptions {
  config: Pick<Config, 'ANALYTICS_STORE' | 'ANALYTICS_RATE_LIMIT'>;
}

/**
 * The default ingestion endpoint for the analytics SDK: stores events so an install without a
 * collector of its own has somewhere to send them (ANALYTICS_STORE=0 stores nothing when the
 * SDK is pointed at a real collector). It needs no sign-in, so it is bounded: a rate limit per
 * client address, a size cap on the payload, and only known events and properties are kept
 * (analytics-events.ts); old rows are pruned by the housekeeping plugin. It never fails the
 * page: bad payloads are dropped and answered 204 like good ones.
 */
export async function analyticsRoutes(app: FastifyInstance, opts: AnalyticsOptions): Promise<void> {
  const storing = opts.config.ANALYTICS_STORE === '1';
  await app.register(formbody, { bodyLimit: MAX_BODY_BYTES });
  // navigator.sendBeacon posts the same form fields as text/plain.
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: MAX_BODY_BYTES }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  // Scoped to this plugin, as in routes/idp. Over the limit the error handler answers 429.
  await app.register(rateLimit, { global: false });

  const store = async (encoded: unknown, gzip: unknown) => {
    if (!storing || typeof encoded !== 'string' || encoded.length === 0 || encoded.length > MAX_BODY_BYTES) return;
    let events: unknown[];
    try {
      events = decodeSensorsPayload(encoded, gzip === '1' || gzip === 1);
    } catch {
      return;
    }
    await insertAnalyticsEvents(app.db, analyticsRows(events, new Date().toISOString()));
  };

  // The SDK sends GET (image: data), POST form (ajax: data_list) or a beacon (data). One route
  // for both methods so they share one budget per client address.
  app.route({
    ...collector('/bff/v1/analytics/events', { config: { rateLimit: { max: opts.config.ANALYTICS_RATE_LIMIT, timeWindow: '1 minute' } } }),
    handler: async (request, reply) => {
      const source = (request.method === 'GET' ? request.query : request.body) ?? {};
      const fields = (typeof source === 'object' ? source : {}) as Record<string, unknown>;
      await store(fields['data_list'] ?? fields['data'], fields['gzip']);
      return reply.status(204).send();
    },
  });
}
