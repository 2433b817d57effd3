/**
 * Telling everyone, alone: stores a month's end worth of notifications (every member's "month
 * closed", a plan criterion met for one in sixteen, a bracket near for one in eight) through the
 * close's event store (notifications/store-events.ts), slice by slice as produce.ts gives them,
 * into a throwaway SQLite database or PostgreSQL cluster (configured as the import bench's), twice:
 * into empty tables, then the same events again (all told before: nothing stored). Prints seconds,
 * CPU seconds and rows; on PostgreSQL also where the server spent its time, statement by statement
 * (pg_stat_statements). Figures only: no limit is asserted here.
 *   npx tsx bench/store-events.ts [--distributors 100000] [--postgres [--explain]] [--keep]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { monthClosedEvent, nearThresholdEvents, planByCode, planEvents, rulesFor, type NotificationEvent } from '@abo/plan';
import { sql } from 'kysely';
import { closeDatabase, migrateToLatest, openPostgres, openSqlite, type DB } from '../apps/bff/src/db/index.ts';
import { allPreferences } from '../apps/bff/src/notifications/preferences.ts';
import { openEventStore } from '../apps/bff/src/notifications/store-events.ts';
import { PG_BENCH_SETTINGS, startPgCluster } from '../apps/bff/src/testing/pg-cluster.ts';

const { values } = parseArgs({
  options: {
    distributors: { type: 'string', default: '100000' },
    postgres: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    // With --postgres: the plans of the store's statements that took 50 ms or more, from the server's log.
    explain: { type: 'boolean', default: false },
  },
});

const N = Number(values.distributors);
/** Members per call of the store, as produce.ts slices a month's end. */
const SLICE = 5_000;
const ada = (i: number) => String(3_000_000_000 + i);
const PY2627 = rulesFor('26/27');
const SEMINAR_2627 = planByCode('SEMINAR_2627')!;

/** The events of members [from, to): what a month's end tells them. */
function eventsOf(from: number, to: number): Map<string, NotificationEvent[]> {
  const out = new Map<string, NotificationEvent[]>();
  const none = SEMINAR_2627.criteria.map(() => 0);
  for (let i = from; i < to; i++) {
    const gpv = (i * 7919) % 12_000;
    const list: NotificationEvent[] = [
      monthClosedEvent(
        {
          month: '2026-11',
          gpv,
          bracket: gpv >= 10_000 ? 21 : 0,
          apv: gpv,
          qLegs: 0,
          isSp: gpv >= 10_000,
          statement: gpv >= 10_000 ? { netFen: gpv * 30, paidOn: '2026-12-15' } : null,
          seminarCode: 'SEMINAR_2627',
        },
        PY2627,
      ),
    ];
    if (i % 8 === 0)
      list.push(...nearThresholdEvents({ month: '2026-12', today: '2026-12-01', gpv: 8_600, apv: 8_600, qLegs: 0, isSp: false }, PY2627));
    if (i % 16 === 0) {
      const achieved = none.map((_, k) => (k === 1 ? 3 : 0));
      list.push(...planEvents({ plan: SEMINAR_2627, py: '26/27', status: 'onTrack', reason: null, achieved, soFar: [] }));
    }
    out.set(ada(i), list);
  }
  return out;
}

const cpuSeconds = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1e6;
};

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abo-store-bench-'));
const cluster = values.postgres
  ? await startPgCluster({
      settings: [
        ...PG_BENCH_SETTINGS,
        `shared_preload_libraries=pg_stat_statements${values.explain ? ',auto_explain' : ''}`,
        ...(values.explain ? ['auto_explain.log_min_duration=50ms', 'auto_explain.log_analyze=on'] : []),
      ],
    })
  : null;
const db: DB = cluster ? openPostgres(cluster.url) : openSqlite(path.join(dir, 'inquiry.sqlite'));
try {
  await migrateToLatest(db);
  if (cluster) await sql`create extension if not exists pg_stat_statements`.execute(db);
  console.log(
    `Storing a month's end of notifications: ${N.toLocaleString('en-US')} members, ${cluster ? 'PostgreSQL' : 'SQLite'}, Node ${process.version}`,
  );
  for (const round of ['into empty tables', 'the same events again']) {
    if (cluster) await sql`select pg_stat_statements_reset()`.execute(db);
    const t0 = performance.now();
    const c0 = cpuSeconds();
    let built = 0;
    const store = await openEventStore(db, new Date('2026-12-01T01:00:00Z'), await allPreferences(db));
    try {
      for (let k = 0; k < N; k += SLICE) {
        const b0 = performance.now();
        const events = eventsOf(k, Math.min(N, k + SLICE));
        built += performance.now() - b0;
        await store.store(events);
      }
    } finally {
      await store.close();
    }
    const seconds = (performance.now() - t0) / 1000;
    const t = store.total;
    console.log(
      `  ${round.padEnd(24)} ${seconds.toFixed(1)} s (CPU ${(cpuSeconds() - c0).toFixed(1)} s, events built ${(built / 1000).toFixed(1)} s): ${t.notifications.toLocaleString('en-US')} notifications, ${t.queued.toLocaleString('en-US')} pushes queued`,
    );
    if (cluster) {
      const top = await sql<{ query: string; calls: string; ms: number }>`
        select regexp_replace(query, '\\s+', ' ', 'g') as query, calls::text as calls, total_exec_time as ms
        from pg_stat_statements order by total_exec_time desc limit 6`.execute(db);
      for (const r of top.rows)
        console.log(`    ${(r.ms / 1000).toFixed(1).padStart(6)} s ${r.calls.padStart(6)}× ${r.query.slice(0, 150)}`);
    }
  }
  if (cluster && values.explain) {
    const log = fs.readFileSync(path.join(cluster.dataDir, 'server.log'), 'utf8');
    console.log(
      log
        .split('\n')
        .filter((l) => !/^\s*$/.test(l))
        .slice(0, 80)
        .join('\n'),
    );
  }
} finally {
  await closeDatabase(db);
  cluster?.destroy();
  if (values.keep) console.log(`  kept ${dir}`);
  else fs.rmSync(dir, { recursive: true, force: true });
}
