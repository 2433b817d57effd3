import { BASE_RULES, bracketFor, qThreshold, remunerationWithholdingDetail, rulesForMonth } from '@abo/plan';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../i18n/index.ts';
import type { FigureTrace as FigureTraceComponent } from './figure-trace.tsx';
import { appRoot } from '../../testing/render-page.tsx';

// The component registers its texts when it is first used: after i18next is set up.
let FigureTrace: typeof FigureTraceComponent;
beforeAll(async () => {
  initI18n('en-US');
  ({ FigureTrace } = await import('./figure-trace.tsx'));
});

function renderTrace(node: React.ReactNode) {
  return render(<MemoryRouter>{node}</MemoryRouter>, { container: appRoot() });
}

/** Opens the trace behind the button and returns its dialog (a chunk of its own, loaded on the first tap). */
async function open(name: string | RegExp, title: string | RegExp) {
  fireEvent.click(screen.getByRole('button', { name }));
  return screen.findByRole('dialog', { name: title }, { timeout: 5000 });
}

describe('FigureTrace', () => {
  it('opens the bracket of that month: its group PV, its parts and the engine’s band, in an accessible dialog', async () => {
    await i18n.changeLanguage('en-US');
    renderTrace(<FigureTrace trace={{ kind: 'bracket', month: '2026-11', ppv: 300, gpv: 8009 }} />);
    const button = screen.getByRole('button', { name: 'How is this calculated?' });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const dialog = await open('How is this calculated?', 'Performance bracket · Nov 2026');
    // The result says the figure and the rule's band, the band from the engine's table.
    expect(bracketFor(BASE_RULES.brackets, 8009)).toBe(18);
    expect(dialog).toHaveAccessibleDescription('Group PV 8,009 = personal PV 300 + legs 7,709 → 18% (7,000 – 9,999 PV)');
    expect(dialog).toHaveTextContent('200 PV → 3%, 600 → 6%');
    expect(dialog).toHaveTextContent('1,991 more PV reach 21%');
    expect(within(dialog).getByRole('link', { name: 'Read more' })).toHaveAttribute('href', '/descpage?code=BRACKET');
    // Modal: the page behind is inert, the close button has the focus; Escape closes and gives it back.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus(), { timeout: 5000 });
    expect(document.getElementById('root')!.inert).toBe(true);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    act(() => {
      fireEvent.keyDown(window, { key: 'Escape' });
    });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById('root')!.inert).toBe(false);
    expect(button).toHaveFocus();
  });

  it('works the withholding out step by step in Chinese: pre-tax, deduction, taxable, rate and quick deduction → tax', async () => {
    await i18n.changeLanguage('zh-CN');
    const w = remunerationWithholdingDetail(3_000_000);
    renderTrace(<FigureTrace trace={{ kind: 'withholding', month: '2026-10', withholding: w }} subject="代扣个税" />);
    const dialog = await open('如何计算？ 代扣个税', '代扣个税 · 2026年10月');
    expect(within(dialog).getByText('减除费用（20%）').nextSibling).toHaveTextContent('− ¥6,000.00');
    expect(dialog).toHaveAccessibleDescription('个税 ¥5,200.00 = （¥30,000.00 − ¥6,000.00）× 30% − ¥2,000.00');
    expect(dialog).toHaveTextContent('收入不超过 ¥4,000.00 的减除 ¥800.00');
    expect(within(dialog).getByRole('link', { name: '详细说明' })).toHaveAttribute('href', '/descpage?code=TAX');
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    await i18n.changeLanguage('en-US');
  });

  it('tells an SP month by the engine’s test, each condition met or not', async () => {
    await i18n.changeLanguage('en-US');
    renderTrace(<FigureTrace trace={{ kind: 'sp', month: '2026-11', apv: 4200, qLegs: 1 }} />);
    const dialog = await open('How is this calculated?', 'SP month (Q month) · Nov 2026');
    expect(dialog).toHaveAccessibleDescription('APV 4,200, 21% legs 1 → an SP month');
    const checks = within(dialog)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(checks).toEqual([
      '✗ APV 4,200 ≥ 10,000 (not met)',
      '✓ APV 4,200 ≥ 4,000 and 21% legs 1 ≥ 1 (met)',
      '✗ 21% legs 1 ≥ 2 (not met)',
    ]);
  });

  it('tells whether a group is Q by its group PV against the engine’s threshold, in Chinese, and whose it is', async () => {
    await i18n.changeLanguage('zh-CN');
    const q = qThreshold(rulesForMonth('2026-11').brackets);
    expect(q).toBe(10_000);
    renderTrace(
      <>
        <FigureTrace trace={{ kind: 'q', month: '2026-11', gpv: 8_296, ppv: 296, who: '王*明' }} subject="Q 状态" />
        <FigureTrace trace={{ kind: 'q', month: '2026-10', gpv: 12_500 }} subject="Q 状态 10月" />
      </>,
    );
    const not = await open('如何计算？ Q 状态', '王*明 的 Q 状态 · 2026年11月');
    expect(not).toHaveAccessibleDescription('小组总 PV 8,296 < 10,000 → 未达 Q');
    expect(within(not).getByText('Q 门槛（21% 业绩奖励比例）').nextSibling).toHaveTextContent('10,000 PV');
    expect(within(not).getByText('一线小组 PV 合计').nextSibling).toHaveTextContent('8,000 PV');
    expect(not).toHaveTextContent('再有 1,704 PV 可达 Q。');
    expect(within(not).getByRole('link', { name: '详细说明' })).toHaveAttribute('href', '/descpage?code=Q_MONTH');
    fireEvent.click(within(not).getByRole('button', { name: '关闭' }));
    const yes = await open('如何计算？ Q 状态 10月', 'Q 状态 · 2026年10月');
    expect(yes).toHaveAccessibleDescription('小组总 PV 12,500 ≥ 10,000 → 已达 Q（21%）');
    // Without the personal PV the trace shows only what it has.
    expect(within(yes).queryByText('个人 PV')).toBeNull();
    fireEvent.click(within(yes).getByRole('button', { name: '关闭' }));
    await i18n.changeLanguage('en-US');
  });

  it('shows a statement item as base × rate, and an annual bonus as its share of the fund', async () => {
    await i18n.changeLanguage('en-US');
    const item = {
      subCode: null,
      note: null,
      legCount: 0,
      leadership: null,
    };
    renderTrace(
      <>
        <FigureTrace
          subject="Ruby"
          trace={{
            kind: 'item',
            month: '2026-10',
            item: {
              ...item,
              code: 'RUBY',
              name: { zh: '红宝石服务费', en: 'Ruby service fee' },
              baseBvFen: 25_300_000,
              rateBp: 200,
              amountFen: 506_000,
              share: null,
              derivation: { kind: 'product', baseTimesRate: true },
            },
          }}
        />
        <FigureTrace
          subject="Diamond"
          trace={{
            kind: 'item',
            month: '2026-08',
            item: {
              ...item,
              code: 'DIAMOND_ANNUAL',
              name: { zh: '钻石年度奖金', en: 'Diamond annual bonus' },
              baseBvFen: 100_000_000,
              rateBp: 25,
              amountFen: 75_000,
              share: { fundFen: 250_000, units: 3, totalUnits: 10 },
              derivation: { kind: 'share', baseTimesRate: true },
            },
          }}
        />
      </>,
    );
    const ruby = await open('How is this calculated? Ruby', 'Ruby service fee · Oct 2026');
    expect(ruby).toHaveAccessibleDescription('¥5,060.00 = ¥253,000.00 × 2%');
    expect(ruby).toHaveTextContent('personal-group PV ≥ 20,000');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    const diamond = await open('How is this calculated? Diamond', 'Diamond annual bonus · Aug 2026');
    expect(diamond).toHaveAccessibleDescription('Fund ¥2,500.00 = ¥1,000,000.00 × 0.25%; ¥750.00 = ¥2,500.00 × 3 ÷ 10 units');
  });
});
