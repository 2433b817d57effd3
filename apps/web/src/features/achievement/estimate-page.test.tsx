// /achievement/estimate: the answer in a bar that stays in view, and the engine's presets.
import fs from 'node:fs';
import path from 'node:path';
import type { AchEstimateData } from '@abo/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { estimateQuery } from './api/get-estimate.ts';
import { estimateAnswer, estimateLeg } from './components/estimate.test-support.ts';
import { renderPage } from '../../testing/render-page.tsx';
import { pageInEnglish } from '../../testing/in-english.ts';

vi.stubGlobal('fetch', () => new Promise<never>(() => undefined));
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: vi.fn(), clear: vi.fn() } }));

const EstimatePage = pageInEnglish(() => import('./estimate-page.tsx'));

// 120 PV of their own and one leg at 3 000: 3 120 group PV (12 %); 6 880 more reach 21 % and an SP
// month alike (APV 3 120 + 6 880 = 10 000), so that preset is offered once.
const base = estimateAnswer('2026-11', 120, [estimateLeg('L1', '100******11', { zh: '王*', en: 'Wang M***' }, 3_000)]);

function show() {
  return renderPage(<EstimatePage />, { data: [[estimateQuery().queryKey, base]], fresh: true });
}

describe('/achievement/estimate', () => {
  it('keeps the answer in a sticky bar, and the engine’s presets set the what-if in one tap', () => {
    show();
    const bar = screen.getByRole('status', { name: 'Estimate' });
    expect(bar).toHaveClass('est-bar');
    // 3 120 group PV: 12 %.
    expect(bar).toHaveTextContent('12%');
    const presets = within(screen.getByRole('group', { name: 'Try' }));
    const buttons = presets.getAllByRole('button').map((b) => b.textContent);
    expect(buttons).toEqual(['+880 PV reaches 15%', '+6,880 PV reaches 21%', 'Make Wang M*** Q: +7,000 PV']);
    fireEvent.click(presets.getByRole('button', { name: '+6,880 PV reaches 21%' }));
    expect(bar).toHaveTextContent('21%');
    expect(presets.getByRole('button', { name: '+6,880 PV reaches 21%' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('extra-ppv')).toHaveValue(6_880);
    fireEvent.click(presets.getByRole('button', { name: 'Make Wang M*** Q: +7,000 PV' }));
    expect(screen.getByTestId('extra-ppv')).toHaveValue(0);
    expect(screen.getByTestId('extra-L1')).toHaveValue(7_000);
    expect(screen.getByText(/Wang M\*\*\* would reach 21/)).toBeInTheDocument();
  });

  it('starts from the month at its pace, after tax and paid on the day, and switches to the month to date', () => {
    // 21 of 30 days: the pace adds 3 000 × 9/21 ≈ 1 286 PV to the leg and 51 of their own.
    const paced: AchEstimateData = {
      ...base,
      pace: { daysElapsed: 21, daysInMonth: 30, factor: 30 / 21, extraPpv: 51, extraLegPv: { L1: 1_286 } },
      paidOn: '2026-12-15',
    };
    renderPage(<EstimatePage />, { data: [[estimateQuery().queryKey, paced]], fresh: true });
    const from = within(screen.getByRole('group', { name: 'Start from' }));
    expect(from.getByRole('button', { name: 'At this pace' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('est-from')).toHaveTextContent('At this pace');
    expect(screen.getByTestId('est-from-note')).toHaveTextContent('21 of 30 days');
    expect(screen.getByTestId('est-paid-on')).toHaveTextContent('Paid on 15 Dec 2026');
    // The card and the leg say where the what-if starts: the leg at its pace, 3 000 + 1 286.
    expect(screen.getByRole('heading', { name: 'Nov 2026 at this pace' })).toBeInTheDocument();
    expect(screen.getByLabelText('Extra PV: Wang M*** · 4,286 PV')).toBeInTheDocument();
    const bar = screen.getByRole('status', { name: 'Estimate' });
    // 120 + 51 + 3 000 + 1 286 = 4 457 group PV: 15 %, where the month to date is at 12 %.
    expect(bar).toHaveTextContent('15%');
    // Extra PV adds on top of the pace: 2 543 more reach 7 000 (18 %).
    fireEvent.change(screen.getByTestId('extra-ppv'), { target: { value: '2543' } });
    expect(bar).toHaveTextContent('18%');
    fireEvent.click(from.getByRole('button', { name: 'To date' }));
    expect(screen.getByTestId('est-from')).toHaveTextContent('To date');
    expect(screen.getByRole('heading', { name: 'Nov 2026 to date' })).toBeInTheDocument();
    expect(screen.getByLabelText('Extra PV: Wang M*** · 3,000 PV')).toBeInTheDocument();
    // 3 120 + 2 543 = 5 663: 15 %.
    expect(bar).toHaveTextContent('15%');
  });

  it('names the legs in Latin letters on an English page, a list of them with commas', () => {
    const two = { ...base, legs: [...base.legs, estimateLeg('L2', '100******12', { zh: '赵*', en: 'Zhao ***' }, 9_000)] };
    renderPage(<EstimatePage />, { data: [[estimateQuery().queryKey, two]], fresh: true });
    expect(screen.getByLabelText('Extra PV: Wang M*** · 3,000 PV')).toBeInTheDocument();
    expect(screen.getByLabelText('Extra PV: Zhao *** · 9,000 PV')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('extra-L1'), { target: { value: '7000' } });
    fireEvent.change(screen.getByTestId('extra-L2'), { target: { value: '1000' } });
    expect(screen.getByText(/^Wang M\*\*\*, Zhao \*\*\* would reach 21/)).toBeInTheDocument();
    expect(screen.queryByText(/王|赵/)).toBeNull();
  });

  it('keeps its inputs in the address: opened there, it shows them; changed, the address follows once they rest', async () => {
    vi.useFakeTimers();
    try {
      let address = '';
      const Where = () => {
        address = useLocation().search;
        return null;
      };
      renderPage(
        <>
          <EstimatePage />
          <Where />
        </>,
        { at: '/achievement/estimate?ppv=6880', data: [[estimateQuery().queryKey, base]], fresh: true },
      );
      expect(screen.getByTestId('extra-ppv')).toHaveValue(6_880);
      expect(screen.getByRole('status', { name: 'Estimate' })).toHaveTextContent('21%');
      fireEvent.change(screen.getByTestId('extra-L1'), { target: { value: '700' } });
      await act(async () => vi.advanceTimersByTime(100));
      expect(new URLSearchParams(address).getAll('leg')).toEqual([]);
      await act(async () => vi.advanceTimersByTime(400));
      expect(new URLSearchParams(address).get('ppv')).toBe('6880');
      expect(new URLSearchParams(address).getAll('leg')).toEqual(['L1:700']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('makes its terms tap-to-define', () => {
    show();
    for (const name of ['Personal PV', 'Personal-group PV', 'Performance bracket', 'Q legs', 'SP month']) {
      expect(screen.getByRole('button', { name })).toHaveAttribute('aria-haspopup', 'dialog');
    }
  });

  it('sticks under the title bar at the bar’s own height, not at a number of pixels of its own', () => {
    const css = fs.readFileSync(path.resolve(__dirname, 'components/estimate.css'), 'utf8');
    const rule = /\.est-bar \{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(rule).toMatch(/position: sticky;/);
    expect(rule).toMatch(/top: var\(--title-bar-height\);/);
    expect(css).not.toMatch(/\b(top|inset-block-start):\s*\d+px/);
  });
});
