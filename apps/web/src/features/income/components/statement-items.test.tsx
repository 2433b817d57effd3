import type { StatementData } from '@abo/contract';
import { act, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../../i18n/index.ts';
import { StatementItems } from './statement-items.tsx';

const statement: StatementData = {
  month: '2026-10',
  py: '26/27',
  months: ['2026-10'],
  paidOn: '2026-11-15',
  volume: null,
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
  });

  it("shows each item's { zh, en } name and note in the language chosen, and the page's own note when the item has none", async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    const { unmount } = render(<StatementItems s={statement} />);
    expect(screen.getByText('退货')).toBeTruthy();
    expect(screen.getByText('十月退货')).toBeTruthy();
    expect(screen.getByText('红宝石服务费')).toBeTruthy();
    expect(screen.getByText(/个人小组 PV 达 20,000/)).toBeTruthy();
    unmount();
    await act(() => i18n.changeLanguage('en-US'));
    render(<StatementItems s={statement} />);
    expect(screen.getByText('Return')).toBeTruthy();
    expect(screen.getByText('October return')).toBeTruthy();
    expect(screen.getByText('Ruby service fee')).toBeTruthy();
    expect(screen.getByText(/20,000 personal-group PV/)).toBeTruthy();
    await act(() => i18n.changeLanguage('zh-CN'));
  });

  it('shows an annual bonus as the fund and the units that share it, not as base × rate alone', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const { container } = render(<StatementItems s={statement} />);
    const share = container.querySelector('[data-share]');
    expect(share?.textContent).toMatch(/Fund ¥69,000\.00 · units 36 \/ 72/);
    expect(container.querySelectorAll('[data-share]')).toHaveLength(1);
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
    const { container } = render(<StatementItems s={october} />);
    expect(container.querySelector('[data-item-fen="-414000"]')?.textContent).toMatch(/-¥4,140\.00|−¥4,140\.00|¥-4,140\.00/);
    expect(screen.getByText(/nothing is paid, and the debit is taken from the next statement/)).toBeTruthy();
    expect(container.querySelector('[data-net-fen="0"]')).toBeTruthy();
    await act(() => i18n.changeLanguage('zh-CN'));
  });
});
