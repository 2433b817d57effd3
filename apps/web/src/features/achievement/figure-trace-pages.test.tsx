// "How is this calculated?" on the achievement pages opens the trace of the figure beside it, with
// the page's own numbers, not a generic explanation.
import type { AchMonth, AchMonthsData, AchOverviewData, AchTopupData } from '@abo/contract';
import { BASE_RULES, bracketFor } from '@abo/plan';
import { fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../i18n/index.ts';
import { monthsQuery } from './api/get-months.ts';
import { overviewQuery } from './api/get-overview.ts';
import { topupQuery } from './api/get-topup.ts';
import { appRoot, renderPage } from '../../testing/render-page.tsx';

vi.mock('../../lib/chart.ts', () => ({
  Chart: class {
    destroy() {}
  },
}));
vi.stubGlobal('fetch', () => new Promise<never>(() => undefined));

let AchievementPage: () => ReactNode;
let TopupPage: () => ReactNode;
let ApvPage: () => ReactNode;
beforeAll(async () => {
  initI18n('en-US');
  await i18n.changeLanguage('en-US');
  AchievementPage = (await import('./achievement-page.tsx')).default;
  TopupPage = (await import('./topup-page.tsx')).default;
  ApvPage = (await import('./apv-page.tsx')).default;
});
afterAll(() => {
  void i18n.changeLanguage('zh-CN');
});

function show(page: ReactNode, data: [readonly unknown[], unknown][]) {
  return renderPage(page, { data, fresh: true, container: appRoot() });
}

const current: AchMonth = {
  month: '2026-11',
  state: 'open',
  ppv: 300,
  gpv: 8009,
  pgpv: 8009,
  apv: 8009,
  bracket: 18,
  isQ: false,
  qLegs: 0,
  isSp: false,
  bvFen: 345_000,
  newCustomers: 0,
  compliant: true,
};

describe('figure traces on the achievement pages', () => {
  it('/achievement: the bracket’s trace shows the page’s group PV and the engine’s band', async () => {
    const overview: AchOverviewData = {
      maskedAda: '100******01',
      fullName: 'Platinum',
      pinCode: 330,
      pinName: { zh: '白金', en: 'Platinum' },
      pinMonth: '2024-05',
      py: '26/27',
      month: '2026-11',
      current,
      nextPin: null,
      targetPin: null,
      remainingMonths: 10,
      months: [current],
    };
    show(<AchievementPage />, [[overviewQuery().queryKey, overview]]);
    const bracket = (await screen.findByText('Performance bracket', { selector: '.figure-block .muted' })).closest(
      '.figure-block',
    ) as HTMLElement;
    fireEvent.click(within(bracket).getByRole('button', { name: 'How is this calculated?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Performance bracket · Nov 2026' }, { timeout: 5000 });
    expect(bracketFor(BASE_RULES.brackets, 8009)).toBe(18);
    expect(dialog).toHaveAccessibleDescription('Group PV 8,009 = personal PV 300 + legs 7,709 → 18% (7,000 – 9,999 PV)');
  });

  it('/achievement/topup: the SP month’s trace tests the month’s APV and 21 % legs', async () => {
    const topup: AchTopupData = {
      month: '2026-11',
      ppv: 300,
      gpv: 8009,
      pgpv: 8009,
      apv: 8009,
      qLegs: 0,
      bracket: 18,
      isSp: false,
      nextPercent: 21,
      nextMinPv: 10_000,
      pvForNextBracket: 1991,
      pvForSp: 1991,
      daysLeft: 5,
      brackets: BASE_RULES.brackets.map((b) => ({ ...b })),
      sp: { ...BASE_RULES.sp },
    };
    show(<TopupPage />, [[topupQuery().queryKey, topup]]);
    fireEvent.click(await screen.findByRole('button', { name: /^How is this calculated\? SP month/ }));
    const dialog = await screen.findByRole('dialog', { name: 'SP month (Q month) · Nov 2026' }, { timeout: 5000 });
    expect(dialog).toHaveAccessibleDescription('APV 8,009, 21% legs 0 → not an SP month');
    expect(dialog).toHaveTextContent('1,991 more APV would make it one');
  });

  it('/achievement/apv: each month’s SP answer opens that month’s test', async () => {
    const oct: AchMonth = { ...current, month: '2026-10', state: 'closed', apv: 4300, pgpv: 4300, qLegs: 1, isSp: true };
    const data: AchMonthsData = { month: '2026-11', py: '26/27', months: [oct, current], sp: { ...BASE_RULES.sp } };
    show(<ApvPage />, [[monthsQuery(12).queryKey, data]]);
    fireEvent.click(await screen.findByRole('button', { name: 'How is this calculated? SP month Oct 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'SP month (Q month) · Oct 2026' }, { timeout: 5000 });
    expect(dialog).toHaveAccessibleDescription('APV 4,300, 21% legs 1 → an SP month');
    // One trace per month's answer: the summary above does not repeat the latest month's.
    expect(screen.getAllByRole('button', { name: /^How is this calculated\? SP month/ })).toHaveLength(2);
  });
});
