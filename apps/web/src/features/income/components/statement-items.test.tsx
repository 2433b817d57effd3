import type { StatementData } from '@abo/contract';
import { act, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../../i18n/index.ts';
import { StatementItems } from './statement-items.tsx';
import { ITEM_BASE, OCT_2026_STATEMENT, PROMOTION_DIFFERENTIAL, RUBY_UNMET } from '../income.test-support.ts';

// The promotion fee's lines are a link away: the table is shown inside a router, as on its page.
const inRouter = (node: ReactNode) => render(<MemoryRouter>{node}</MemoryRouter>);

const statement: StatementData = {
  ...OCT_2026_STATEMENT,
  months: ['2026-10'],
  items: [
    {
      code: 'ADJUSTMENT',
      subCode: 'RETURN',
      name: { zh: '退货', en: 'Return' },
      baseBvFen: 0,
      rateBp: 0,
      amountFen: -500,
      note: { zh: '十月退货', en: 'October return' },
      legCount: 0,
      leadership: null,
      share: null,
      derivation: { kind: 'stated', baseTimesRate: false },
    },
    {
      code: 'RUBY',
      subCode: null,
      name: { zh: '红宝石服务费', en: 'Ruby service fee' },
      baseBvFen: 100_000,
      rateBp: 200,
      amountFen: 2_000,
      note: null,
      legCount: 0,
      leadership: null,
      share: null,
      derivation: { kind: 'product', baseTimesRate: true },
    },
    {
      code: 'EMERALD_ANNUAL',
      subCode: null,
      name: { zh: '翡翠年度奖金', en: 'Emerald annual bonus' },
      baseBvFen: 2_300_000_000,
      rateBp: 30,
      amountFen: 3_450_000,
      note: null,
      legCount: 0,
      leadership: null,
      share: { fundFen: 6_900_000, units: 36, totalUnits: 72 },
      derivation: { kind: 'share', baseTimesRate: true },
    },
  ],
  pretaxFen: 1_500,
  taxFen: 0,
  netFen: 1_500,
  withholding: { pretaxFen: 1_500, deductionFen: 0, taxableFen: 0, ratePercent: 0, quickDeductionFen: 0, taxFen: 0 },
};

describe('StatementItems', () => {
  beforeAll(async () => {
    initI18n('zh-CN');
    await import('../i18n.ts');
    await import('../servicefee-i18n.ts');
  });

  it("shows each item's { zh, en } name and note in the language chosen, and the page's own note when the item has none", async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    const { unmount } = inRouter(<StatementItems s={statement} />);
    expect(screen.getByText('退货')).toBeTruthy();
    expect(screen.getByText('十月退货')).toBeTruthy();
    expect(screen.getByText('红宝石服务费')).toBeTruthy();
    expect(screen.getByText(/个人小组 PV 达 20,000/)).toBeTruthy();
    unmount();
    await act(() => i18n.changeLanguage('en-US'));
    inRouter(<StatementItems s={statement} />);
    expect(screen.getByText('Return')).toBeTruthy();
    expect(screen.getByText('October return')).toBeTruthy();
    expect(screen.getByText('Ruby service fee')).toBeTruthy();
    expect(screen.getByText(/20,000 personal-group PV/)).toBeTruthy();
    await act(() => i18n.changeLanguage('zh-CN'));
  });

  it('shows an annual bonus as fund × units / all units, and the fund as base × rate where it is', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const { container } = inRouter(<StatementItems s={statement} />);
    const share = container.querySelector('[data-derivation="share"]');
    // fund × your units / all units = amount, and the fund is base × rate (the BFF found it holds).
    expect(share?.textContent).toBe('fund ¥69,000.00 × 36 / 72 units= ¥34,500.00fund = ¥23,000,000.00 × 0.3%');
    expect(container.querySelectorAll('[data-derivation="share"]')).toHaveLength(1);
    await act(() => i18n.changeLanguage('zh-CN'));
  });

  it('shows a claw-back month: the negative fee, the debit carried forward, and nothing paid', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const item = (code: string, name: string, amountFen: number) => ({
      code,
      subCode: null,
      name: { zh: name, en: name },
      baseBvFen: 0,
      rateBp: 0,
      amountFen,
      note: null,
      legCount: 0,
      leadership: null,
      share: null,
      derivation: { kind: code === 'PROMOTION' ? ('differential' as const) : ('stated' as const), baseTimesRate: false },
    });
    const october: StatementData = {
      ...statement,
      items: [item('PROMOTION', 'Market promotion service fee', -414_000), item('DEBIT_CARRIED_FORWARD', 'Debit carried forward', 414_000)],
      pretaxFen: 0,
      taxFen: 0,
      netFen: 0,
      withholding: { ...statement.withholding, pretaxFen: 0 },
    };
    const { container } = inRouter(<StatementItems s={october} />);
    expect(container.querySelector('[data-item-fen="-414000"]')?.textContent).toMatch(/-¥4,140\.00|−¥4,140\.00|¥-4,140\.00/);
    expect(screen.getByText(/nothing is paid, and the debit is taken from the next statement/)).toBeTruthy();
    expect(container.querySelector('[data-net-fen="0"]')).toBeTruthy();
    await act(() => i18n.changeLanguage('zh-CN'));
  });

  it('shows base × rate only where it is the amount: the promotion differential, leadership and an unmet Ruby are no product (issue #31)', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const issue: StatementData = {
      ...statement,
      items: [
        PROMOTION_DIFFERENTIAL,
        {
          ...ITEM_BASE,
          code: 'LEADERSHIP',
          name: { zh: '领导服务费', en: 'Leadership service fee' },
          baseBvFen: 3_750_000,
          rateBp: 400,
          amountFen: 120_000,
          leadership: { inFen: 150_000, ownFen: 0, upFen: 30_000 },
          derivation: { kind: 'leadership', baseTimesRate: true },
        },
        RUBY_UNMET,
        { ...statement.items[1]!, derivation: { kind: 'product', baseTimesRate: true } },
        // An answer from before the BFF said how: base and rate, and no product claimed.
        { ...statement.items[1]!, code: 'PEARL', name: { zh: '明珠服务费', en: 'Pearl service fee' }, derivation: null },
      ],
    };
    const { container } = inRouter(<StatementItems s={issue} />);
    const calc = (kind: string) => container.querySelector(`[data-derivation="${kind}"]`)!;
    const promotion = calc('differential');
    expect(promotion).toHaveTextContent('Group BV ¥149,960.00 at your bracket 21%');
    expect(promotion).toHaveTextContent('less each leg’s own bracket');
    expect(promotion.textContent).not.toMatch(/×\s*21%|= ¥16,497\.90/);
    expect(
      within(promotion as HTMLElement).getByRole('link', {
        name: 'Market promotion service fee of Oct 2026 · Leg by leg: each line BV × differential',
      }),
    ).toHaveAttribute('href', '/income/promotionservicefee?month=2026-10');
    // Leadership: received + own − passed up = kept, and what came up is base × 4 % (it holds here).
    expect(calc('leadership').textContent).toBe(
      'passed up to you ¥1,500.00(¥37,500.00 × 4%)+ your 21% group ¥0.00− passed up to your sponsor ¥300.00= ¥1,200.00',
    );
    // Ruby in a month its condition is not met: base, rate and why, no "×".
    const ruby = calc('unmet');
    expect(ruby.textContent).toBe('Base (BV) ¥100,000.00Rate 2%Condition not met this month: nothing paid (the note says why)');
    expect(screen.getByText('personal-group PV below 20,000')).toBeInTheDocument();
    // Where base × rate is the amount it says so, to the fen.
    expect(calc('product').textContent).toBe('¥1,000.00 × 2%= ¥20.00');
    expect(calc('unknown').textContent).toBe('Base (BV) ¥1,000.00Rate 2%');
    // Nowhere a "×" beside an amount it does not make.
    expect(container.querySelector('thead')).toHaveTextContent('Calculation');
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(calc('differential')).toHaveTextContent('小组总 BV ¥149,960.00，本人档次 21%');
    expect(calc('unmet')).toHaveTextContent('本月条件未达成，不发放');
  });
});
