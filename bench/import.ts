/**
 * Import and close benchmark: generates a CSV set (distributors, orders, attendance; default
 * 100 000 / 1 000 000 / 50 000 rows, orders from September 2022: four PYs and the open one) and
 * imports it (`importDirectory`, as `npm run import` does) into a throwaway SQLite file (default)
 * or PostgreSQL, then closes every complete month (`closeMonths`, as the import command does
 * after it), three times: the whole set into an empty database, the same files again (nothing
 * to write, nothing to close), then one more day of orders on top (the open month recomputed),
 * then the month's last day imported and closed on the first of the next month (the month end).
 * Each import and each close runs in a child process of its own so its peak RSS is its own;
 * prints seconds, rows/s, CPU time and peak RSS, and the total of generating, importing and
 * closing the whole set. Figures only: no limit is asserted here.
 * `--data DIR` works in DIR instead of a throwaway folder and keeps a copy of the SQLite database
 * as it is before the month's end; given again with that copy in it, only the month's end runs,
 * on a fresh copy of it (the month-end close measured again without the first load).
 *   npx tsx bench/import.ts [--distributors 100000] [--orders 1000000] [--today 2026-11-21] [--keep]
 *                           [--postgres | --database-url postgres://…] [--data DIR]
 *                           [--cpu-prof DIR]
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { sql } from 'kysely';
import { bundleOptions } from '../apps/bff/build-options.mjs';
import { closeDatabase, migrateToLatest, openPostgres, openSqlite, type DB } from '../apps/bff/src/db/index.ts';
import { closeMonths, type CloseSummary } from '../apps/bff/src/close/close.ts';
import { importDirectory } from '../apps/bff/src/import/import.ts';
import type { ImportSummary } from '../apps/bff/src/import/summary.ts';
import { PG_BENCH_SETTINGS, startPgCluster, type PgCluster } from '../apps/bff/src/testing/pg-cluster.ts';
import { Rng } from '../apps/bff/src/seed/prng.ts';

const { values } = parseArgs({
  options: {
    distributors: { type: 'string', default: '100000' },
    orders: { type: 'string', default: '1000000' },
    attendance: { type: 'string', default: '50000' },
    today: { type: 'string', default: '2026-11-21' },
    keep: { type: 'boolean', default: false },
    // A kept working folder: the month's end alone again from the copy made before it (SQLite).
    data: { type: 'string' },
    // V8 CPU profiles of the month-end close's child process, into this folder.
    'cpu-prof': { type: 'string' },
    postgres: { type: 'boolean', default: false },
    // With --postgres: where the server spent the first load's and the month's end's time, statement by statement.
    'pg-statements': { type: 'boolean', default: false },
    'database-url': { type: 'string' },
    // Months the close from the first month runs at once (close/segments.ts; default its own).
    'segment-months': { type: 'string' },
    // The imports and closes through tsx, as from the sources (default: bundled, as npm run import runs them from the build).
    'from-source': { type: 'boolean', default: false },
    // Internal: one import (or close) in a child process.
    child: { type: 'string' },
    close: { type: 'boolean', default: false },
    schema: { type: 'string' },
  },
});

interface ChildResult {
  summary: ImportSummary;
  /** The close's summary when the child closed instead of importing. */
  close?: CloseSummary;
  maxRssMiB: number;
  cpuSeconds: number;
  /** Seconds per phase of the import (read each file, check, write), the peak RSS at its end (MiB), and its CPU seconds. */
  phases: [string, number, number, number][];
}

if (values.child) {
  // The child: one import, then its own figures as JSON on the last line.
  const url = values['database-url'];
  const db: DB = url ? openPostgres(url, { schema: values.schema! }) : openSqlite(path.join(path.dirname(values.child), 'inquiry.sqlite'));
  const cpu0 = process.cpuUsage();
  try {
    await migrateToLatest(db);
    const phases: [string, number, number, number][] = [];
    let phase = '';
    let since = performance.now();
    const cpuNow = () => {
      const c = process.cpuUsage();
      return (c.user + c.system) / 1e6;
    };
    let cpuSince = cpuNow();
    const peak = () => process.resourceUsage().maxRSS / 1024;
    // BENCH_MEMORY=1: where the memory is, each phase's largest samples (MiB, every 200 ms) on stderr.
    const memory = process.env.BENCH_MEMORY === '1' ? memorySampler() : null;
    const progress = (p: { phase: string }) => {
      if (p.phase === phase) return;
      const now = performance.now();
      const cpu = cpuNow();
      if (phase) memory?.report(phase);
      if (phase) phases.push([phase, (now - since) / 1000, peak(), cpu - cpuSince]);
      [phase, since, cpuSince] = [p.phase, now, cpu];
    };
    let summary: ImportSummary | undefined;
    let close: CloseSummary | undefined;
    // The plans are evaluated on a worker thread, as the import command does from 20 000 members.
    const segmentMonths = values['segment-months'] ? { segmentMonths: Number(values['segment-months']) } : {};
    if (values.close) close = await closeMonths(db, { today: values.today, progress, ...segmentMonths });
    else summary = await importDirectory(db, { dir: values.child, today: values.today, progress });
    phases.push([phase, (performance.now() - since) / 1000, peak(), cpuNow() - cpuSince]);
    memory?.report(phase);
    memory?.stop();
    const cpu = process.cpuUsage(cpu0);
    const result: ChildResult = {
      phases,
      summary: summary!,
      ...(close ? { close } : {}),
      maxRssMiB: process.resourceUsage().maxRSS / 1024,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
    };
    console.log(JSON.stringify(result));
  } finally {
    await closeDatabase(db);
  }
  process.exit(0);
}

/** The largest RSS, JS heap, external and array-buffer figures since the last report (MiB). */
function memorySampler() {
  const most = { rss: 0, heapUsed: 0, heapTotal: 0, external: 0, arrayBuffers: 0 };
  const sample = () => {
    const m = process.memoryUsage();
    for (const k of Object.keys(most) as (keyof typeof most)[]) most[k] = Math.max(most[k], m[k] / 2 ** 20);
  };
  const timer = setInterval(sample, 200);
  timer.unref();
  return {
    report(phase: string) {
      sample();
      const line = Object.entries(most).map(([k, v]) => `${k} ${v.toFixed(0)}`);
      process.stderr.write(`memory ${phase}: ${line.join(', ')}\n`);
      for (const k of Object.keys(most) as (keyof typeof most)[]) most[k] = 0;
    },
    stop: () => clearInterval(timer),
  };
}

const N = Number(values.distributors);
const ORDERS = Number(values.orders);
const ATTENDANCE = Number(values.attendance);
const today = values.today;
const work = values.data ? path.resolve(values.data) : fs.mkdtempSync(path.join(os.tmpdir(), 'abo-import-bench-'));
fs.mkdirSync(work, { recursive: true });
/** The database as it was before the month's end (SQLite, with --data). */
const beforeMonthEnd = path.join(work, 'before-month-end.sqlite');
const reuse = !!values.data && fs.existsSync(beforeMonthEnd);
if (values.data && values.postgres) throw new Error('--data keeps a SQLite database; not with --postgres');

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const todayMs = Date.parse(`${today}T00:00:00Z`);
const startMs = Date.parse('2015-01-01T00:00:00Z');
const ordersFromMs = Date.parse('2022-09-01T00:00:00Z');
/** The first day of the month after today's: the day the month-end close runs. */
const nextMonthFirst = (() => {
  const d = new Date(todayMs);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
})();

/** Writes lines through a stream, waiting when its buffer is full. */
async function writeLines(file: string, header: string, rows: number, line: (i: number) => string): Promise<void> {
  const out = fs.createWriteStream(file);
  out.write(header + '\n');
  let chunk: string[] = [];
  for (let i = 0; i < rows; i++) {
    chunk.push(line(i));
    if (chunk.length === 10_000 || i === rows - 1) {
      if (!out.write(chunk.join('\n') + '\n')) await new Promise<void>((r) => out.once('drain', () => r()));
      chunk = [];
    }
  }
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
}

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗';
const GIVEN = '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂';

async function generate(): Promise<{ full: string; day: string; monthEnd: string }> {
  const full = path.join(work, 'full');
  const day = path.join(work, 'day');
  const monthEnd = path.join(work, 'month-end');
  fs.mkdirSync(full);
  fs.mkdirSync(day);
  fs.mkdirSync(monthEnd);
  const stream = new Rng(42, 'company');
  const r = () => stream.next();
  const ada = (i: number) => String(3_000_000_000 + i);
  // Join days ascend with i, so every sponsor (an earlier member) joined first.
  const joinMs = new Float64Array(N);
  for (let i = 0; i < N; i++) joinMs[i] = startMs + Math.floor((i / N) * ((todayMs - startMs) / DAY_MS - 30)) * DAY_MS;
  const roots = Math.max(1, Math.round(N / 5000));
  await writeLines(path.join(full, 'distributors.csv'), 'ada,sponsor_ada,name,joined_on,phone', N, (i) => {
    // Recent members sponsor more often: a deep, bushy tree like the demo's.
    const sponsor = i < roots ? '' : ada(Math.floor(i * Math.sqrt(r())));
    const name = SURNAMES[Math.floor(r() * SURNAMES.length)]! + GIVEN[Math.floor(r() * GIVEN.length)]!;
    const phone = r() < 0.5 ? `138${String(Math.floor(r() * 1e8)).padStart(8, '0')}` : '';
    return `${ada(i)},${sponsor},${name},${dayOf(joinMs[i]!)},${phone}`;
  });
  /** An order of a member on a day between their join (or the orders' start) and yesterday. */
  const orderLine = (id: string, i: number, fromMs: number) => {
    const first = Math.max(fromMs, joinMs[i]!);
    const days = Math.max(1, Math.floor((todayMs - first) / DAY_MS));
    const at = first + Math.floor(r() * days) * DAY_MS + Math.floor(r() * DAY_MS);
    const ret = r() < 0.03;
    const pv = (ret ? -1 : 1) * (50 + Math.floor(r() * 1500));
    const bv = r() < 0.2 ? (pv * 1.15).toFixed(2) : '';
    const customer = r() < 0.3 ? `C${Math.floor(r() * 200_000)}` : '';
    return `${id},${ada(i)},${new Date(at).toISOString().slice(0, 19)},${pv},${bv},${customer}`;
  };
  const header = 'order_id,ada,ordered_at,pv,bv,customer_id';
  await writeLines(path.join(full, 'orders.csv'), header, ORDERS, (k) => orderLine(`B${k}`, Math.floor(r() * N), ordersFromMs));
  await writeLines(path.join(full, 'attendance.csv'), 'ada,event_code,attended_on', ATTENDANCE, (k) => {
    const i = Math.floor((k / ATTENDANCE) * N);
    const first = Math.max(joinMs[i]!, ordersFromMs);
    return `${ada(i)},EVENT-${k % 7},${dayOf(first + Math.floor(r() * Math.max(1, (todayMs - first) / DAY_MS)) * DAY_MS)}`;
  });
  // One more day: orders of yesterday only (the hourly / nightly feed of a company).
  const yesterday = todayMs - DAY_MS;
  const dayOrders = Math.max(1, Math.round(ORDERS / 1400));
  await writeLines(path.join(day, 'orders.csv'), header, dayOrders, (k) => orderLine(`D${k}`, Math.floor(r() * N), yesterday));
  // The month's end: the last day's orders, imported and closed on the first of the next month,
  // when the open month closes for everyone (statements, plans, notifications).
  const lastDayMs = Date.parse(`${nextMonthFirst}T00:00:00Z`) - DAY_MS;
  await writeLines(path.join(monthEnd, 'orders.csv'), header, dayOrders, (k) => {
    const at = new Date(lastDayMs + Math.floor(r() * DAY_MS)).toISOString().slice(0, 19);
    return `E${k},${ada(Math.floor(r() * N))},${at},${50 + Math.floor(r() * 1500)},,`;
  });
  return { full, day, monthEnd };
}

let cluster: PgCluster | undefined;
let pgUrl = values['database-url'];
if (values.postgres && !pgUrl) {
  const statements = values['pg-statements'] ? ['shared_preload_libraries=pg_stat_statements'] : [];
  cluster = await startPgCluster({ settings: [...PG_BENCH_SETTINGS, ...statements] });
  pgUrl = cluster.url;
}
const schema = `import_bench_${process.pid}`;
const where = pgUrl ? `PostgreSQL (${cluster ? 'throwaway cluster' : 'given server'}, schema ${schema})` : 'SQLite';
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
/**
 * `read ×5 6.0/5.8 [412], close ×5 2.1/2.0, …`: each phase's seconds and CPU seconds (of the whole
 * process: the plan worker's too; a phase run several times, as the close's runs of months,
 * summed), and where the peak RSS rose, the new peak (MiB).
 */
function phaseLine(phases: readonly [string, number, number, number][]): string {
  const merged = new Map<string, { sec: number; rss: number; cpu: number; times: number }>();
  for (const [p, sec, rss, cpu] of phases) {
    const m = merged.get(p);
    if (m) Object.assign(m, { sec: m.sec + sec, rss: Math.max(m.rss, rss), cpu: m.cpu + cpu, times: m.times + 1 });
    else merged.set(p, { sec, rss, cpu, times: 1 });
  }
  let shown = 0;
  return [...merged]
    .map(([p, { sec, rss, cpu, times }]) => {
      const rose = rss - shown >= 16;
      if (rose) shown = rss;
      return `${p}${times > 1 ? ` ×${times}` : ''} ${sec.toFixed(1)}/${cpu.toFixed(1)}${rose ? ` [${rss.toFixed(0)}]` : ''}`;
    })
    .join(', ');
}

/**
 * How a child runs: as a company runs `npm run import` from the build (apps/bff/cli.mjs), this file
 * and the plan thread's entry bundled as the BFF's build bundles them, with no TypeScript compiler
 * in the process or its plan thread, and Node's options of its script; `--from-source`: through tsx.
 */
async function childEntry(): Promise<string[]> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // Node's options as `npm run import` gives them (apps/bff/package.json).
  const script = (JSON.parse(fs.readFileSync(path.join(here, '../apps/bff/package.json'), 'utf8')) as { scripts: Record<string, string> })
    .scripts['import']!;
  const flags = script.split(' ').filter((a) => a.startsWith('--'));
  if (values['from-source']) return [...flags, '--import', 'tsx', process.argv[1]!];
  const outdir = path.join(here, 'dist');
  await build({
    ...bundleOptions,
    entryPoints: { 'import-child': process.argv[1]!, 'plan-worker': path.join(here, '../apps/bff/src/close/plan-worker.ts') },
    outdir,
  });
  return [...flags, path.join(outdir, 'import-child.js')];
}
const child = values.child ? [] : await childEntry();

function importInChild(dir: string, close = false, on = today, profile = false): ChildResult {
  const prof = profile && values['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(values['cpu-prof'])] : [];
  const args = [...prof, ...child, '--child', dir, '--today', on, ...(close ? ['--close'] : [])];
  if (values['segment-months']) args.push('--segment-months', values['segment-months']);
  if (pgUrl) args.push('--database-url', pgUrl, '--schema', schema);
  // The SQLite file sits next to the folders, one for the three runs.
  const res = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
  if (res.status !== 0) throw new Error(`${close ? 'close' : 'import'} failed:\n${res.stderr}\n${res.stdout}`);
  for (const line of res.stderr.split('\n')) if (line.startsWith('memory ')) console.log(`    ${line}`);
  return JSON.parse(res.stdout.trim().split('\n').at(-1)!) as ChildResult;
}

/** pg_stat_statements on the throwaway cluster: emptied, or its largest total times printed. */
async function pgStatements(what: 'reset' | 'print', run = ''): Promise<void> {
  const db = openPostgres(pgUrl!, { poolSize: 1 });
  try {
    await sql`create extension if not exists pg_stat_statements`.execute(db);
    if (what === 'reset') await sql`select pg_stat_statements_reset()`.execute(db);
    else {
      const top = await sql<{ query: string; calls: string; ms: number; rows: string }>`
        select regexp_replace(query, '\\s+', ' ', 'g') as query, calls::text as calls, total_exec_time as ms, rows::text as rows
        from pg_stat_statements order by total_exec_time desc limit 12`.execute(db);
      console.log(`  the server's time in ${run}'s import and close, by statement (pg_stat_statements):`);
      for (const r of top.rows)
        console.log(
          `    ${(r.ms / 1000).toFixed(1).padStart(7)} s ${r.calls.padStart(7)}× ${r.rows.padStart(9)} rows  ${r.query.slice(0, 140)}`,
        );
    }
  } finally {
    await closeDatabase(db);
  }
}

/**
 * The database's size and the disk left where it is: a first load at 3 000 000 members on
 * PostgreSQL filled the 76 GiB this machine had free (issue #30).
 */
async function storageLine(): Promise<string> {
  const gib = (bytes: number) => `${(bytes / 2 ** 30).toFixed(1)} GiB`;
  let size: number;
  let where = work;
  if (pgUrl) {
    const db = openPostgres(pgUrl, { poolSize: 1 });
    try {
      const { rows } = await sql<{ size: string }>`select pg_database_size(current_database())::text as size`.execute(db);
      size = Number(rows[0]!.size);
    } finally {
      await closeDatabase(db);
    }
    if (cluster) where = cluster.dataDir;
  } else size = fs.statSync(path.join(work, 'inquiry.sqlite')).size;
  const disk = fs.statfsSync(where);
  return `database ${gib(size)}, disk free ${gib(disk.bavail * disk.bsize)}`;
}

/** What autovacuum is doing on the throwaway cluster right now (its work slows a step beside it). */
async function autovacuumNow(): Promise<string[]> {
  if (!cluster) return [];
  const db = openPostgres(pgUrl!, { poolSize: 1 });
  try {
    const { rows } = await sql<{ query: string }>`select regexp_replace(query, '^autovacuum: ', '') as query
      from pg_stat_activity where backend_type = 'autovacuum worker' and query <> '' order by query`.execute(db);
    return rows.map((r) => r.query.replace(/ ?import_bench_\d+\./, ' '));
  } finally {
    await closeDatabase(db);
  }
}

try {
  console.log(
    `Import benchmark: ${fmt(N)} distributors, ${fmt(ORDERS)} orders, ${fmt(ATTENDANCE)} attendance rows into ${where}, ${os.cpus().length} CPUs, Node ${process.version}`,
  );
  let t = performance.now();
  const db = path.join(work, 'inquiry.sqlite');
  /** A copy of a closed SQLite database (with its WAL, if one was left). */
  const copyDb = (from: string, to: string) => {
    for (const ext of ['-wal', '-shm']) fs.rmSync(to + ext, { force: true });
    fs.copyFileSync(from, to);
    if (fs.existsSync(`${from}-wal`)) fs.copyFileSync(`${from}-wal`, `${to}-wal`);
  };
  const { full, day, monthEnd } = reuse
    ? { full: path.join(work, 'full'), day: path.join(work, 'day'), monthEnd: path.join(work, 'month-end') }
    : await generate();
  const generated = (performance.now() - t) / 1000;
  const mib = (dir: string) => fs.readdirSync(dir).reduce((s, f) => s + fs.statSync(path.join(dir, f)).size, 0) / 2 ** 20;
  if (reuse) {
    copyDb(beforeMonthEnd, db);
    console.log(`  the month's end alone, on a copy of ${beforeMonthEnd}\n`);
  } else console.log(`  generated the CSV files (${mib(full).toFixed(0)} MiB) in ${generated.toFixed(1)} s\n`);
  let firstRun = 0;
  // The files of the second and third runs sit in sibling folders, so the database is shared.
  console.log('  run                         seconds       rows/s   CPU s   peak RSS MiB   written');
  const steps = [
    ['everything, empty database', full, today],
    ['the same files again', full, today],
    ['one more day of orders', day, today],
    [`the month's end (${nextMonthFirst})`, monthEnd, nextMonthFirst],
  ] as const;
  for (const [name, dir, on] of reuse ? steps.slice(-1) : steps) {
    const monthEnds = dir === monthEnd;
    if (monthEnds && values.data && !reuse && !pgUrl) copyDb(db, beforeMonthEnd);
    t = performance.now();
    // The server's time per statement: at the first load and at the month's end.
    const traced = !!cluster && values['pg-statements'] && (monthEnds || (dir === full && !firstRun));
    if (traced) await pgStatements('reset');
    const vacuuming = await autovacuumNow();
    const r = importInChild(dir, false, on);
    const s = r.summary;
    const rows = s.distributors.rows + s.orders.rows + s.attendance.rows;
    const written = `${fmt(s.distributors.added)} + ${fmt(s.orders.added)} + ${fmt(s.attendance.added)}`;
    console.log(
      `  ${name.padEnd(26)} ${s.seconds.toFixed(1).padStart(8)} ${fmt(rows / s.seconds).padStart(12)} ${r.cpuSeconds.toFixed(1).padStart(7)} ${r.maxRssMiB.toFixed(0).padStart(14)}   ${written}`,
    );
    console.log(`  ${''.padEnd(26)} ${phaseLine(r.phases)}`);
    const c = importInChild(dir, true, on, monthEnds);
    const cs = c.close!;
    const closeRows = Object.values(cs.rows).reduce((a, b) => a + b, 0);
    const what = cs.changed
      ? `${cs.closed.length} months closed, ${cs.open.join(', ')} provisional, plans ${cs.planMode === 'worker' ? 'on a worker' : 'inline'}`
      : `nothing (${cs.unchanged})`;
    console.log(
      `  ${'  then the close'.padEnd(26)} ${cs.seconds.toFixed(1).padStart(8)} ${fmt(closeRows / cs.seconds).padStart(12)} ${c.cpuSeconds.toFixed(1).padStart(7)} ${c.maxRssMiB.toFixed(0).padStart(14)}   ${fmt(closeRows)} rows: ${what}`,
    );
    if (cs.changed) console.log(`  ${''.padEnd(26)} ${phaseLine(c.phases)}`);
    // The figures are served once the close commits; telling everyone follows.
    const telling = c.phases.find(([phase]) => phase === 'notifications')?.[1];
    if (cs.changed && telling !== undefined)
      console.log(
        `  ${''.padEnd(26)} figures served after ${(cs.seconds - telling).toFixed(1)} s, everyone told after ${cs.seconds.toFixed(1)} s`,
      );
    const vacuumed = await autovacuumNow();
    if (vacuuming.length || vacuumed.length)
      console.log(
        `  ${''.padEnd(26)} autovacuum before the import: ${vacuuming.join('; ') || 'none'}; after the close: ${vacuumed.join('; ') || 'none'}`,
      );
    if (traced) await pgStatements('print', monthEnds ? "the month's end" : 'the first load');
    console.log(`  ${''.padEnd(26)} ${await storageLine()}`);
    if (!firstRun) firstRun = s.seconds + cs.seconds;
  }
  if (!reuse) {
    console.log(
      `\n  generate + import + close of the whole set: ${(generated + firstRun).toFixed(1)} s (goal for 100 000 × 4 PYs on SQLite: ≤ 60 s)`,
    );
  }
  console.log('\n  seconds: inside importDirectory (read, check, write); rows/s: rows read / seconds;');
  console.log('  peak RSS: the whole child process (with SQLite, its page cache too); written: members + orders + attendance added');
  console.log('  phases: seconds/CPU seconds, then [the peak RSS so far at its end, MiB] where it rose by 16 MiB or more');
  console.log('  the close: rows written (monthly results, statements, plan results, pins moved) per second of closeMonths');
} finally {
  if (pgUrl && !values.keep) {
    const db = openPostgres(pgUrl, { poolSize: 1 });
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db).catch(() => undefined);
    await closeDatabase(db);
  }
  await cluster?.destroy();
  if (values.keep || values.data) console.log(`  kept ${work}`);
  else fs.rmSync(work, { recursive: true, force: true });
}
