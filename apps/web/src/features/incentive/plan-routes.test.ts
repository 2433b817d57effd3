import { describe, expect, it } from 'vitest';
import { PLANS } from '@abo/plan';
import { routeTable } from '../../app/routes.ts';
import { PLAN_SUBPAGES, resolvePlanPage, SUBPAGES } from './plan-routes.ts';

describe('plan page routing', () => {
  it('maps a plan route, its subpages and the type pages to the plan they show', () => {
    expect(resolvePlanPage('/incentiveplan/seminars')).toEqual({
      planRoute: '/incentiveplan/seminars',
      subpage: 'overview',
      typePage: false,
    });
    expect(resolvePlanPage('/incentiveplan/seminars/pqflqdetails/')).toEqual({
      planRoute: '/incentiveplan/seminars',
      subpage: 'pqflqdetails',
      typePage: false,
    });
    expect(resolvePlanPage('/incentiveplan/type/seminar')).toMatchObject({ planRoute: '/incentiveplan/seminars', typePage: true });
    expect(resolvePlanPage('/incentiveplan/seminarfunding/type')).toMatchObject({ planRoute: '/incentiveplan/seminarfunding' });
    expect(resolvePlanPage('/incentiveplan/type/detail')).toMatchObject({ planRoute: null });
    expect(resolvePlanPage('/IncentivePlan/RewardTracking/PPTrack2324')).toMatchObject({
      planRoute: '/incentiveplan/rewardtracking/pptrack2324',
      subpage: 'overview',
    });
  });

  it('every plan in the catalogue has a page in the route table', () => {
    const paths = new Set(routeTable.map((r) => r.path));
    for (const p of PLANS) expect(paths.has(p.route), p.route).toBe(true);
  });

  it('the route table declares exactly the subpage paths of the registry', () => {
    const registered = Object.entries(PLAN_SUBPAGES).flatMap(([route, subs]) => subs.map((s) => `${route}/${s}`));
    const declared = routeTable
      .map((r) => r.path)
      .filter(
        (p) => PLAN_SUBPAGES[p.slice(0, p.lastIndexOf('/'))] && (SUBPAGES as readonly string[]).includes(p.slice(p.lastIndexOf('/') + 1)),
      );
    expect(declared.sort()).toEqual(registered.sort());
    // And every one of them renders the generic plan page as that subpage.
    for (const path of registered) {
      expect(routeTable.find((r) => r.path === path)?.page, path).toBe('incentive/plan-page.tsx');
      expect(resolvePlanPage(path).subpage, path).toBe(path.slice(path.lastIndexOf('/') + 1));
    }
  });

  it('reads a path whose last part names a subpage its plan route does not have as a plan route', () => {
    expect(resolvePlanPage('/incentiveplan/emtravelplan/target')).toMatchObject({
      planRoute: '/incentiveplan/emtravelplan/target',
      subpage: 'overview',
    });
  });
});
