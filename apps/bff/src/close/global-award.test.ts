// Executive Diamond by the Global Award Recognition rules, through the import, the close and the
// rank page: the credits are counted by the close when the PY closes (from the downline qualified
// in it), stored on the August row, and the page's replay of one distributor's months reads them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monthIndex, monthKeyOf, PIN } from '@abo/plan';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadProfile } from '../idp/profile.ts';
import { importDirectory } from '../import/import.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { closeMonths } from './close.ts';
import { companyFiles } from './close.test-support.ts';
import { TEST_TODAY as TODAY } from '../testing/today.ts';

// R (87000001) sponsors six legs Q every month of 25/26; under L1 and L2 an Emerald each with
// three legs Q all year. Everyone but R is a Founders Platinum: QC = 4.5 + 4.5 + 4 × 1 = 13.
const R = '87000001';
const sponsorOf = [-1, 0, 0, 0, 0, 0, 0, 1, 7, 7, 7, 2, 11, 11, 11];
const ada = (i: number) => String(87000001 + i);

describe('Global Award Recognition through the close and the rank page', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abo-gar-'));

  beforeAll(async () => {
    t = await createTestApp({ INQUIRY_TODAY: TODAY });
    const first = monthIndex('2025-09');
    const files = companyFiles({
      members: sponsorOf.map((s, i) => ({ ada: ada(i), sponsor: s < 0 ? null : ada(s), joined: '2025-08-01' })),
      orders: sponsorOf.flatMap((_, i) =>
        Array.from({ length: 12 }, (__, k) => ({
          id: `G-${i}-${k}`,
          ada: ada(i),
          at: `${monthKeyOf(first + k)}-10`,
          pv: i === 0 ? 500 : 10_000,
        })),
      ),
      attendance: [],
    });
    for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), content);
    await importDirectory(t.db, { dir, today: TODAY });
    await closeMonths(t.db, { today: TODAY });
    const tokens = await t.app.tokens.issue((await loadProfile(t.db, R))!);
    headers = { 'idaas-accesstoken': tokens.accessToken, 'idaas-idtoken': tokens.idToken };
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('stores the credits on the August row and raises the pin to Executive Diamond then', async () => {
    const rows = await t.db
      .selectFrom('monthly_results')
      .select(['month', 'pin_code', 'qualification_credits'])
      .where('ada', '=', R)
      .where('month', '>=', '2026-07')
      .where('month', '<=', '2026-09')
      .orderBy('month')
      .execute();
    expect(rows).toEqual([
      { month: '2026-07', pin_code: PIN.DIAMOND, qualification_credits: 0 },
      { month: '2026-08', pin_code: PIN.EXECUTIVE_DIAMOND, qualification_credits: 13 },
      { month: '2026-09', pin_code: PIN.EXECUTIVE_DIAMOND, qualification_credits: 0 },
    ]);
  });

  it('the rank page replays the same rise from the stored months', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/bff/v1/achievement/rank',
      headers,
      payload: { channel: 'ebiz', loginada: R },
    });
    const r = res.json().data;
    expect(r.pinCode).toBe(PIN.EXECUTIVE_DIAMOND);
    expect(r.history.at(-1)).toMatchObject({ pinCode: PIN.EXECUTIVE_DIAMOND, month: '2026-08' });
  });
});
