import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { DB } from '../db/index.ts';
import { pruneSessionTokens } from '../idp/session-tokens.ts';
import { pruneAnalyticsEvents } from '../db/analytics-events.ts';
import { pruneAuditLog } from '../db/audit.ts';
import { pruneDocumentLinks } from '../db/document-links.ts';
import { pruneNotificationOutbox } from '../notifications/delivery/outbox.ts';

/**
 * One chore of a housekeeping run. It must be an idempotent delete (or as harmless to repeat):
 * with several BFF processes on one PostgreSQL (README, "PostgreSQL and more than one process")
 * every process runs every task on its own timer, and two processes deleting the same old rows
 * at once just delete them once; no lock or leader is needed.
 */
export interface HousekeepingTask {
  name: string;
  /** What it returns (e.g. rows deleted) is logged. */
  run(db: DB, now: Date): Promise<unknown>;
}

export type HousekeepingConfig = Pick<Config, 'ANALYTICS_RETENTION_DAYS' | 'AUDIT_RETENTION_DAYS' | 'HOUSEKEEPING_INTERVAL_MINUTES'>;

/** The tasks of every run: add a pruning task here. */
export function housekeepingTasks(config: HousekeepingConfig): HousekeepingTask[] {
  return [
    { name: 'analytics retention', run: (db, now) => pruneAnalyticsEvents(db, config.ANALYTICS_RETENTION_DAYS, now) },
    { name: 'audit retention', run: (db, now) => pruneAuditLog(db, config.AUDIT_RETENTION_DAYS, now) },
    { name: 'session tokens', run: (db, now) => pruneSessionTokens(db, now) },
    { name: 'document links', run: (db, now) => pruneDocumentLinks(db, now) },
    { name: 'notification outbox', run: (db, now) => pruneNotificationOutbox(db, now) },
  ];
}

export interface HousekeepingResult {
  task: string;
  ok: boolean;
  result?: unknown;
}

declare module 'fastify' {
  interface FastifyInstance {
    housekeeping: {
      /** Runs every task once now (a run already under way is joined, not repeated). */
      run(now?: Date): Promise<HousekeepingResult[]>;
    };
  }
}

export interface HousekeepingOptions {
  config: HousekeepingConfig;
  /** Replaces housekeepingTasks(config) (tests). */
  tasks?: HousekeepingTask[];
  /** Replaces HOUSEKEEPING_INTERVAL_MINUTES, in milliseconds (tests). */
  intervalMs?: number;
}

/** The first run waits until start-up work (seeding, warm-ups) is over. */
const FIRST_RUN_DELAY_MS = 30_000;

/**
 * Runs the housekeeping tasks every HOUSEKEEPING_INTERVAL_MINUTES. The timer starts when the
 * server listens, so apps driven by inject() (the tests) never run it unless they call
 * `app.housekeeping.run()`; it never keeps the process alive and stops when the app closes.
 * A task that fails is logged and the others still run.
 */
export const housekeepingPlugin = fp(
  async (app: FastifyInstance, opts: HousekeepingOptions) => {
    const tasks = opts.tasks ?? housekeepingTasks(opts.config);
    const intervalMs = opts.intervalMs ?? opts.config.HOUSEKEEPING_INTERVAL_MINUTES * 60_000;
    let running: Promise<HousekeepingResult[]> | null = null;

    const runTasks = async (now: Date): Promise<HousekeepingResult[]> => {
      const results: HousekeepingResult[] = [];
      for (const task of tasks) {
        try {
          const result = await task.run(app.db, now);
          app.log.debug({ task: task.name, result }, 'housekeeping task done');
          results.push({ task: task.name, ok: true, result });
        } catch (err) {
          app.log.error({ err, task: task.name }, 'housekeeping task failed');
          results.push({ task: task.name, ok: false });
        }
      }
      return results;
    };

    const run = (now = new Date()) => {
      running ??= runTasks(now).finally(() => {
        running = null;
      });
      return running;
    };
    app.decorate('housekeeping', { run });

    let first: NodeJS.Timeout | undefined;
    let every: NodeJS.Timeout | undefined;
    const tick = () => void run();
    app.addHook('onListen', async () => {
      if (intervalMs <= 0 || every) return;
      first = setTimeout(tick, Math.min(FIRST_RUN_DELAY_MS, intervalMs)).unref();
      every = setInterval(tick, intervalMs).unref();
    });
    // preClose: before the database plugin's onClose closes the connection a run may be using.
    app.addHook('preClose', async () => {
      clearTimeout(first);
      clearInterval(every);
      await running;
    });
  },
  { name: 'housekeeping', dependencies: ['database'] },
);
