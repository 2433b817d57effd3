// Load shedding (security finding M6): when the event loop falls behind (its mean delay over a
// sample above MAX_EVENT_LOOP_DELAY_MS), /bff and /idp calls are answered at once with 503 in the
// envelope and Retry-After, instead of joining a queue whose every request ends up waiting
// seconds. @fastify/under-pressure measures; the web app's files and /healthz are still served.
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Code } from '@abo/contract';
import { AppError } from '../lib/app-error.ts';

export interface BackpressureOptions {
  /** Mean event-loop delay (ms) above which calls are shed; 0: off. */
  maxEventLoopDelayMs: number;
  /** How often the delay is sampled (ms). */
  sampleIntervalMs: number;
}

/** Seconds a shed client is asked to wait: a few samples. */
const RETRY_AFTER_SECONDS = 2;

/** Calls that do the work: shed under pressure. Static files and /healthz are cheap and stay. */
const shed = (request: FastifyRequest) => /^\/(bff|idp)\//i.test(request.routeOptions.url ?? request.url);

export const backpressurePlugin = fp(
  async (app: FastifyInstance, opts: BackpressureOptions) => {
    if (opts.maxEventLoopDelayMs <= 0) return;
    // Starting (building the app, warming the market snapshot) holds the loop too, and the last
    // sample before it listens would shed its first calls: nothing is shed until two samples
    // after the start's work is done (setImmediate runs once the synchronous part of it ends).
    let sheddingFrom = Infinity;
    app.addHook('onReady', async () => {
      setImmediate(() => (sheddingFrom = performance.now() + 2 * opts.sampleIntervalMs));
    });
    await app.register(underPressure, {
      maxEventLoopDelay: opts.maxEventLoopDelayMs,
      sampleInterval: opts.sampleIntervalMs,
      pressureHandler: async (request, reply, type, value) => {
        if (!shed(request) || performance.now() < sheddingFrom) return;
        // At debug: a line per shed call would add to the load it sheds.
        request.log.debug({ type, value }, 'under pressure: call shed');
        reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
        throw new AppError(Code.RETRY, 'Service busy, please retry', 503);
      },
    });
  },
  { name: 'backpressure', dependencies: ['errors'] },
);
