// A pin held before the imported history is kept (docs/data-import.md, `pin_held`): the close
// starts each member's pin from it, a pin at or below it is never told as new, and the rank pages
// say "held since before" the history's first month. A small company imported and closed as
// `npm run import` does it, read through the BFF (SQLite; PostgreSQL in the PostgreSQL suite),
// against figures worked out by hand from the pin ladder (packages/plan/README.md, "Pins").
import type { AchOverviewData, AchRankData, NotificationsData, PlanData } from '@abo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csv } from '../import/import.test-support.ts';
import { importedApp, type ImportedApp } from '../testing/imported-app.ts';

const TODAY = '2027-01-15'; // September to December 2026 closed, January open
const D = '86300001'; // a Diamond (380) before the history; 10 000 PV Sep–Dec: 4 SP months
const H = '86300002'; // a Silver Producer (310) before; 10 000 PV Sep–Nov: Gold (3 SP months) in November
const S = '86300003'; // no pin before; 10 000 PV in December: Silver Producer then

const files = {
  'distributors.csv': csv(
    'ada,sponsor_ada,name,joined_on,pin_held',
    [D, '', '钱钻', '2012-03-01', '380'],
    [H, D, '孙银', '2018-06-01', '310'],
    [S, D, '李新', '2019-01-01', ''],
  ),
  'orders.csv': csv(
    'order_id,ada,ordered_at,pv',
    ...['09', '10', '11', '12'].map((m) => [`D-${m}`, D, `2026-${m}-04`, '10000']),
    ...['09', '10', '11'].map((m) => [`H-${m}`, H, `2026-${m}-06`, '10000']),
    ['S-12', S, '2026-12-08', '10000'],
  ),
};

let a: ImportedApp;
beforeAll(async () => {
  a = await importedApp(files, TODAY);
});
afterAll(() => a.close());

const rank = (ada: string) => a.call<AchRankData>(ada, '/bff/v1/achievement/rank');
const pinNews = async (ada: string) =>
  (await a.call<NotificationsData>(ada, '/bff/v1/notifications/list', { limit: 50 })).items
    .filter((n) => n.kind === 'pinReached')
    .map((n) => [n.title.en, n.month]);
const newRank = async (ada: string) => (await a.call<PlanData>(ada, '/bff/v1/incentive/plan', { code: 'NEW_RANK_2627' })).met;

describe('a pin held before the imported history', () => {
  it('stays the pin: a Diamond with four SP months is a Diamond held since before September 2026, not a new Gold', async () => {
    // Without pin_held the close started D from Member: Silver in September, Gold in November
    // (the 3rd SP month), told "Congratulations: Gold Producer", and the new-rank plan met.
    const r = await rank(D);
    expect([r.pinCode, r.pinName.en, r.pinMonth, r.pinHeldBefore]).toEqual([380, 'Diamond', null, '2026-09']);
    // No rise inside the history: the rises at or below Diamond are not listed.
    expect(r.history).toEqual([]);
    const o = await a.call<AchOverviewData>(D, '/bff/v1/achievement/overview');
    expect([o.pinCode, o.pinMonth, o.pinHeldBefore]).toEqual([380, null, '2026-09']);
    expect(await pinNews(D)).toEqual([]);
    expect(await newRank(D)).toBe(false);
  });

  it('rises only above it: a Silver Producer before reaches Gold in November, told once; its Silver month is no news', async () => {
    const r = await rank(H);
    // SP months Sep, Oct, Nov: Silver (held already) with the 1st, Gold with the 3rd.
    expect([r.pinCode, r.pinMonth, r.pinHeldBefore]).toEqual([320, '2026-11', null]);
    expect(r.history.map((h) => [h.pinCode, h.month])).toEqual([[320, '2026-11']]);
    expect(await pinNews(H)).toEqual([['Congratulations: Gold Producer', '2026-11']]);
    expect(await newRank(H)).toBe(true);
  });

  it('a member with none starts from Member as before: Silver Producer with the first SP month', async () => {
    const r = await rank(S);
    expect([r.pinCode, r.pinMonth, r.pinHeldBefore]).toEqual([310, '2026-12', null]);
    expect(await pinNews(S)).toEqual([['Congratulations: Silver Producer', '2026-12']]);
  });
});
