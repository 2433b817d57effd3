// "How is this calculated?" on the incentive and market pages opens the trace of the figure beside
// it — a member's bracket, whether a month or a partner is Q, a month's APV — with the page's own
// numbers, not one of the generic explanation pages.
import type { DetailsData, MonthsData, PartnerRow, PartnersData } from '@abo/contract';
import { BASE_RULES, bracketFor, qThresholdOf } from '@abo/plan';
import { fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../i18n/index.ts';
import { monthsQuery } from './api/months.ts';
import { detailsQuery } from './market/api/get-details.ts';
import { partnersQuery } from './market/api/get-partners.ts';
import type { PartnersView as PartnersViewType } from './market/components/partners-view.tsx';
import { appRoot, renderPage } from '../../testing/render-page.tsx';

vi.stubGlobal('fetch', () => new Promise<never>(() => undefined));

let MarketDetailsPage: () => ReactNode;
let MonthsPage: () => ReactNode;
let PartnersView: typeof PartnersViewType;
beforeAll(async () => {
  initI18n('en-US');
  await i18n.changeLanguage('en-US');
  await import('./i18n.ts');
  await import('./plan-i18n.ts');
  await import('./market/i18n.ts');
  MarketDetailsPage = (await import('./market/market-details-page.tsx')).default;
  MonthsPage = (await import('./months-page.tsx')).default;
  PartnersView = (await import('./market/components/partners-view.tsx')).PartnersView;
});
afterAll(() => {
  void i18n.changeLanguage('zh-CN');
});

function show(page: ReactNode, path: string, data: [readonly unknown[], unknown][]) {
  return renderPage(page, { at: path, data, fresh: true, container: appRoot() });
}

/** Opens the trace behind the button (its popup is a chunk of its own, loaded on the first tap). */
async function open(name: string | RegExp, title: string | RegExp) {
  fireEvent.click(screen.getByRole('button', { name }));
  return screen.findByRole('dialog', { name: title }, { timeout: 5000 });
}

/** An input of a trace: the value beside its label. */
const input = (dialog: HTMLElement, label: string) => within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling;

const person = {
  maskedName: { zh: '王*明', en: 'Wang *ming' },
  maskedAda: '200******07',
  pinCode: 310,
  joinDate: '2021-03-01',
};

const details: DetailsData = {
  self: false,
  member: { ...person, ref: 'm7', level: 1, sponsorMaskedName: { zh: '张*', en: 'Zhang ***' }, downlineSize: 12, frontlineCount: 2 },
  py: '26/27',
  month: '2026-11',
  qThreshold: 10_000,
  current: { gpv: 8_296, pgpv: 8_296, progressPct: 82, bracket: 18, isQ: false, pvToQ: 1_704, nextBracket: 21, pvToNextBracket: 1_704 },
  qMonthsPy: 1,
  months: [
    { month: '2026-09', state: 'closed', ppv: 200, gpv: 6_100, pgpv: 6_100, apv: 6_100, bracket: 15, isQ: false, qLegs: 0 },
    { month: '2026-10', state: 'closed', ppv: 350, gpv: 12_500, pgpv: 12_500, apv: 12_500, bracket: 21, isQ: true, qLegs: 0 },
    { month: '2026-11', state: 'open', ppv: 296, gpv: 8_296, pgpv: 8_296, apv: 8_296, bracket: 18, isQ: false, qLegs: 0 },
  ],
  legs: [],
};

describe('figure traces on the market details page', () => {
  it('the headline bracket and Q open this month’s traces with the member’s own volumes', async () => {
    show(<MarketDetailsPage />, '/incentiveplan/marketdetails?ref=m7', [[detailsQuery('m7', null).queryKey, details]]);
    // The sponsor line names the sponsor as an English page does: in Latin letters.
    expect(screen.getByText(/· Sponsor Zhang \*\*\*$/)).toBeInTheDocument();
    // The thresholds are the engine's, for the month's PY.
    expect(bracketFor(BASE_RULES.brackets, 8_296)).toBe(18);
    expect(qThresholdOf('26/27')).toBe(10_000);

    const bracket = await open('How is this calculated? Bracket', 'Performance bracket · Nov 2026');
    expect(bracket).toHaveAccessibleDescription('Group PV 8,296 = personal PV 296 + legs 8,000 → 18% (7,000 – 9,999 PV)');
    expect(input(bracket, 'Group PV')).toHaveTextContent('8,296 PV');
    expect(bracket).toHaveTextContent('1,704 more PV reach 21%');
    fireEvent.click(within(bracket).getByRole('button', { name: 'Close' }));

    // Whose figures they are is in the title: this is another member's page.
    const q = await open('How is this calculated? Q status', 'Q status of Wang *ming · Nov 2026');
    expect(q).toHaveAccessibleDescription('Group PV 8,296 < 10,000 → not Q');
    expect(input(q, 'Personal PV')).toHaveTextContent('296 PV');
    expect(input(q, 'Group PV')).toHaveTextContent('8,296 PV');
    expect(input(q, 'Q threshold (21% bracket)')).toHaveTextContent('10,000 PV');
    expect(q).toHaveTextContent('1,704 more PV would make it Q.');
    expect(within(q).getByRole('link', { name: 'Read more' })).toHaveAttribute('href', '/descpage?code=Q_MONTH');
    // No generic explanation left beside the figures.
    expect(screen.queryByRole('link', { name: 'How is this calculated?' })).toBeNull();
  });

  it('each month of the table traces its own Q answer', async () => {
    show(<MarketDetailsPage />, '/incentiveplan/marketdetails?ref=m7', [[detailsQuery('m7', null).queryKey, { ...details, self: true }]]);
    const oct = (await screen.findByRole('rowheader', { name: 'Oct 2026' })).closest('tr')!;
    fireEvent.click(within(oct).getByRole('button', { name: 'How is this calculated? Q status Oct 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Q status · Oct 2026' }, { timeout: 5000 });
    expect(dialog).toHaveAccessibleDescription('Group PV 12,500 ≥ 10,000 → Q (21%)');
    expect(dialog).not.toHaveTextContent('more PV would make it Q');
    // This month's Q is the headline's figure: explained there, once, not again in its row.
    const nov = screen.getByRole('rowheader', { name: /^Nov 2026/ }).closest('tr')!;
    expect(within(nov).queryByRole('button', { name: /^How is this calculated\?/ })).toBeNull();
    expect(screen.getAllByRole('button', { name: /^How is this calculated\? Q status/ })).toHaveLength(3);
  });
});

describe('figure traces on the incentive month views', () => {
  it('/incentiveplan/includedcalc: each month’s bracket and APV open that month’s trace; PV stays a term', async () => {
    const data: MonthsData = {
      py: '26/27',
      today: '2026-11',
      years: ['26/27'],
      compliancePpv: 100,
      records: [
        {
          month: '2026-10',
          state: 'closed',
          present: true,
          ppv: 300,
          gpv: 25_000,
          pgpv: 4_800,
          apv: 4_800,
          bracket: 21,
          isQ: true,
          qLegs: 2,
          isSp: true,
          isPq: true,
          compliant: true,
          newCustomers: 0,
          points: 0,
          pinCode: 330,
        },
      ],
    };
    show(<MonthsPage />, '/incentiveplan/includedcalc', [[monthsQuery().queryKey, data]]);
    await screen.findByRole('rowheader', { name: 'Oct 2026' });
    const bracket = await open('How is this calculated? Bracket Oct 2026', 'Performance bracket · Oct 2026');
    expect(bracket).toHaveAccessibleDescription('Group PV 25,000 = personal PV 300 + legs 24,700 → 21% (10,000 PV and up)');
    fireEvent.click(within(bracket).getByRole('button', { name: 'Close' }));
    const apv = await open('How is this calculated? APV Oct 2026', 'APV · Oct 2026');
    expect(apv).toHaveAccessibleDescription('APV 4,800 = group PV 25,000 − 21% legs 20,200');
    expect(screen.getByRole('link', { name: 'How is this calculated?' })).toHaveAttribute('href', '/descpage?code=PV_BV');
  });
});

describe('figure traces on the partner pages', () => {
  const partner = (i: number, over: Partial<PartnerRow> = {}): PartnerRow => ({
    ...person,
    ref: `m${i}`,
    maskedName: { zh: `李*${i}`, en: `Li ${i}` },
    level: 1,
    ppv: 150,
    gpv: 9_100,
    pgpv: 9_100,
    bracket: 18,
    isQ: false,
    pvToQ: 900,
    progressPct: 91,
    qByMonth: [false, false, false],
    qMonthsPy: 0,
    trend: [0, 0, 0, 0, 0, 9_100],
    qMonthsToSix: 6,
    downlineSize: 3,
    keyReason: 'nearQ',
    ...over,
  });
  const partners = (view: PartnersData['view'], rows: PartnerRow[]): PartnersData => ({
    view,
    py: '26/27',
    month: '2026-11',
    monthOpen: true,
    openMonth: '2026-11',
    months: ['2026-09', '2026-10', '2026-11'],
    monthsLeft: 10,
    qThreshold: 10_000,
    frontlineCount: rows.length,
    summary: { qThisMonth: 0, nearQ: 1, sixPlus: 0 },
    rows,
  });

  it('each partner’s Q opens their trace, from their group PV; the key view has it beside the gap', async () => {
    const rows = [partner(1), partner(2, { ppv: 400, gpv: 11_000, pgpv: 3_000, bracket: 21, isQ: true, pvToQ: 0, keyReason: null })];
    show(<PartnersView view="monthly" />, '/incentiveplan/trackingpartnersmonthly', [
      [partnersQuery('monthly').queryKey, partners('monthly', rows)],
    ]);
    await screen.findByRole('table');
    const q = await open('How is this calculated? Q status Li 2', 'Q status of Li 2 · Nov 2026');
    // Q by the group PV, though the personal-group PV is below the threshold.
    expect(q).toHaveAccessibleDescription('Group PV 11,000 ≥ 10,000 → Q (21%)');
    expect(input(q, 'Frontline legs’ group PV')).toHaveTextContent('10,600 PV');
    fireEvent.click(within(q).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('link', { name: 'How is this calculated?' })).toBeNull();
  });

  it('the key coaching view, without a Q column, traces the gap to Q', async () => {
    show(<PartnersView view="keyMonthly" />, '/incentiveplan/keycoachingpartnersmonthly', [
      [partnersQuery('keyMonthly').queryKey, partners('keyMonthly', [partner(1)])],
    ]);
    const table = await screen.findByRole('table');
    expect(within(table).queryByRole('columnheader', { name: /^Q status/ })).toBeNull();
    const row = table.querySelector('tbody tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'How is this calculated? Q status Li 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Q status of Li 1 · Nov 2026' }, { timeout: 5000 });
    expect(dialog).toHaveAccessibleDescription('Group PV 9,100 < 10,000 → not Q');
    expect(dialog).toHaveTextContent('900 more PV would make it Q.');
  });
});
