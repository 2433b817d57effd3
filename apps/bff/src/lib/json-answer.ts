// Answers written as JSON once and sent many times (issue #8).
//
// A route's serializer (fastify-type-provider-zod) parses every answer with its zod schema and
// JSON.stringify-s the copy: for the heavy calls' answers (up to ~30 KB) that is a good part of
// the request. An answer kept in a cache is checked and written once here, by the same schema
// and the same steps, and its bytes are sent as they are afterwards.
import type { FastifyReply } from 'fastify';
import { envelopeSchema, ok } from '@abo/contract';
import type { z } from 'zod';

const envelopes = new WeakMap<z.ZodType, z.ZodType>();

/**
 * The success envelope of `data` as JSON bytes, exactly what the route's serializer would send:
 * checked by the schema (an invalid answer throws, as it would there), unknown keys dropped,
 * keys in schema order.
 */
export function okJson<T>(dataSchema: z.ZodType<T>, data: T): Buffer {
  let schema = envelopes.get(dataSchema);
  if (!schema) envelopes.set(dataSchema, (schema = envelopeSchema(dataSchema)));
  return Buffer.from(JSON.stringify(schema.parse(ok(data))));
}

/** Sends bytes from okJson: Fastify passes a Buffer through without the route's serializer. */
export function sendJson(reply: FastifyReply, bytes: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(bytes);
}
