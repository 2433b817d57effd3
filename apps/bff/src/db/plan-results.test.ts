import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { planSummariesOf, planSummaryOf } from './plan-results.ts';

describe('stored plan results', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.db
      .insertInto('plan_results')
      .values([
        { ada: '10000001', py: '25/26', summary: '{"A":{"status":"met","achieved":[1]},"B":{"status":"won","achieved":[2]}}' },
        { ada: '10000001', py: '26/27', summary: '{}' },
        { ada: '10000002', py: '26/27', summary: '{"C":{"status":"missed","achieved":[0],"level":null}}' },
        { ada: '10000002', py: '25/26', summary: 'not json' },
      ])
      .execute();
  });
  afterAll(() => t.close());

  it("reads one distributor's summaries by PY through the checked codec", async () => {
    const byPy = await planSummariesOf(t.db, '10000001', ['25/26', '26/27', '24/25', '26/27']);
    expect([...byPy.keys()].sort()).toEqual(['25/26', '26/27']);
    // An entry the codec cannot read is left out, not guessed at.
    expect(byPy.get('25/26')).toEqual(new Map([['A', { status: 'met', achieved: [1] }]]));
    expect(byPy.get('26/27')!.size).toBe(0);
    expect(await planSummariesOf(t.db, '10000001', [])).toEqual(new Map());
    expect(await planSummaryOf(t.db, '10000002', '26/27')).toEqual(new Map([['C', { status: 'missed', achieved: [0], level: null }]]));
    expect((await planSummaryOf(t.db, '10000002', '25/26')).size).toBe(0);
    expect((await planSummaryOf(t.db, '10000009', '26/27')).size).toBe(0);
  });
});
