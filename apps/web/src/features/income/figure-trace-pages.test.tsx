// "How is this calculated?" on the income pages opens the trace of that figure with the page's
// own numbers: the withholding's steps, a statement item's base × rate, the year's tax.
import type { AnnualTaxableData, PretaxData, StatementData } from '@abo/contract';
import { remunerationWithholdingDetail } from '@abo/plan';
import { fireEvent, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../i18n/index.ts';
import { annualTaxableQuery } from './api/get-annual-taxable.ts';
import { pretaxQuery } from './api/get-pretax.ts';
import { statementQuery } from './api/get-statement.ts';
import { appRoot, renderPage } from '../../testing/render-page.tsx';
import { ITEM_BASE, OCT_2026_STATEMENT, PROMOTION_DIFFERENTIAL, RUBY_UNMET } from './income.test-support.ts';

vi.mock('../../lib/chart.ts', () => ({
  Chart: class {
    destroy() {}
  },
}));
vi.stubGlobal('fetch', () => new Promise<never>(() => undefined));
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: vi.fn(), clear: vi.fn() } }));

let PretaxDetailsPage: () => ReactNode;
let CommissionDetailPage: () => ReactNode;
let AnnualTaxablePage: () => ReactNode;
beforeAll(async () => {
  initI18n('en-US');
  await i18n.changeLanguage('en-US');
  PretaxDetailsPage = (await import('./pretaxdetails-page.tsx')).default;
  CommissionDetailPage = (await import('./commissiondetail-page.tsx')).default;
  AnnualTaxablePage = (await import('./annualtaxable-page.tsx')).default;
});
afterAll(() => {
  void i18n.changeLanguage('zh-CN');
});

function show(page: ReactNode, data: [readonly unknown[], unknown][]) {
  return renderPage(page, { data, fresh: true, container: appRoot() });
}

const withholding = remunerationWithholdingDetail(1_234_567);

async function openTrace(name: RegExp, title: string) {
  fireEvent.click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog', { name: title }, { timeout: 5000 });
}

describe('figure traces on the income pages', () => {
  it('/income/pretaxdetails: the tax’s trace works the month’s withholding out', async () => {
    const pretax: PretaxData = {
      month: '2026-10',
      months: ['2026-10'],
      paidOn: '2026-11-15',
      pretaxFen: withholding.pretaxFen,
      taxFen: withholding.taxFen,
      netFen: withholding.pretaxFen - withholding.taxFen,
      withholding,
      payeeName: 'Platinum',
      bankCardMasked: '622* **** *45',
      bankName: 'Bank',
      nationalIdMasked: '110***********1234',
    };
    show(<PretaxDetailsPage />, [[pretaxQuery().queryKey, pretax]]);
    const dialog = await openTrace(/^How is this calculated\? How the tax was withheld$/, 'Tax withheld · Oct 2026');
    expect(dialog).toHaveAccessibleDescription('Tax ¥1,975.31 = (¥12,345.67 − ¥2,469.13) × 20%');
    expect(dialog).toHaveTextContent('Deduction (20%)− ¥2,469.13');
  });

  it('/income/commissiondetail: each item’s trace is that item’s base × rate = amount', async () => {
    const statement: StatementData = {
      month: '2026-10',
      py: '26/27',
      months: ['2026-10'],
      paidOn: '2026-11-15',
      volume: { ppv: 300, gpv: 8009, pgpv: 8009, bracketPercent: 18, qLegs: 0 },
      items: [
        {
          code: 'RUBY',
          subCode: null,
          name: { zh: '红宝石服务费', en: 'Ruby service fee' },
          baseBvFen: 25_300_000,
          rateBp: 200,
          amountFen: 506_000,
          note: null,
          legCount: 0,
          leadership: null,
          share: null,
          derivation: { kind: 'product', baseTimesRate: true },
        },
      ],
      pretaxFen: withholding.pretaxFen,
      taxFen: withholding.taxFen,
      netFen: withholding.pretaxFen - withholding.taxFen,
      withholding,
    };
    show(<CommissionDetailPage />, [[statementQuery(undefined, 'commissiondetail').queryKey, statement]]);
    const ruby = await openTrace(/^How is this calculated\? Ruby service fee$/, 'Ruby service fee · Oct 2026');
    expect(ruby).toHaveAccessibleDescription('¥5,060.00 = ¥253,000.00 × 2%');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    const bracket = await openTrace(/^How is this calculated\? Performance bracket$/, 'Performance bracket · Oct 2026');
    expect(bracket).toHaveAccessibleDescription('Group PV 8,009 = personal PV 300 + legs 7,709 → 18% (7,000 – 9,999 PV)');
  });

  it('/income/commissiondetail: the promotion fee is the differential with its lines a link away, an unmet Ruby no product (issue #31)', async () => {
    const statement: StatementData = {
      ...OCT_2026_STATEMENT,
      months: ['2026-10'],
      items: [
        PROMOTION_DIFFERENTIAL,
        RUBY_UNMET,
        {
          ...ITEM_BASE,
          code: 'PEARL',
          name: { zh: '明珠服务费', en: 'Pearl service fee' },
          baseBvFen: 2_000_000,
          rateBp: 100,
          amountFen: 20_000,
          derivation: { kind: 'product', baseTimesRate: true },
        },
      ],
      pretaxFen: 1_669_790,
      taxFen: 0,
      netFen: 1_669_790,
      withholding,
    };
    const { container } = show(<CommissionDetailPage />, [[statementQuery(undefined, 'commissiondetail').queryKey, statement]]);
    const promotion = (await screen.findByRole('region', { name: 'Market promotion service fee' })).querySelector('dl')!;
    expect(promotion.textContent).toBe(
      'Group BV¥149,960.00Your bracket21%less each leg’s own bracket (not the two multiplied)Leg by legAmount¥16,497.90',
    );
    expect(screen.getByRole('link', { name: 'Market promotion service fee of Oct 2026 · Leg by leg' })).toHaveAttribute(
      'href',
      '/income/promotionservicefee?month=2026-10',
    );
    expect(container.querySelector('#item-RUBY dl')!.textContent).toBe(
      'Base (BV)¥100,000.00Rate2%ConditionNot met this month: nothing paidAmount¥0.00',
    );
    expect(container.querySelector('#item-PEARL dl')!.textContent).toBe('Base (BV)¥20,000.00Rate1%Base × rate¥20,000.00 × 1% = ¥200.00');
    const ruby = await openTrace(/^How is this calculated\? Ruby service fee$/, 'Ruby service fee · Oct 2026');
    expect(ruby).toHaveAccessibleDescription('¥0.00: the condition is not met this month, nothing paid');
  });

  it('/income/annualtaxable: the year’s tax trace from gross to the balance', async () => {
    const annual: AnnualTaxableData = {
      year: '2026',
      years: ['2026'],
      months: [],
      statements: [],
      complete: true,
      grossFen: 20_000_000,
      incomeRatioPercent: 80,
      incomeFen: 16_000_000,
      basicDeductionFen: 6_000_000,
      taxableFen: 10_000_000,
      ratePercent: 10,
      quickDeductionFen: 252_000,
      annualTaxFen: 748_000,
      withheldFen: 3_000_000,
      balanceFen: -2_252_000,
    };
    show(<AnnualTaxablePage />, [[annualTaxableQuery().queryKey, annual]]);
    const dialog = await openTrace(/^How is this calculated\? Annual tax$/, 'Annual tax · 2026');
    expect(dialog).toHaveAccessibleDescription(
      'Annual tax ¥7,480.00 = ¥100,000.00 × 10% − ¥2,520.00; less ¥30,000.00 withheld: to refund ¥22,520.00',
    );
    // The band is the engine's (the statutory comprehensive-income table).
    expect(dialog).toHaveTextContent('over ¥36,000.00 up to ¥144,000.00, rate 10%, quick deduction ¥2,520.00');
  });
});
