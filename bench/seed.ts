/**
 * Seed benchmark (issue #3): generates, closes and writes the demo dataset into a throwaway
 * SQLite file and prints rows per table, seconds per phase, the total, rows/s and peak RSS.
 * The goal: 100 000 distributors × 4 PYs in ≤ 60 s on the 2-core dev machine.
 *   npx tsx bench/seed.ts [--distributors 100000] [--seed 42] [--today 2026-11-21] [--keep]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { migrateToLatest, openSqlite } from '../apps/bff/src/db/index.ts';
import { seedDatabase } from '../apps/bff/src/seed/index.ts';
import { formatReport, progressPrinter } from '../apps/bff/src/seed/progress.ts';

const { values } = parseArgs({
  options: {
    distributors: { type: 'string', default: '100000' },
    seed: { type: 'string', default: '42' },
    today: { type: 'string', default: '2026-11-21' },
    keep: { type: 'boolean', default: false },
  },
});

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abo-seed-bench-'));
const file = path.join(dir, 'inquiry.sqlite');
const db = openSqlite(file);
try {
  await migrateToLatest(db);
  const options = { distributors: Number(values.distributors), seed: Number(values.seed), today: values.today };
  console.log(`Seed benchmark: ${options.distributors.toLocaleString('en-US')} distributors, ${os.cpus().length} CPUs, Node ${process.version}`);
  const cpu0 = process.cpuUsage();
  const report = await seedDatabase(db, options, { fresh: true, progress: progressPrinter() });
  const cpu = process.cpuUsage(cpu0);
  console.log(formatReport(report));
  // On a shared machine the wall time includes waiting for a core; CPU time is the work itself.
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const load = os.loadavg()[0]!.toFixed(1);
  console.log(`  CPU ${cpuSeconds.toFixed(1)} s (user ${(cpu.user / 1e6).toFixed(1)}, system ${(cpu.system / 1e6).toFixed(1)}), load average ${load} on ${os.cpus().length} CPUs`);
  const rssMiB = process.resourceUsage().maxRSS / 1024;
  console.log(`  peak RSS ${rssMiB.toFixed(0)} MiB, database ${(fs.statSync(file).size / 2 ** 20).toFixed(0)} MiB`);
  const goal = report.seconds <= 60 ? 'within' : 'OVER';
  console.log(`  ${goal} the 60 s goal`);
} finally {
  await db.destroy();
  if (values.keep) console.log(`  kept ${file}`);
  else fs.rmSync(dir, { recursive: true, force: true });
}
