import type { AchMonth, AchMonthsData, AchOverviewData } from '@abo/contract';
import { addMonths } from '@abo/plan';
import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../i18n/index.ts';
import { monthsQuery } from './api/get-months.ts';
import { overviewQuery } from './api/get-overview.ts';
import { renderPage } from '../../testing/render-page.tsx';

// The pages register their texts when they load: after i18next is set up (beforeAll).
let AchievementPage: () => ReactNode;
let ApvPage: () => ReactNode;
let SelfPage: () => ReactNode;

// Chart.js needs a real canvas; what it would draw is SimpleChart's own test.
vi.mock('../../lib/chart.ts', () => ({
  Chart: class {
    destroy() {}
  },
}));

/** The Diamond's last 12 months as the BFF answers them: Dec 2025 … Oct 2026 closed, Nov 2026 open. */
function months(): AchMonth[] {
  const list = Array.from({ length: 12 }, (_, i) => addMonths('2025-12', i));
  return list.map((month, i) => {
    const open = i === list.length - 1;
    // The open month: no leg has reached 21 % yet, so their volume is still in the APV; it is
    // an SP month so far.
    const apv = open ? 55_785 : 4_300;
    return {
      month,
      state: open ? 'open' : 'closed',
      ppv: open ? 100 : 1_500,
      gpv: 80_000,
      pgpv: apv,
      apv,
      bracket: 21,
      isQ: true,
      qLegs: open ? 0 : 7,
      isSp: month !== '2026-02',
      bvFen: 0,
      newCustomers: 0,
      compliant: !open && month !== '2026-10',
    };
  });
}

function show(page: ReactNode, data: { months?: AchMonthsData; overview?: AchOverviewData }) {
  const cached: [readonly unknown[], unknown][] = [];
  if (data.months) cached.push([monthsQuery(12).queryKey, data.months]);
  if (data.overview) cached.push([overviewQuery().queryKey, data.overview]);
  return renderPage(page, { data: cached, fresh: true });
}

const monthsData = (): AchMonthsData => ({
  month: '2026-11',
  py: '26/27',
  months: months(),
  sp: { apvAlone: 10_000, apvWithOneQLeg: 4_000, qLegsAlone: 2 },
});

beforeAll(async () => {
  initI18n('en-US');
  await i18n.changeLanguage('en-US');
  AchievementPage = (await import('./achievement-page.tsx')).default;
  ApvPage = (await import('./apv-page.tsx')).default;
  SelfPage = (await import('./self-page.tsx')).default;
});
afterAll(() => {
  void i18n.changeLanguage('zh-CN');
});

describe('achievement pages: the open month counts so far, as the plans count it, and says so', () => {
  it('APV page: SP months this PY include this month so far, and its row says "to date"', async () => {
    show(<ApvPage />, { months: monthsData() });
    // Sep, Oct and Nov so far: 3, the seminar plan's SP/PQ count (summarizeHistory).
    const sp = (await screen.findByText('SP months this PY (this month to date included)')).closest('.figure-block')!;
    expect(within(sp as HTMLElement).getByText('3')).toBeInTheDocument();
    const cum = screen.getByText('Cumulative APV this PY (this month to date included) · 26/27').closest('.figure-block')!;
    expect(cum).toHaveTextContent('64,385');
    const nov = screen.getByRole('rowheader', { name: 'Nov 2026 (to date)' }).closest('tr')!;
    expect(nov).toHaveTextContent('✓ Yes (to date)');
  });

  it('self page: compliant months count like the plans’ compliance months', async () => {
    show(<SelfPage />, { months: monthsData() });
    const c = (await screen.findByText('Compliant months (this month to date included)')).closest('.figure-block')!;
    // Dec … Sep compliant (10), Oct not, Nov so far not.
    expect(within(c as HTMLElement).getByText('10')).toBeInTheDocument();
    const nov = screen.getByRole('rowheader', { name: 'Nov 2026 (to date)' }).closest('tr')!;
    expect(nov).toHaveTextContent('– No (to date)');
  });

  it('overview chart: the open month is marked so far, its figure given as it is above the closed months’ scale', async () => {
    const m = months();
    show(<AchievementPage />, {
      overview: {
        maskedAda: '100******02',
        fullName: 'Diamond',
        pinCode: 380,
        pinName: { zh: '钻石', en: 'Diamond' },
        pinMonth: '2024-05',
        py: '26/27',
        month: '2026-11',
        current: m[m.length - 1]!,
        nextPin: null,
        targetPin: null,
        remainingMonths: 10,
        months: m,
      },
    });
    const note = '* Nov 2026: so far, the month is not closed yet; above the closed months’ scale (55,785)';
    expect(await screen.findByText(note)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Bar chart of APV/ })).toHaveAccessibleName(`Bar chart of APV over the last 12 months. ${note}`);
  });
});
