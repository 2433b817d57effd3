// The generic plan page names itself from its route before the plan arrives.
import { PLANS } from '@abo/plan';
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { routeTable } from '../../app/routes.ts';
import { i18n } from '../../i18n/index.ts';
import { planTitleKey, resolvePlanPage } from './plan-routes.ts';
import { renderPage } from '../../testing/render-page.tsx';
import { pageInEnglish } from '../../testing/in-english.ts';

// The plan never arrives: what the title bar shows while it loads.
vi.stubGlobal('fetch', () => new Promise<never>(() => undefined));
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: vi.fn(), clear: vi.fn() } }));

const PlanPage = pageInEnglish(() => import('./plan-page.tsx'));

function show(path: string) {
  return renderPage(<PlanPage />, { at: path });
}

const planPaths = routeTable.filter((r) => r.page === 'incentive/plan-page.tsx').map((r) => r.path);

describe('plan page title', () => {
  it('shows the route’s own title while the plan loads, in both languages', async () => {
    show('/incentiveplan/seminars');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Seminars$/);
    expect(document.title).toMatch(/^Seminars · /);
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^研讨会$/);
    await act(() => i18n.changeLanguage('en-US'));
  });

  it('names a subpage and a type page by their plan route too', () => {
    const { unmount } = show('/incentiveplan/seminars/pqdetails');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^PQ details · Seminars$/);
    unmount();
    show('/incentiveplan/type/seminar?year=25/26');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Seminars$/);
  });

  it('every plan route of the route table has a title of its own in both languages', () => {
    expect(planPaths.length).toBeGreaterThan(40);
    for (const path of planPaths) {
      const route = resolvePlanPage(path).planRoute;
      if (!route) continue; // type/detail without a plan: titled "Plan details"
      for (const lng of ['zh-CN', 'en-US']) {
        const key = planTitleKey(route);
        expect(i18n.exists(key, { ns: 'incentive', lng }), `${path} ${lng}`).toBe(true);
      }
    }
  });

  it('the route’s title is what the plan’s name says, without the edition', () => {
    for (const plan of PLANS) {
      if (plan.route === '/incentiveplan/type/detail') continue;
      const key = planTitleKey(plan.route);
      expect(plan.name.zh.startsWith(i18n.t(key, { ns: 'incentive', lng: 'zh-CN' })), plan.code).toBe(true);
      expect(plan.name.en.startsWith(i18n.t(key, { ns: 'incentive', lng: 'en-US' })), plan.code).toBe(true);
    }
  });

  it('a plan detail without its plan yet says so generically', () => {
    show('/incentiveplan/type/detail?code=SEMINAR_2526');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Plan details$/);
  });
});
