import { describe, expect, it } from 'vitest';
import { PLANS } from '@abo/plan';
import { routeTable } from '../../app/routes.ts';
import { PLAN_SUBPAGES, planKeyAt, resolvePlanPage, SUBPAGES } from './plan-routes.ts';

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

  it('opens the current PY’s edition on every year-switchable route unless ?year= names another', () => {
    const none = new URLSearchParams();
    // The routes the spec names after one edition ("seminars 25/26") too: a bookmark shows this year.
    for (const path of ['/incentiveplan/seminars', '/incentiveplan/seminarstravelplan/pqdetails', '/incentiveplan/type/seminar']) {
      expect(planKeyAt(path, none), path).toEqual({ route: resolvePlanPage(path).planRoute, year: undefined });
    }
    expect(planKeyAt('/incentiveplan/seminars/target', new URLSearchParams('year=25/26'))).toEqual({
      route: '/incentiveplan/seminars',
      year: '25/26',
    });
    // An empty ?year= names no edition (index.html's early request reads it so too: app/early-requests.ts).
    expect(planKeyAt('/incentiveplan/seminars', new URLSearchParams('year='))).toEqual({
      route: '/incentiveplan/seminars',
      year: undefined,
    });
    expect(planKeyAt('/incentiveplan/type/detail', new URLSearchParams('code=SEMINAR_2526'))).toEqual({ code: 'SEMINAR_2526' });
    expect(planKeyAt('/incentiveplan/type/detail', none)).toBeNull();
  });

  it('the plan list and the market lists keep their scroll position for the way back (the keep-alive list)', () => {
    const lists = [
      '/incentiveplan',
      '/incentiveplan/trackingpartnersmonthly',
      '/incentiveplan/trackingpartnersannual',
      '/incentiveplan/keycoachingpartnersmonthly',
      '/incentiveplan/keycoachingpartners',
      '/incentiveplan/trackingcopies',
      '/incentiveplan/marketmembertracking',
      '/incentiveplan/type/marketmembertracking',
    ];
    for (const path of lists) expect(routeTable.find((r) => r.path === path)?.keepAlive, path).toBe(true);
  });

  it('every plan in the catalogue has a page in the route table', () => {
    const paths = new Set<string>(routeTable.map((r) => r.path));
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
