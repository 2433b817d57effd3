// The legs that could close an FLQ or LDD gap (issue #22): from the plan's criterion, one tap to the
// nearest legs with what each still needs, a star for the watchlist, and member tracking.
import type { CriterionData, GapLegRow, GapLegsData, PlanData, WatchlistData } from '@abo/contract';
import { pyMonths } from '@abo/plan';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../../i18n/index.ts';
import { ApiError } from '../../../../lib/api-client.ts';
import { setSession } from '../../../../lib/storage.ts';
import { CriterionRow } from '../criterion-row.tsx';
import { renderPage } from '../../../../testing/render-page.tsx';
import { legShortOfQ } from '../../../../testing/member-rows.ts';

const post = vi.fn();
vi.mock('../../../../lib/api-client.ts', async (original) => ({
  ...(await original<object>()),
  post: (...args: unknown[]) => post(...args),
}));

beforeAll(async () => {
  initI18n('en-US');
  await act(() => i18n.changeLanguage('en-US'));
  await import('../../i18n.ts');
  await import('../../plan-i18n.ts');
});

const leg = (i: number, over: Partial<GapLegRow> = {}): GapLegRow => ({
  ...legShortOfQ(i, 8_000),
  qMonths: 1,
  monthsNeeded: 1,
  ...over,
});
const answer = (over: Partial<GapLegsData>): GapLegsData => ({
  code: 'FEM_TRAVEL_2627',
  py: '26/27',
  kind: 'flqMonths',
  month: '2026-11',
  periodState: 'open',
  qThreshold: 10_000,
  legQMonths: 6,
  counting: 2,
  total: 2,
  rows: [leg(1, { pvToQ: 450, gpv: 9_550, progressPct: 95 }), leg(2, { pvToQ: 3_500, gpv: 6_500, progressPct: 65 })],
  ...over,
});
const watchlist: WatchlistData = { py: '26/27', month: '2026-11', qThreshold: 10_000, max: 50, noteMax: 200, rows: [] };

const criterion = (over: Partial<CriterionData>): CriterionData => ({
  kind: 'flqMonths',
  label: { zh: 'FLQ月 ≥ 12', en: 'FLQ months ≥ 12' },
  unit: { zh: '个月', en: 'months' },
  required: 12,
  achieved: 3,
  met: false,
  status: 'atRisk',
  gap: null,
  trace: [],
  ...over,
});
const plan = (periodState: PlanData['periodState'] = 'open') =>
  ({
    code: 'FEM_TRAVEL_2627',
    periodState,
    legs: [],
    route: '/incentiveplan/femtravelplan',
    py: '26/27',
    months: pyMonths('26/27'),
  }) as unknown as PlanData;

function show(c: CriterionData, p: PlanData) {
  renderPage(
    <ul>
      <CriterionRow c={c} planRoute={p.route} py={p.py} plan={p} />
    </ul>,
  );
}

function serve(gap: GapLegsData | Error) {
  post.mockImplementation(async (path: string) => {
    if (path === '/bff/v1/incentive/market/watchlist') return watchlist;
    if (path === '/bff/v1/incentive/plan/gapLegs') {
      if (gap instanceof Error) throw gap;
      return gap;
    }
    throw new Error(`unexpected ${path}`);
  });
}

const BUTTON = 'Legs that could close the gap';

beforeEach(() => {
  post.mockReset();
  setSession('channel', 'ebiz');
});

describe('from a plan’s FLQ gap', () => {
  it('one tap shows the nearest legs, each with its PV to Q, a star and its market details', async () => {
    serve(answer({}));
    show(criterion({}), plan());
    const button = screen.getByRole('button', { name: BUTTON });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(post).not.toHaveBeenCalledWith('/bff/v1/incentive/plan/gapLegs', expect.anything());
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const list = await screen.findByRole('list', { name: BUTTON });
    expect(post).toHaveBeenCalledWith('/bff/v1/incentive/plan/gapLegs', { code: 'FEM_TRAVEL_2627', kind: 'flqMonths' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/Li 1.*450 PV to Q/),
      expect.stringMatching(/Li 2.*3,500 PV to Q/),
    ]);
    expect(within(rows[0]!).getByRole('link', { name: /Open market details of Li 1/ })).toHaveAttribute(
      'href',
      '/incentiveplan/marketdetails?ref=m1',
    );
    expect(await within(rows[0]!).findByRole('button', { name: 'Watch Li 1' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText(/2 legs are Q this month and count one FLQ month each/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All frontline legs in member tracking' })).toHaveAttribute(
      'href',
      '/incentiveplan/marketmembertracking?sort=pvToQ&q=notQ&levelMax=1',
    );
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list', { name: BUTTON })).toBeNull();
  });

  it('says how many more there are than the nearest shown', async () => {
    serve(answer({ total: 31 }));
    show(criterion({}), plan());
    fireEvent.click(screen.getByRole('button', { name: BUTTON }));
    expect(await screen.findByText('The nearest 2 of 31')).toBeInTheDocument();
  });

  it('says so when every frontline leg is Q this month', async () => {
    serve(answer({ rows: [], total: 0, counting: 4 }));
    show(criterion({}), plan());
    fireEvent.click(screen.getByRole('button', { name: BUTTON }));
    expect(await screen.findByText('Every frontline leg is Q this month.')).toBeInTheDocument();
  });

  it('offers a retry when the list cannot load', async () => {
    serve(new ApiError(0, 'offline', 'transport'));
    show(criterion({}), plan());
    fireEvent.click(screen.getByRole('button', { name: BUTTON }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The legs could not be loaded.');
    serve(answer({}));
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: BUTTON })).toBeInTheDocument();
  });
});

describe('from a plan’s LDD gap', () => {
  it('lists legs by the Q months each still needs by the period’s end', async () => {
    serve(
      answer({
        kind: 'lddMarkets',
        counting: 0,
        rows: [
          leg(1, { qMonths: 4, monthsNeeded: 2, isQ: true, pvToQ: 0, progressPct: 100, gpv: 12_000 }),
          leg(2, { qMonths: 1, monthsNeeded: 5 }),
        ],
      }),
    );
    show(criterion({ kind: 'lddMarkets' }), plan());
    fireEvent.click(screen.getByRole('button', { name: BUTTON }));
    const rows = within(await screen.findByRole('list', { name: BUTTON })).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('4/6 Q months · 2 more');
    expect(rows[0]).toHaveTextContent('Q this month ✓');
    expect(rows[1]).toHaveTextContent('1/6 Q months · 5 more');
    expect(rows[1]).toHaveTextContent('2,000 PV to Q this month');
    expect(screen.getByText(/^No leg has 6 Q months yet .* can still get there by Aug 2027/)).toBeInTheDocument();
  });

  it('is not offered once met, closed, out of reach, or for other criteria', () => {
    serve(answer({}));
    for (const [c, p] of [
      [criterion({ met: true, status: 'met' }), plan()],
      [criterion({}), plan('closed')],
      [criterion({ status: 'outOfReach' }), plan()],
      [criterion({ kind: 'apv' }), plan()],
    ] as const) {
      cleanup();
      show(c, p);
      expect(screen.queryByRole('button', { name: BUTTON })).toBeNull();
    }
  });
});
