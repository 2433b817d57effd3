// `npm run seed -- --distributors 20000 --seed 42 [--today 2026-11-21] [--data-dir ./data] [--force]`
// Builds the demo database: a sponsorship tree, four PYs of monthly orders up to today, the
// month-by-month close by the plan engine, statements, pins, plan results and reference data.
// With DATABASE_URL set it seeds that PostgreSQL database instead of the SQLite file.
import fs from 'node:fs';
import { sql } from 'kysely';
import { loadConfig } from '../../config.ts';
import { closeDatabase, migrateToLatest, openPostgres, openSqlite, sqlitePath, type DB } from '../../db/index.ts';
import { TABLE_NAMES } from '../../db/schema.ts';
import { chinaDay, parseDay } from '../../import/fields.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, MIN_DISTRIBUTORS, seedDatabase } from '../../seed/index.ts';
import { formatReport, progressPrinter } from '../../seed/progress.ts';
import { callerDataDir, command, line, usage, type CliIo } from '../io.ts';

const USAGE = `Usage: npm run seed -- [options]
  --distributors N   distributors to generate, demo accounts included (default SEED_DISTRIBUTORS)
  --seed S           random seed (default SEED)
  --today YYYY-MM-DD the business today (default INQUIRY_TODAY or the clock)
  --data-dir DIR     where inquiry.sqlite goes (default DATA_DIR, ./data)
  --force            replace an existing database (PostgreSQL: empty its tables, signing keys kept)
DATABASE_URL=postgres://… seeds that PostgreSQL database instead of the SQLite file.`;

function intOption(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n)) usage(`--${name} must be an integer, got ${value}`);
  return n;
}

export const main = command(
  USAGE,
  {
    options: {
      distributors: { type: 'string' },
      seed: { type: 'string' },
      today: { type: 'string' },
      'data-dir': { type: 'string' },
      force: { type: 'boolean', default: false },
    },
  },
  async ({ values }, io) => {
    const config = loadConfig(io.env);
    const distributors = intOption(values.distributors, 'distributors', config.SEED_DISTRIBUTORS);
    if (distributors < MIN_DISTRIBUTORS) usage(`--distributors must be at least ${MIN_DISTRIBUTORS}`);
    const seed = intOption(values.seed, 'seed', config.SEED);
    const today = values.today ?? chinaDay(config.today());
    if (parseDay(today) === undefined) usage(`--today must be YYYY-MM-DD, got ${today}`);

    if (config.DATABASE_URL)
      return seedPostgres(io, config.DATABASE_URL, { distributors, seed, today }, values.force, config.WECHAT_APP_ID);

    // npm runs workspace scripts inside apps/bff; relative paths mean the caller's directory,
    // so `npm run seed` at the root fills the same ./data that `npm start` reads.
    const dataDir = callerDataDir(io, values['data-dir']);
    const file = sqlitePath({ dataDir });

    if (fs.existsSync(file)) {
      if (!values.force) {
        usage(`${file} already exists; add --force to replace it`);
      }
      for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(file + suffix, { force: true });
    }

    line(io.stdout, `Seeding ${file}`);
    line(io.stdout, `  ${distributors.toLocaleString('en-US')} distributors, seed ${seed}, today ${today}`);
    const db = openSqlite(file);
    let ok = false;
    try {
      await migrateToLatest(db);
      const report = await seedDatabase(
        db,
        { distributors, seed, today },
        { fresh: true, progress: progressPrinter(io.stdout), wechatAppId: config.WECHAT_APP_ID },
      );
      line(io.stdout, formatReport(report));
      line(io.stdout, '\nDemo sign-ins (password ' + DEMO_PASSWORD + '):');
      for (const a of DEMO_ACCOUNTS) line(io.stdout, `  ${a.username.padEnd(9)} ${a.displayName} — ${a.profile}`);
      ok = true;
    } finally {
      await db.destroy();
      // A half-written file (loaded without a journal) is worth nothing: remove it.
      if (!ok) for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(file + suffix, { force: true });
    }
    return 0;
  },
);

/** Everything the seed writes or that hangs off distributors; the signing keys stay. */
const DATASET_TABLES = TABLE_NAMES.filter((t) => t !== 'signing_keys');

async function seedPostgres(
  io: CliIo,
  url: string,
  options: { distributors: number; seed: number; today: string },
  force: boolean,
  wechatAppId: string,
): Promise<number> {
  const where = url.replace(/\/\/[^@/]*@/, '//…@');
  const db: DB = openPostgres(url);
  try {
    await migrateToLatest(db);
    const n = (await sql<{ n: number }>`select count(*) as n from distributors`.execute(db)).rows[0]!.n;
    if (n > 0) {
      if (!force) usage(`${where} already holds ${n.toLocaleString('en-US')} distributors; add --force to replace them`);
      await sql`truncate ${sql.join(DATASET_TABLES.map((t) => sql.table(t)))}`.execute(db);
    }
    line(io.stdout, `Seeding ${where}`);
    line(io.stdout, `  ${options.distributors.toLocaleString('en-US')} distributors, seed ${options.seed}, today ${options.today}`);
    const report = await seedDatabase(db, options, { fresh: true, progress: progressPrinter(io.stdout), wechatAppId });
    line(io.stdout, formatReport(report));
    line(io.stdout, '\nDemo sign-ins (password ' + DEMO_PASSWORD + '):');
    for (const a of DEMO_ACCOUNTS) line(io.stdout, `  ${a.username.padEnd(9)} ${a.displayName} — ${a.profile}`);
  } finally {
    await closeDatabase(db);
  }
  return 0;
}
