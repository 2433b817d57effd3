/**
 * Seed benchmark: generates, closes and writes the demo dataset into a throwaway
 * SQLite file (default) or PostgreSQL, and prints rows per table, seconds per phase, the total,
 * rows/s, CPU time and peak RSS. The goal: 100 000 distributors × 4 PYs in ≤ 60 s on the 2-core
 * dev machine.
 *   npx tsx bench/seed.ts [--distributors 100000] [--seed 42] [--today 2026-11-21] [--keep]
 *                         [--postgres | --database-url postgres://…]
 * --postgres starts a throwaway cluster (Debian's postgresql binaries); --database-url seeds into
 * a fresh schema of that server (dropped at the end unless --keep).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { closeDatabase, migrateToLatest, openPostgres, openSqlite, type DB } from '../apps/bff/src/db/index.ts';
import { seedDatabase } from '../apps/bff/src/seed/index.ts';
import { formatReport, progressPrinter } from '../apps/bff/src/seed/progress.ts';
import { startPgCluster, type PgCluster } from '../apps/bff/src/testing/pg-cluster.ts';

const { values } = parseArgs({
  options: {
    distributors: { type: 'string', default: '100000' },
    seed: { type: 'string', default: '42' },
    today: { type: 'string', default: '2026-11-21' },
    keep: { type: 'boolean', default: false },
    postgres: { type: 'boolean', default: false },
    'database-url': { type: 'string' },
  },
});

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abo-seed-bench-'));
const file = path.join(dir, 'inquiry.sqlite');
let cluster: PgCluster | undefined;
let pgUrl = values['database-url'];
if (values.postgres && !pgUrl) {
  cluster = await startPgCluster();
  pgUrl = cluster.url;
}
const schema = `seed_bench_${process.pid}`;
const db: DB = pgUrl ? openPostgres(pgUrl, { schema }) : openSqlite(file);
const where = pgUrl ? `PostgreSQL (${cluster ? 'throwaway cluster' : 'given server'}, schema ${schema})` : 'SQLite';

/** Bytes the dataset takes in the database. */
async function databaseMiB(): Promise<number> {
  if (!pgUrl) return fs.statSync(file).size / 2 ** 20;
  const r = await sql<{ b: number }>`select coalesce(sum(pg_total_relation_size(c.oid)), 0) as b
    from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = ${schema} and c.relkind = 'r'`.execute(db);
  return r.rows[0]!.b / 2 ** 20;
}

try {
  await migrateToLatest(db);
  const options = { distributors: Number(values.distributors), seed: Number(values.seed), today: values.today };
  console.log(
    `Seed benchmark: ${options.distributors.toLocaleString('en-US')} distributors into ${where}, ${os.cpus().length} CPUs, Node ${process.version}`,
  );
  const cpu0 = process.cpuUsage();
  const report = await seedDatabase(db, options, { fresh: true, progress: progressPrinter() });
  const cpu = process.cpuUsage(cpu0);
  console.log(formatReport(report));
  // On a shared machine the wall time includes waiting for a core; CPU time is the work itself
  // (this process only: a PostgreSQL server's own CPU is not in it).
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const load = os.loadavg()[0]!.toFixed(1);
  console.log(
    `  CPU ${cpuSeconds.toFixed(1)} s (user ${(cpu.user / 1e6).toFixed(1)}, system ${(cpu.system / 1e6).toFixed(1)}), load average ${load} on ${os.cpus().length} CPUs`,
  );
  const rssMiB = process.resourceUsage().maxRSS / 1024;
  console.log(`  peak RSS ${rssMiB.toFixed(0)} MiB, database ${(await databaseMiB()).toFixed(0)} MiB`);
  const goal = report.seconds <= 60 ? 'within' : 'OVER';
  console.log(`  ${goal} the 60 s goal (set for 100 000 distributors)`);
} finally {
  if (pgUrl && !values.keep) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db).catch(() => undefined);
  await closeDatabase(db);
  if (values.keep) console.log(`  kept ${pgUrl ? `${pgUrl} schema ${schema}` : file}`);
  else fs.rmSync(dir, { recursive: true, force: true });
  if (!values.keep) cluster?.destroy();
}
