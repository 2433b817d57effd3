import { describe, expect, it } from 'vitest';
import type { LevelData, PlanData, PlansData, PlanSummary } from '@abo/contract';
import { MET_SO_FAR, PLANS } from '@abo/plan';
import { loadProfile } from '../../idp/profile.ts';
import { useDemoApp } from '../../testing/suite-app.ts';

describe('plans at a glance on the demo seed: the closest plan, what a level waits for', () => {
  const demo = useDemoApp([]);
  const headers = new Map<string, Record<string, string>>();
  const post = async <T>(ada: string, url: string, payload: object = {}): Promise<T> => {
    let h = headers.get(ada);
    if (!h) {
      const tokens = await demo.t.app.tokens.issue((await loadProfile(demo.t.db, ada))!);
      headers.set(ada, (h = { 'idaas-accesstoken': tokens.accessToken, 'idaas-idtoken': tokens.idToken }));
    }
    const res = await demo.t.app.inject({ method: 'POST', url, headers: h, payload: { channel: 'wec', ...payload } });
    expect(res.json().code, res.body).toBe(0);
    return res.json().data as T;
  };

  it('names the plan of this PY in reach whose headline criterion has come furthest, and what it still needs', async () => {
    for (const ada of ['10000001', '10000002', '10000003', '10000004']) {
      const d = await post<PlansData>(ada, '/bff/v1/incentive/plans');
      const share = (p: PlanSummary) => p.headline!.achieved / p.headline!.required;
      const inReach = d.plans.filter(
        (p) =>
          p.py === d.py &&
          (p.status === 'onTrack' || p.status === 'atRisk') &&
          p.headline &&
          !p.headline.met &&
          p.headline.required > 0 &&
          !['pinAtLeast', 'newPin', 'attendance'].includes(p.headline.kind),
      );
      if (!inReach.length) {
        expect(d.closest, ada).toBeNull();
        continue;
      }
      const card = d.plans.find((p) => p.code === d.closest?.code)!;
      expect(inReach, ada).toContain(card);
      expect(share(card), ada).toBe(Math.max(...inReach.map(share)));
      expect(d.closest, ada).toMatchObject({ py: d.py, name: card.name, route: card.route, status: card.status });
      const still = card.headline!.required - card.headline!.achieved;
      // Reached only with the open month's figures so far: not met until it closes, and it says so
      // in the plan page's words (the engine's gap sentence).
      if (still <= 0) expect(d.closest!.toGo, ada).toEqual(MET_SO_FAR);
      else expect(d.closest!.toGo.en, ada).toMatch(new RegExp(`^${still.toLocaleString('en-US')} .+ to go$`));
    }
  });

  it('every level of a plan says which qualification criteria it waits for while one is unmet, past tense once closed', async () => {
    let waiting = 0;
    let closed = 0;
    for (const ada of ['10000001', '10000003']) {
      for (const def of PLANS.filter((p) => p.levels && p.py >= '25/26')) {
        const plan = await post<PlanData>(ada, '/bff/v1/incentive/plan', { code: def.code });
        const unmet = plan.criteria.filter((c) => !c.met);
        for (const l of plan.levels as LevelData[]) {
          if (!unmet.length || l.met) {
            expect(l.waitsFor, `${ada} ${def.code} ${l.code}`).toBeUndefined();
            continue;
          }
          waiting++;
          const [zh, en] = [l.waitsFor!.zh, l.waitsFor!.en];
          if (plan.periodState === 'closed') {
            closed++;
            expect(en, def.code).toMatch(/^Not reached: not every qualification criterion was met \(.+\)$/);
            expect(zh, def.code).toMatch(/^未获得：资格条件未全部满足（.+）$/);
          } else {
            expect(en, def.code).toMatch(/^Needs every qualification criterion first: .+$/);
            expect(zh, def.code).toMatch(/^须先满足全部资格条件：.+$/);
          }
          // One part per unmet criterion.
          expect(en.split('; ').length, `${def.code}: ${en}`).toBe(unmet.length);
          expect(zh.split('、').length, `${def.code}: ${zh}`).toBe(unmet.length);
        }
      }
    }
    expect(waiting).toBeGreaterThan(0);
    expect(closed).toBeGreaterThan(0);
  });
});
