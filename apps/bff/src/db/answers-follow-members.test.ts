// Answers kept over an hourly import and close that touched some members only (issue #30): a BFF
// process keeps what it derived for the members the hour did not touch (db/answer-cache.ts), and
// every answer it then gives equals the one derived afresh. Random companies (returns, members
// joining in the open month, pins held before the history), imported and closed day by day as the
// hourly job does, on SQLite and, in the PostgreSQL suite, on PostgreSQL.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeMonths } from '../close/close.ts';
import { filesBetween, randomCompany, type RandomCompany } from '../close/close.test-support.ts';
import { loadProfile } from '../idp/profile.ts';
import { importDirectory } from '../import/import.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { AnswerCache } from './answer-cache.ts';
import { markDataReplaced } from './data-version.ts';

/** The calls whose answers are kept per member, with the bodies asked. */
const CALLS: readonly (readonly [string, object])[] = [
  ['/bff/v1/incentive/plan', { route: '/incentiveplan/seminars' }],
  ['/bff/v1/income/statement', {}],
  ['/bff/v1/incentive/market/members', {}],
  ['/bff/v1/incentive/market/tree', {}],
  ['/bff/v1/incentive/market/partners', {}],
  ['/bff/v1/achievement/overview', {}],
  ['/bff/v1/achievement/projection', {}],
  ['/bff/v1/achievement/estimate', {}],
  ['/bff/v1/achievement/yearOnYear', {}],
];

const FIRST = '2026-11-09';
/** The hourly days: an import and a close, then an import the close has not followed yet. */
const DAYS = ['2026-11-10', '2026-11-11'] as const;

describe('answers kept over a change of some members', () => {
  // One company on PostgreSQL: the same code, a slower round trip.
  for (const seed of process.env.TEST_DATABASE_URL ? [3] : [3, 4]) {
    describe(`random company ${seed}`, () => {
      let t: TestApp;
      let company: RandomCompany;
      const headers = new Map<string, Record<string, string>>();

      beforeAll(async () => {
        // Generated through the 20th: its last day takes every order drawn after it.
        company = randomCompany(seed, '2026-11-20');
        t = await createTestApp({ INQUIRY_TODAY: DAYS[DAYS.length - 1]! });
        await load('2000-01-01', FIRST);
        await closeMonths(t.db, { today: FIRST });
      });
      afterAll(() => t?.close());

      async function load(from: string, to: string): Promise<void> {
        const dir = fs.mkdtempSync(path.join(t.config.dataDir, 'import-'));
        for (const [name, text] of Object.entries(filesBetween(company, from, to))) fs.writeFileSync(path.join(dir, name), text);
        await importDirectory(t.db, { dir, today: to });
      }

      /** Every call of every member, in order, as the envelopes answered (errors included). */
      async function everyAnswer(): Promise<unknown[]> {
        const out: unknown[] = [];
        for (const m of company.members) {
          let h = headers.get(m.ada);
          if (!h) {
            const tokens = await t.app.tokens.issue((await loadProfile(t.db, m.ada))!);
            headers.set(m.ada, (h = { 'idaas-accesstoken': tokens.accessToken, 'idaas-idtoken': tokens.idToken }));
          }
          for (const [url, body] of CALLS) {
            const res = await t.app.inject({ method: 'POST', url, headers: h, payload: { channel: 'ebiz', loginada: m.ada, ...body } });
            out.push([m.ada, url, res.json()]);
          }
        }
        return out;
      }

      /** The answers now, counting the answers derived (not kept); then all of them derived afresh. */
      async function keptAgainstFresh(): Promise<{ kept: number; fresh: number }> {
        let derived = 0;
        const get = AnswerCache.prototype.get;
        const counting = vi.spyOn(AnswerCache.prototype, 'get').mockImplementation(function (
          this: AnswerCache<unknown>,
          db,
          key,
          derive,
          scope,
        ) {
          return get.call(this, db, key, (version) => (derived++, derive(version)), scope);
        });
        try {
          const kept = await everyAnswer();
          const keptDerived = derived;
          await markDataReplaced(t.db);
          derived = 0;
          const fresh = await everyAnswer();
          expect(kept).toEqual(fresh);
          return { kept: keptDerived, fresh: derived };
        } finally {
          counting.mockRestore();
        }
      }

      it('after an import and a close: every kept answer is the fresh one, and most are kept', async () => {
        await everyAnswer();
        await load(FIRST, DAYS[0]);
        await closeMonths(t.db, { today: DAYS[0] });
        // The import and the close each named whom they touched.
        const changes = await t.db.selectFrom('answer_changes').select('adas').execute();
        expect(changes).toHaveLength(2);
        for (const c of changes) expect(c.adas.split('\n').length).toBeLessThan(company.members.length / 2);
        const { kept, fresh } = await keptAgainstFresh();
        expect(kept).toBeLessThan(fresh / 2);
      });

      it('after an import the close has not followed yet: the same', async () => {
        await everyAnswer();
        await load(DAYS[0], DAYS[1]);
        const { kept, fresh } = await keptAgainstFresh();
        expect(kept).toBeLessThan(fresh / 2);
      });
    });
  }
});
