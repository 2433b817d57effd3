// The what-if of the open month, with nothing added, is the month's close for this ABO: its
// legs carry what the close worked out for their whole downlines (the leadership they pass up,
// the Pearl volume), not their own groups alone (packages/plan estimate.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { closeIncome, closeMonth, rulesForMonth } from '@abo/plan';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeMonths } from '../../close/close.ts';
import { companyFiles } from '../../close/close.test-support.ts';
import { loadProfile } from '../../idp/profile.ts';
import { importDirectory } from '../../import/import.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { TEST_TODAY as TODAY } from '../../testing/today.ts';

const MONTH = '2026-11';
// ME with three 21 % legs (a Pearl). Under L1 a chain of 21 % groups, M then N, whose small
// personal groups keep no leadership: N's 4 % goes up through M and L1 to ME, and N is in ME's
// Pearl base (third generation, no Pearl between).
const PEOPLE: [ada: string, sponsor: string | null, pv: number][] = [
  ['86100001', null, 500],
  ['86100002', '86100001', 2_000],
  ['86100003', '86100001', 10_000],
  ['86100004', '86100001', 10_000],
  ['86100005', '86100002', 3_000],
  ['86100006', '86100005', 10_000],
];

describe('the estimate of the open month', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abo-estimate-'));

  beforeAll(async () => {
    t = await createTestApp({ INQUIRY_TODAY: TODAY });
    const files = companyFiles({
      members: PEOPLE.map(([ada, sponsor]) => ({ ada, sponsor, joined: '2025-09-01' })),
      orders: PEOPLE.map(([ada, , pv]) => ({ id: `O-${ada}`, ada, at: '2026-11-10', pv })),
      attendance: [],
    });
    for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), content);
    await importDirectory(t.db, { dir, today: TODAY });
    await closeMonths(t.db, { today: TODAY });
    const tokens = await t.app.tokens.issue((await loadProfile(t.db, '86100001'))!);
    headers = { 'idaas-accesstoken': tokens.accessToken, 'idaas-idtoken': tokens.idToken };
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('with nothing added is the close of the whole tree, the leadership and Pearl from deep down included', async () => {
    const rules = rulesForMonth(MONTH);
    const sponsor = Int32Array.from(PEOPLE, ([, s]) => PEOPLE.findIndex(([ada]) => ada === s));
    const ppv = Int32Array.from(PEOPLE, ([, , pv]) => pv);
    const close = closeMonth(sponsor, ppv, rules);
    const income = closeIncome(sponsor, close, rules);
    // N's 4 % reaches ME, and N's group is in ME's Pearl base.
    // L1 passes up 4 % of L1's, M's and N's personal groups, not of its own 2 000 PV alone.
    expect(income.leadershipUpFen[1]).toBe((2_000 + 3_000 + 10_000) * rules.bvFenPerPv * 0.04);
    expect(income.pearlFen[0]).toBe(Math.round((3_000 + 10_000) * rules.bvFenPerPv * 0.01));

    const res = await t.app.inject({
      method: 'POST',
      url: '/bff/v1/achievement/estimate',
      headers,
      payload: { channel: 'ebiz', loginada: '86100001' },
    });
    const e = res.json().data;
    expect(e.before.pretaxFen).toBe(income.pretaxFen[0]);
    expect(e.after.pretaxFen).toBe(e.before.pretaxFen);
  });

  it('with 3 000 PV more on L1 is the close with it: L1 now keeps part of the leadership it passed up', async () => {
    // L1's personal group 2 000 → 5 000 PV reaches 15 %: it keeps part of M's and N's 4 % instead
    // of passing it all to ME. The what-if used to add L1's own 4 % to ME and show ME more.
    const rules = rulesForMonth(MONTH);
    const sponsor = Int32Array.from(PEOPLE, ([, s]) => PEOPLE.findIndex(([ada]) => ada === s));
    const ppv = Int32Array.from(PEOPLE, ([ada, , pv]) => (ada === '86100002' ? pv + 3_000 : pv));
    const income = closeIncome(sponsor, closeMonth(sponsor, ppv, rules), rules);
    const call = async (payload: object) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/bff/v1/achievement/estimate',
          headers,
          payload: { channel: 'ebiz', loginada: '86100001', ...payload },
        })
      ).json().data;
    const base = await call({});
    const l1 = base.legs.find((l: { maskedAda: string }) => l.maskedAda === '861******02');
    const e = await call({ extraLegPv: { [l1.id]: 3_000 } });
    expect(e.after.pretaxFen).toBe(income.pretaxFen[0]);
    expect(e.after.pretaxFen).toBeLessThan(e.before.pretaxFen);
  });
});
