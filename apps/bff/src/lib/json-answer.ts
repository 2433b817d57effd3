// Answers written as JSON once and sent many times.
//
// A route's serializer (fastify-type-provider-zod) parses every answer with its zod schema and
// JSON.stringify-s the copy: for the heavy calls' answers (up to ~30 KB) that is a good part of
// the request. An answer kept in a cache is checked and written once here, by the same schema
// and the same steps, and its bytes are sent as they are afterwards — compressed once too, for
// browsers that accept it (a plan answer is ~30 KB of JSON, ~5 KB as brotli: on a phone's
// network that is most of the call).
import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { envelopeSchema, ok } from '@abo/contract';
import type { z } from 'zod';

export type Encoding = 'br' | 'gzip' | 'identity';

const negotiator = new Negotiator<Encoding>({ supportedValues: ['br', 'gzip', 'identity'] });

/** The encoding to answer with: the browser's preferred of brotli and gzip (q-values honoured), else none. */
export function acceptedEncoding(request: FastifyRequest): Encoding {
  const header = request.headers['accept-encoding'];
  return (typeof header === 'string' && header !== '' && negotiator.negotiate(header)) || 'identity';
}

/** Below this an answer is sent as it is: compression would save less than it costs. */
const COMPRESS_FROM_BYTES = 1024;

/** One answer's JSON and, made on first demand, its compressed forms. */
export class JsonAnswer {
  private br: Buffer | undefined;
  private gzip: Buffer | undefined;

  constructor(readonly json: Buffer) {}

  get compressible(): boolean {
    return this.json.length >= COMPRESS_FROM_BYTES;
  }

  bytes(encoding: Encoding): Buffer {
    if (encoding === 'identity' || !this.compressible) return this.json;
    if (encoding === 'br')
      return (this.br ??= zlib.brotliCompressSync(this.json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }));
    return (this.gzip ??= zlib.gzipSync(this.json, { level: 6 }));
  }
}

const envelopes = new WeakMap<z.ZodType, z.ZodType>();

/**
 * The success envelope of `data` as JSON, exactly what the route's serializer would send:
 * checked by the schema (an invalid answer throws, as it would there), unknown keys dropped,
 * keys in schema order.
 */
export function okJson<T>(dataSchema: z.ZodType<T>, data: T): JsonAnswer {
  let schema = envelopes.get(dataSchema);
  if (!schema) envelopes.set(dataSchema, (schema = envelopeSchema(dataSchema)));
  return new JsonAnswer(Buffer.from(JSON.stringify(schema.parse(ok(data)))));
}

/** Sends an answer from okJson (Fastify passes a Buffer through without the route's serializer). */
export function sendJson(request: FastifyRequest, reply: FastifyReply, answer: JsonAnswer): FastifyReply {
  reply.type('application/json; charset=utf-8');
  const encoding = answer.compressible ? acceptedEncoding(request) : 'identity';
  if (answer.compressible) reply.header('Vary', 'Accept-Encoding');
  if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
  return reply.send(answer.bytes(encoding));
}
