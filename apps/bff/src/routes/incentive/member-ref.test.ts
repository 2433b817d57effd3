// A member reference handed out (a market row's link, a notification) still names the same member
// after others joined: the hourly import lays the tree out again and moves most positions, the
// member numbers stay (lib/member-ref.ts, migration 0014).
import type { DetailsData, MembersData } from '@abo/contract';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDirectory } from '../../import/import.ts';
import { csv } from '../../import/import.test-support.ts';
import { importedApp, type ImportedApp } from '../../testing/imported-app.ts';

const LEADER = '87100001';
const TODAY = '2026-11-10';

describe('member references over an import that moves the tree', () => {
  let a: ImportedApp;
  beforeAll(async () => {
    a = await importedApp(
      {
        'distributors.csv': csv(
          'ada,sponsor_ada,name,joined_on',
          [LEADER, '', '陈一', '2020-01-01'],
          ['87100002', LEADER, '林二', '2021-01-01'],
          ['87100003', LEADER, '王三', '2021-02-01'],
          ['87100004', '87100003', '赵四', '2022-01-01'],
        ),
        'orders.csv': csv('order_id,ada,ordered_at,pv', ['O-1', '87100004', '2026-11-02', '300']),
      },
      TODAY,
    );
  });
  afterAll(() => a.close());

  it('names the same member after a member joined before them', async () => {
    const page = await a.call<MembersData>(LEADER, '/bff/v1/incentive/market/members', { pageSize: 50 });
    const zhao = page.rows.find((m) => m.maskedName.zh.startsWith('赵'))!;
    const before = await a.call<DetailsData>(LEADER, '/bff/v1/incentive/market/details', { ref: zhao.ref });
    // 林二 sponsors a new member: in pre-order the newcomer sits before 王三 and 赵四.
    const dir = path.join(a.t.config.dataDir, 'hour');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'distributors.csv'), csv('ada,sponsor_ada,name,joined_on', ['87100005', '87100002', '周五', TODAY]));
    await importDirectory(a.t.db, { dir, today: TODAY });
    const moved = await a.t.db.selectFrom('distributors').select('tree_pos').where('ada', '=', '87100004').executeTakeFirstOrThrow();
    expect(`m${moved.tree_pos}`).not.toBe(zhao.ref);
    const after = await a.call<DetailsData>(LEADER, '/bff/v1/incentive/market/details', { ref: zhao.ref });
    expect(after.member.maskedName).toEqual(before.member.maskedName);
    expect(after.member.ref).toBe(zhao.ref);
  });
});
