import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';

const MAX_EVENTS_PER_REQUEST = 50;

interface SensorsEvent {
  event?: unknown;
  type?: unknown;
  distinct_id?: unknown;
  properties?: unknown;
}

/** Decodes the Sensors Data web SDK payload: base64 JSON, optionally gzipped. */
export function decodeSensorsPayload(encoded: string, gzip: boolean): SensorsEvent[] {
  const bytes = Buffer.from(decodeURIComponent(encoded), 'base64');
  const json = (gzip ? gunzipSync(bytes, { maxOutputLength: 512 * 1024 }) : bytes).toString('utf8');
  const parsed: unknown = JSON.parse(json);
  const list = Array.isArray(parsed) ? parsed : [parsed];
  return list.filter((e): e is SensorsEvent => !!e && typeof e === 'object').slice(0, MAX_EVENTS_PER_REQUEST);
}

/**
 * The default ingestion endpoint for the analytics SDK: stores events so a
 * demo install has somewhere to send them (a deployment points the SDK at its
 * real collector). It never fails the page: bad payloads are dropped.
 */
export async function analyticsRoutes(app: FastifyInstance): Promise<void> {
  await app.register(formbody, { bodyLimit: 256 * 1024 });
  // navigator.sendBeacon posts the same form fields as text/plain.
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const store = async (encoded: unknown, gzip: unknown) => {
    if (typeof encoded !== 'string' || encoded.length === 0 || encoded.length > 256 * 1024) return 0;
    let events: SensorsEvent[];
    try {
      events = decodeSensorsPayload(encoded, gzip === '1' || gzip === 1);
    } catch {
      return 0;
    }
    const at = new Date().toISOString();
    const rows = events.map((e) => ({
      at,
      event: String(e.event ?? e.type ?? 'unknown').slice(0, 100),
      distinct_id: String(e.distinct_id ?? '').slice(0, 100),
      properties: JSON.stringify(e.properties ?? {}).slice(0, 8000),
    }));
    if (rows.length) await app.db.insertInto('analytics_events').values(rows).execute();
    return rows.length;
  };

  const opts = { config: { public: true } } as const;
  // The SDK sends GET (image), POST form (ajax: data_list) or a beacon (data).
  app.get('/bff/v1/analytics/events', opts, async (request, reply) => {
    const q = (request.query ?? {}) as Record<string, unknown>;
    await store(q['data'] ?? q['data_list'], q['gzip']);
    return reply.status(204).send();
  });
  app.post('/bff/v1/analytics/events', opts, async (request, reply) => {
    const b = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
    await store(b['data_list'] ?? b['data'], b['gzip']);
    return reply.status(204).send();
  });
}
