import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { Code, fail } from '@abo/contract';
import { AppError } from '../lib/app-error.ts';

/** SQLite result codes (better-sqlite3 puts them, extended ones too, in `code`) that mean "try again". */
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|CANTOPEN|IOERR|PROTOCOL|NOMEM)(_|$)/;
/** Socket errors of a database connection (PostgreSQL over TCP). */
const NET_UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception), 57P01-57P03 (admin/crash shutdown,
 * cannot connect now), 53300 (too many connections), 40001/40P01 (serialization, deadlock).
 */
const PG_UNAVAILABLE = /^(08[0-9A-Z]{3}|57P0[123]|53300|40001|40P01)$/;
/** Messages of drivers that throw plain errors when the connection is gone. */
const MESSAGE_UNAVAILABLE =
  /^(The database connection is not open|Connection terminated|timeout exceeded when trying to connect|driver has already been destroyed)/i;

/**
 * True when an error means the database is unavailable, busy or locked for now: the request
 * did nothing and can be retried. Looks through `cause` chains and AggregateErrors.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string') {
    if (SQLITE_UNAVAILABLE.test(e.code) || NET_UNAVAILABLE.has(e.code) || PG_UNAVAILABLE.test(e.code)) return true;
  }
  if (typeof e.message === 'string' && MESSAGE_UNAVAILABLE.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

/**
 * One error handler for the whole BFF: every failure answers the spec envelope
 * {code, message, success, data}; messages of server faults never reach the
 * client (no stack, no SQL), they go to the log instead.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
        return reply.status(error.httpStatus).send(fail(error.code, error.message));
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const where = error.validationContext ?? 'body';
        const detail = error.validation
          .slice(0, 5)
          .map((v) => {
            const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
            return field ? `${field}: ${v.message}` : v.message;
          })
          .join('; ');
        return reply.status(400).send(fail(Code.BAD_REQUEST, `Invalid ${where}: ${detail}`));
      }
      const status = error.statusCode ?? 500;
      if (status === 413) {
        return reply.status(413).send(fail(Code.BAD_REQUEST, 'Request body is too large'));
      }
      if (status === 429) {
        return reply.status(429).send(fail(Code.RATE_LIMITED, 'Too many attempts, please wait and try again'));
      }
      if (status >= 400 && status < 500) {
        // Fastify's own client errors (bad JSON, wrong content type): their
        // messages describe the request, not the server, so they are safe.
        const message =
          error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
            ? 'Request body is not valid JSON'
            : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'Unsupported content type; send application/json'
              : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
                ? 'Request body is empty; send a JSON object'
                : 'Bad request';
        return reply.status(status).send(fail(Code.BAD_REQUEST, message));
      }
      if (isDatabaseUnavailable(error)) {
        // Busy, locked or unreachable: nothing was done, the client may simply try again.
        request.log.warn({ err: error }, 'database unavailable');
        return reply.status(503).header('Retry-After', '1').send(fail(Code.RETRY, 'Service busy, please retry'));
      }
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send(fail(Code.SERVER_ERROR, 'Server error, please try again later'));
    });
  },
  { name: 'errors' },
);
