import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { Code, fail } from '@abo/contract';
import { AppError } from '../lib/app-error.ts';

/**
 * One error handler for the whole BFF: every failure answers the spec envelope
 * {code, message, success, data}; messages of server faults never reach the
 * client (no stack, no SQL), they go to the log instead.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
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
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send(fail(Code.SERVER_ERROR, 'Server error, please try again later'));
    });
  },
  { name: 'errors' },
);
