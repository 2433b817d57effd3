import { describe, expect, it } from 'vitest';
import { PLANS } from '@abo/plan';
import { routeTable } from '../../app/routes.ts';
import { PLAN_SUBPAGES, resolvePlanPage, subpageForKind } from './plan-routes.ts';

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

  it('every subpage a plan route links to exists in the route table', () => {
    const paths = new Set(routeTable.map((r) => r.path));
    for (const [route, subs] of Object.entries(PLAN_SUBPAGES))
      for (const s of subs) expect(paths.has(`${route}/${s}`), `${route}/${s}`).toBe(true);
  });

  it('links a criterion to the subpage that explains it, when the route has one', () => {
    expect(subpageForKind('/incentiveplan/seminars', 'flqMonths')).toBe('pqflqdetails');
    expect(subpageForKind('/incentiveplan/seminarstravelplan', 'flqMonths')).toBe('flqdetails');
    expect(subpageForKind('/incentiveplan/femtravelplan', 'lddMarkets')).toBe('lddmarketdetails');
    expect(subpageForKind('/incentiveplan/emtravelplan', 'flqMonths')).toBeNull();
    expect(subpageForKind('/incentiveplan/seminars', 'score')).toBe('components');
  });
});
