// The demo dataset: generated (generate.ts) as a company's distributors, orders and attendance,
// then through the very path of a company's data: the import (rows.ts hands the rows over in
// memory) and the month close, which computes every figure. `npm run seed` (cli/seed.ts) and the
// server's first start in demo mode (ensureSeeded) both come here.
import { createHash } from 'node:crypto';
import { pyOf, toMonthKey } from '@abo/plan';
import { sql } from 'kysely';
import { closeMonths } from '../close/close.ts';
import { closedAtOnce, readCloseState, writeCloseState } from '../close/state.ts';
import type { PhaseTiming } from '../close/write.ts';
import type { Config } from '../config.ts';
import { openBulkWriter, type BulkWriter } from '../db/bulk.ts';
import type { DB } from '../db/index.ts';
import { hashPassword } from '../idp/passwords.ts';
import { chinaDay } from '../import/fields.ts';
import { ImportConflictError, importTables } from '../import/import.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../idp/demo-accounts.ts';
import { accountsChanged } from '../idp/live-accounts.ts';
import { generateDataset, MIN_DISTRIBUTORS, type Dataset, type ProgressFn, type SeedOptions } from './generate.ts';
import { DESCRIPTION_PAGES, promptsFor, SHOPS } from './reference-data.ts';
import { demoTables } from './rows.ts';

export { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../idp/demo-accounts.ts';
export { MIN_DISTRIBUTORS, type ProgressFn, type SeedOptions } from './generate.ts';
export type { PhaseTiming } from '../close/write.ts';

export interface SeedRunOptions {
  /**
   * The database file was just created (nothing to lose): load it without a rollback journal or
   * fsync (the reference data's writer, when not given as `writer`, the import, the close).
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
  /** Seconds per phase: generation, the import, the close. */
  readonly phases: readonly PhaseTiming[];
  readonly seconds: number;
  /** Where the close evaluated the plans: a worker thread alongside the writes, or inline. */
  readonly planMode: 'worker' | 'inline';
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

/**
 * The options of the seed that claimed the database (meta `seed`), or null: the mark of the demo
 * dataset, which a company's import removes (import/import.ts).
 */
export async function seedClaim(db: DB): Promise<string | null> {
  const row = await db.selectFrom('meta').select('value').where('key', '=', 'seed').executeTakeFirst();
  return row?.value ?? null;
}

/** Attempts of the import when another process wrote meanwhile (another seed of the same rows). */
const IMPORT_ATTEMPTS = 3;

/**
 * Generates the dataset, imports it and closes every complete month before today. The database
 * must hold no distributors. Three transactions: the reference data with the seed's claim (meta
 * `seed`), the import, the close. Processes started together on one database generate the same
 * rows: the first claims and imports, the others find the claim, and their import of the very
 * same rows changes nothing (AlreadySeededError). A seed stopped after its claim is taken up by
 * the next start (the same options); one stopped after the import by the close every demo start
 * runs (startup/prepare-data.ts).
 */
export async function seedDatabase(db: DB, options: SeedOptions, run: SeedRunOptions = {}): Promise<SeedReport> {
  if ((await countRows(db, 'distributors')) > 0) throw new AlreadySeededError();
  const t0 = performance.now();
  const phases: PhaseTiming[] = [];
  let last = t0;
  const lap = (name: string) => {
    const now = performance.now();
    phases.push({ name, seconds: (now - last) / 1000 });
    last = now;
  };
  const ds: Dataset = generateDataset(options, run.progress);
  lap('generate');
  const rows: Record<string, number> = {};
  const writer = run.writer ?? (await openBulkWriter(db, { fresh: run.fresh ?? false }));
  try {
    // Again, now that the writer holds the database's write lock: another process may have
    // seeded it while this one generated.
    if ((await countRows(db, 'distributors')) > 0) throw new AlreadySeededError();
    const claim = await seedClaim(db);
    if (claim !== null && claim !== JSON.stringify(ds.options)) throw new AlreadySeededError();
    if (claim === null) Object.assign(rows, await writeReference(ds, writer));
    await writer.commit();
  } catch (err) {
    await writer.rollback();
    throw err;
  }
  lap('reference data');
  const today = ds.options.today;
  const fresh = run.fresh ?? false;
  let imported;
  for (let attempt = 1; ; attempt++) {
    try {
      imported = await importTables(db, {
        tables: demoTables(ds),
        today,
        fresh,
        demoRows: true,
        ...(run.progress ? { progress: run.progress } : {}),
      });
      break;
    } catch (err) {
      if (!(err instanceof ImportConflictError) || attempt === IMPORT_ATTEMPTS) throw err;
    }
  }
  if (!imported.changed) throw new AlreadySeededError();
  rows['distributors'] = imported.distributors.added;
  rows['orders'] = imported.orders.added;
  rows['attendance'] = imported.attendance.added;
  await writeProfiles(db, ds);
  lap('import');
  const closed = await closeMonths(db, {
    today,
    fresh,
    // The demo's notifications are dated its business day (08:00 in China), so a seed repeats byte for byte.
    notifyAt: new Date(`${today}T00:00:00Z`),
    ...(run.progress ? { progress: run.progress } : {}),
    ...(run.planWorker !== undefined ? { planWorker: run.planWorker } : {}),
  });
  for (const [table, count] of Object.entries(closed.rows)) if (table !== 'distributors') rows[table] = count;
  // Four years closed in one run read as a live system would have closed them: each month in the
  // night after it ended.
  const state = await readCloseState(db);
  if (state) await writeCloseState(db, closedAtOnce(state.version, Object.keys(state.closedOn), state.open, state.updatedAt));
  lap('close');
  const totalRows = Object.values(rows).reduce((a, b) => a + b, 0);
  return {
    options: ds.options,
    distributors: ds.n,
    rows,
    totalRows,
    phases,
    seconds: (performance.now() - t0) / 1000,
    planMode: closed.planMode ?? 'inline',
  };
}

/** Shops, explanation pages, this month's prompts, the demo sign-ins and the seed's record. */
async function writeReference(ds: Dataset, writer: BulkWriter): Promise<Record<string, number>> {
  const shops = writer.inserter('shops', ['code', 'name_zh', 'name_en', 'city_zh', 'city_en', 'address', 'phone']);
  for (const s of SHOPS) shops.add([s.code, s.name_zh, s.name_en, s.city_zh, s.city_en, s.address, s.phone]);
  const pages = writer.inserter('description_pages', ['code', 'title_zh', 'title_en', 'content_zh', 'content_en']);
  for (const p of DESCRIPTION_PAGES) pages.add([p.code, p.title_zh, p.title_en, p.content_zh, p.content_en]);
  const prompts = writer.inserter('prompts', [
    'business_type',
    'year',
    'month',
    'type',
    'title_zh',
    'title_en',
    'content_zh',
    'content_en',
  ]);
  const today = ds.options.today;
  for (const p of promptsFor(pyOf(today), toMonthKey(today))) {
    prompts.add([p.business_type, p.year, p.month, p.type, p.title_zh, p.title_en, p.content_zh, p.content_en]);
  }
  const creds = writer.inserter('credentials', ['username', 'ada', 'kind', 'display_name', 'password_hash', 'role']);
  // A salt derived from the seed keeps re-seeding byte-identical; these are demo passwords.
  const hashes = await Promise.all(
    DEMO_ACCOUNTS.map((a) =>
      hashPassword(DEMO_PASSWORD, createHash('sha256').update(`abo-seed:${ds.options.seed}:${a.username}`).digest().subarray(0, 16)),
    ),
  );
  DEMO_ACCOUNTS.forEach((a, k) => creds.add([a.username, a.ada, a.kind, a.displayName, hashes[k]!, a.role ?? '']));
  const meta = writer.inserter('meta', ['key', 'value']);
  meta.add(['seed', JSON.stringify(ds.options)]);
  meta.add(['today', today]);
  await writer.flush();
  // meta is the seed's bookkeeping (the import and the close add theirs): not counted.
  return { shops: shops.rows, description_pages: pages.rows, prompts: prompts.rows, credentials: creds.rows };
}

/**
 * What the import's files do not carry: the demo's few members of other markets and the demo
 * accounts' portraits (an import keeps both as they are).
 */
async function writeProfiles(db: DB, ds: Dataset): Promise<void> {
  const changes: { ada: string; market: string; head: string | null }[] = [];
  for (let i = 0; i < ds.n; i++) {
    const market = ds.people.market[i]!;
    const head = ds.people.headImage[i] ?? null;
    if (market !== 'CN' || head !== null) changes.push({ ada: ds.ada[i]!, market, head });
  }
  await db.transaction().execute(async (trx) => {
    for (const c of changes) {
      await trx.updateTable('distributors').set({ market: c.market, head_image: c.head }).where('ada', '=', c.ada).execute();
    }
  });
}

/**
 * Seeds the default dataset (SEED_DISTRIBUTORS, SEED, today) when the database has no
 * distributors yet; returns null when it already has some.
 */
/**
 * The demo's staff accounts a demo dataset seeded by an earlier version lacks (the operator ops01),
 * added with the demo password, so the README's sign-ins work without a re-seed; answers their names.
 */
export async function addMissingDemoStaff(db: DB): Promise<string[]> {
  const have = new Set((await db.selectFrom('credentials').select('username').execute()).map((r) => r.username));
  const missing = DEMO_ACCOUNTS.filter((a) => a.kind === 'staff' && !have.has(a.username));
  for (const a of missing) {
    await db
      .insertInto('credentials')
      .values({
        username: a.username,
        ada: a.ada,
        kind: a.kind,
        display_name: a.displayName,
        password_hash: await hashPassword(DEMO_PASSWORD),
        role: a.role ?? 'service',
      })
      .execute();
  }
  if (missing.length > 0) await accountsChanged(db);
  return missing.map((a) => a.username);
}

export async function ensureSeeded(
  db: DB,
  config: Pick<Config, 'SEED_DISTRIBUTORS' | 'SEED' | 'today'>,
  log: (line: string) => void = (line) => console.log(line),
  progress?: ProgressFn,
): Promise<SeedReport | null> {
  if ((await countRows(db, 'distributors')) > 0) return null;
  const options: SeedOptions = {
    distributors: Math.max(MIN_DISTRIBUTORS, config.SEED_DISTRIBUTORS),
    seed: config.SEED,
    today: chinaDay(config.today()),
  };
  log(`Seeding the demo dataset: ${options.distributors} distributors, seed ${options.seed}, today ${options.today} …`);
  // The server's database is not throwaway (keys, sessions): keep the journal.
  let report: SeedReport;
  try {
    report = await seedDatabase(db, options, progress ? { progress } : {});
  } catch (err) {
    if (err instanceof AlreadySeededError) return null;
    throw err;
  }
  log(`Seeded ${report.totalRows.toLocaleString('en-US')} rows in ${report.seconds.toFixed(1)} s.`);
  return report;
}
