// The demo dataset: generate (generate.ts), close with the plan engine, write (write.ts).
// `npm run seed` (cli/seed.ts) and the server's first start (ensureSeeded) both come here.
import { sql } from 'kysely';
import type { Config } from '../config.ts';
import { openBulkWriter, type BulkWriter } from '../db/bulk.ts';
import type { DB } from '../db/index.ts';
import { generateDataset, MIN_DISTRIBUTORS, type Dataset, type ProgressFn, type SeedOptions } from './generate.ts';
import { writeDataset, type PhaseTiming } from './write.ts';

export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo.ts';
export { generateDataset, MIN_DISTRIBUTORS, type ProgressFn, type SeedOptions } from './generate.ts';
export type { PhaseTiming } from './write.ts';

export interface SeedRunOptions {
  /**
   * The database file was just created (nothing to lose): load without a rollback journal or
   * fsync. Ignored when `writer` is given.
   */
  fresh?: boolean;
  progress?: ProgressFn;
  /** Defaults to the bulk writer of `db`'s dialect (see db/bulk.ts). */
  writer?: BulkWriter;
  /** Evaluate plans on a worker thread (default from 20 000 distributors). */
  planWorker?: boolean;
}

export interface SeedReport {
  readonly options: SeedOptions;
  readonly distributors: number;
  /** Rows written per table. */
  readonly rows: Readonly<Record<string, number>>;
  readonly totalRows: number;
  /** Seconds per phase (generation phases, then one per table written). */
  readonly phases: readonly PhaseTiming[];
  readonly seconds: number;
  /** Where the plans were evaluated: a worker thread alongside the writes, or inline. */
  readonly planMode: 'worker' | 'inline';
}

/** The business day of a Date in the process's calendar (the engine reads dates the same way). */
export function isoDay(d: Date): string {
  const m = d.getMonth() + 1;
  const day = d.getDate();
  return `${d.getFullYear()}-${m < 10 ? '0' : ''}${m}-${day < 10 ? '0' : ''}${day}`;
}

async function countRows(db: DB, table: 'distributors'): Promise<number> {
  const r = await db
    .selectFrom(table)
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The database holds distributors already (perhaps loaded by another process meanwhile). */
export class AlreadySeededError extends Error {
  constructor() {
    super('the database already holds distributors; seed a new database (the CLI has --force)');
    this.name = 'AlreadySeededError';
  }
}

/** Generates the dataset and writes it in one transaction. The database must hold no distributors. */
export async function seedDatabase(db: DB, options: SeedOptions, run: SeedRunOptions = {}): Promise<SeedReport> {
  if ((await countRows(db, 'distributors')) > 0) throw new AlreadySeededError();
  const t0 = performance.now();
  const phases: PhaseTiming[] = [];
  let last = t0;
  const progress: ProgressFn = (p) => {
    // Generation phases report once at their end (the close once per month).
    if (p.done === p.total) {
      const now = performance.now();
      phases.push({ name: p.phase, seconds: (now - last) / 1000 });
      last = now;
    }
    run.progress?.(p);
  };
  const ds: Dataset = generateDataset(options, progress);
  const writer = run.writer ?? (await openBulkWriter(db, { fresh: run.fresh ?? false }));
  let written;
  try {
    // Again, now that the writer holds the database's write lock: another process may have
    // seeded it while this one generated.
    if ((await countRows(db, 'distributors')) > 0) throw new AlreadySeededError();
    written = await writeDataset(ds, writer, {
      ...(run.progress ? { progress: run.progress } : {}),
      ...(run.planWorker !== undefined ? { planWorker: run.planWorker } : {}),
    });
    await writer.commit();
  } catch (err) {
    await writer.rollback();
    throw err;
  }
  const totalRows = Object.values(written.rows).reduce((a, b) => a + b, 0);
  return {
    options: ds.options,
    distributors: ds.n,
    rows: written.rows,
    totalRows,
    phases: [...phases, ...written.phases],
    seconds: (performance.now() - t0) / 1000,
    planMode: written.planMode,
  };
}

/**
 * Seeds the default dataset (SEED_DISTRIBUTORS, SEED, today) when the database has no
 * distributors yet; returns null when it already has some.
 */
export async function ensureSeeded(
  db: DB,
  config: Pick<Config, 'SEED_DISTRIBUTORS' | 'SEED' | 'today'>,
  log: (line: string) => void = (line) => console.log(line),
): Promise<SeedReport | null> {
  if ((await countRows(db, 'distributors')) > 0) return null;
  const options: SeedOptions = {
    distributors: Math.max(MIN_DISTRIBUTORS, config.SEED_DISTRIBUTORS),
    seed: config.SEED,
    today: isoDay(config.today()),
  };
  log(`Seeding the demo dataset: ${options.distributors} distributors, seed ${options.seed}, today ${options.today} …`);
  // The server's database is not throwaway (keys, sessions): keep the journal. The default
  // dataset is small, so the journal costs little here; the CLI loads big files without one.
  let report: SeedReport;
  try {
    report = await seedDatabase(db, options);
  } catch (err) {
    if (err instanceof AlreadySeededError) return null;
    throw err;
  }
  log(`Seeded ${report.totalRows.toLocaleString('en-US')} rows in ${report.seconds.toFixed(1)} s.`);
  return report;
}
