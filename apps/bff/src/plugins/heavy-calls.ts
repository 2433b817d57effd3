// Per-account limits on the heavy calls (security finding M6): one account asking for market
// partners, market details, the tree search or the projection ten or thirty times a second
// used to take the whole process with it. Each account now has a rate (HEAVY_RATE_LIMIT calls a
// minute, a sixth of them per ten seconds, @fastify/rate-limit keyed by the signed-in account)
// and a share of the process (HEAVY_CONCURRENCY calls running at once, as many more waiting
// their turn). Beyond either: 429 in the envelope with Retry-After. A route opts in with
// `config: { heavy: true }`.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Code } from '@abo/contract';
import { AppError } from '../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A heavy call: limited per signed-in account (plugins/heavy-calls.ts). */
    heavy?: boolean;
  }
}

export interface HeavyCallsOptions {
  /** Heavy calls per minute per account (a sixth of them per ten seconds); 0: no limit. */
  perMinute: number;
  /** Heavy calls running at once per account (as many more may wait); 0: no limit. */
  concurrency: number;
}

/** Accounts counted at once: bounds memory under a flood of accounts. */
const COUNTED_ACCOUNTS = 10_000;
/**
 * The minute's calls are counted in windows of ten seconds, a sixth of them each: a burst at
 * the start of a fixed minute would otherwise spend it all at once, as the flood does.
 */
const WINDOW_MS = 10_000;
const WINDOWS_PER_MINUTE = 6;

/**
 * The account a heavy call counts against: who is signed in (a staff account or a distributor),
 * never whose data is read, so reading many downline members through queryAda shares one budget.
 */
export function accountOf(request: FastifyRequest): string {
  const s = request.session;
  if (!s) return `ip|${request.ip}`;
  return `${s.staff ? 'staff' : 'ada'}|${s.actor}`;
}

/** A turn that ends once: calling it again does nothing. */
type Release = () => void;

/**
 * At most `limit` calls running per account, `queue` more waiting in order; the rest refused.
 * In this process only: each BFF process gives an account its own share of itself.
 */
export class AccountGate {
  private readonly accounts = new Map<string, { running: number; waiting: Array<(release: Release) => void> }>();

  constructor(
    private readonly limit: number,
    private readonly queue: number,
  ) {}

  /** A turn for `account` (resolves when it may run), or null when its queue is full too. */
  enter(account: string): Promise<Release> | null {
    let a = this.accounts.get(account);
    if (!a) this.accounts.set(account, (a = { running: 0, waiting: [] }));
    const entry = a;
    const release = (): Release => {
      let done = false;
      return () => {
        if (done) return;
        done = true;
        // The turn passes to the next one waiting, in a later turn of the event loop: handed
        // over at once, the account's calls would run back to back in one macrotask and the
        // requests of everyone else waiting for I/O would wait for all of them. The last one
        // out forgets the account.
        const next = entry.waiting.shift();
        if (next) setImmediate(() => next(release()));
        else if (--entry.running === 0) this.accounts.delete(account);
      };
    };
    if (entry.running < this.limit) {
      entry.running++;
      return Promise.resolve(release());
    }
    if (entry.waiting.length >= this.queue) return null;
    return new Promise((resolve) => entry.waiting.push(resolve));
  }

  /** Calls running for `account` (tests, diagnostics). */
  running(account: string): number {
    return this.accounts.get(account)?.running ?? 0;
  }
}

const tooMany = (seconds: number) =>
  new AppError(Code.RATE_LIMITED, `Too many requests for this page, please wait ${seconds} seconds and try again`, 429);

/** Wraps the handler of every route marked heavy in the account's rate and concurrency limits. */
export const heavyCallsPlugin = fp(
  async (app: FastifyInstance, opts: HeavyCallsOptions) => {
    let take: ReturnType<FastifyInstance['createRateLimit']> | null = null;
    if (opts.perMinute > 0) {
      // In a scope of its own: the plugin's onRoute hook stays out of the routes' own limits.
      await app.register(async (scope) => {
        await scope.register(rateLimit, { global: false, cache: COUNTED_ACCOUNTS });
        take = scope.createRateLimit({
          max: Math.ceil(opts.perMinute / WINDOWS_PER_MINUTE),
          timeWindow: WINDOW_MS,
          keyGenerator: (r) => `heavy|${accountOf(r)}`,
        });
      });
    }
    const gate = opts.concurrency > 0 ? new AccountGate(opts.concurrency, opts.concurrency) : null;

    app.addHook('onRoute', (route) => {
      if (!route.config?.heavy || (!take && !gate)) return;
      const handler = route.handler;
      route.handler = async function heavy(request, reply) {
        // After the session guard (preValidation) and the body's validation: a refused or
        // malformed call costs nothing and counts for nothing.
        if (take) {
          const r = await take(request);
          if (!r.isAllowed && r.isExceeded) {
            const seconds = Math.max(1, r.ttlInSeconds);
            reply.header('Retry-After', String(seconds));
            throw tooMany(seconds);
          }
        }
        const turn = gate?.enter(accountOf(request));
        if (turn === null) {
          reply.header('Retry-After', '1');
          throw tooMany(1);
        }
        const release = await turn;
        try {
          return await handler.call(this, request, reply);
        } finally {
          release?.();
        }
      };
    });
  },
  { name: 'heavy-calls', dependencies: ['auth'] },
);
