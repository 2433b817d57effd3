// Writers share SQLite fairly (issue #30): the close holds the database's write lock only to
// move its rows in (close/staging.ts), not while it evaluates the plans and builds the rows,
// which at a company's size takes minutes. Another connection (another process: a sign-in)
// probing with no busy timeout at all can write at every step of that work.
import SQLite from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rawSqlite } from '../db/index.ts';
import { importDirectory } from '../import/import.ts';
import { openTestDb } from '../import/import.test-support.ts';
import { throwawayDbs } from '../testing/throwaway-db.ts';
import { TEST_TODAY } from '../testing/today.ts';
import { closeMonths } from './close.ts';
import { companyFiles, syntheticCompany } from './close.test-support.ts';

const TODAY = TEST_TODAY;
const ROW_PHASES = new Set(['monthly_results', 'statements', 'plan_results', 'close_checkpoint']);

const fresh = throwawayDbs(openTestDb);

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the close and another process writing (SQLite)', () => {
  it('another connection can sign in at once while the close builds its rows', async () => {
    const t = await fresh();
    await importDirectory(t.db, { dir: t.folder(companyFiles(syntheticCompany(TODAY))), today: TODAY });
    const other = new SQLite(rawSqlite(t.db)!.name);
    other.pragma('busy_timeout = 0');
    const signIn = other.prepare(
      "insert into session_tokens (token_hash, ada, kind, expires_at, used_at) values (?, '70000001', 'distributor', '2026-11-21T05:00:00.000Z', null)",
    );
    const probes: { phase: string; refused: string | null }[] = [];
    try {
      const s = await closeMonths(t.db, {
        today: TODAY,
        progress: ({ phase }) => {
          if (!ROW_PHASES.has(phase)) return;
          try {
            signIn.run(randomBytes(16).toString('base64url'));
            probes.push({ phase, refused: null });
          } catch (e) {
            probes.push({ phase, refused: (e as { code?: string }).code ?? String(e) });
          }
        },
      });
      expect(s.changed).toBe(true);
    } finally {
      other.close();
    }
    expect(new Set(probes.map((p) => p.phase))).toEqual(ROW_PHASES);
    expect(probes.filter((p) => p.refused)).toEqual([]);
    // The sign-ins went in beside the close's rows.
    expect(
      await t.db
        .selectFrom('session_tokens')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual({
      n: probes.length,
    });
  });
});
