// Home's area cards: the month's bracket written as the app writes every percentage ("18%").
import type { HomeSummary } from '@abo/contract';
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { homeSummaryQuery } from './api/get-home-summary.ts';
import { renderPage } from '../../testing/render-page.tsx';
import { pageInEnglish } from '../../testing/in-english.ts';

vi.stubGlobal('fetch', () => new Promise<never>(() => undefined));
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: vi.fn(), clear: vi.fn() } }));

const HomePage = pageInEnglish(() => import('./home-page.tsx'));

const summary: HomeSummary = {
  ada: '10000001',
  maskedAda: '100******01',
  fullName: '王丽',
  pinCode: 330,
  pinName: { zh: '白金', en: 'Platinum' },
  py: '26/27',
  month: '2026-11',
  monthPpv: 300,
  monthPgpv: 8_009,
  monthBracket: 18,
  pqMonths: 1,
  flqMonths: 1,
  lastStatementMonth: null,
  lastNetFen: null,
  lastPretaxFen: null,
  lastMonth: null,
  lastMonthQ: null,
  lastMonthTest: null,
  lastMonthPlan: null,
  seminar: null,
  legs: { month: '2026-11', total: 0, qSoFar: 0, qThreshold: 10_000, closest: null },
  firstGoal: null,
  projectedPay: null,
};

function show() {
  return renderPage(<HomePage />, { data: [[homeSummaryQuery().queryKey, summary]], fresh: true });
}

describe('home', () => {
  it('writes the month’s bracket as one figure, "18%", in both languages', async () => {
    for (const lng of ['en-US', 'zh-CN'] as const) {
      await act(() => i18n.changeLanguage(lng));
      const { unmount } = show();
      const label = screen.getByText(lng === 'en-US' ? 'Performance bracket' : '业绩奖励比例', { selector: '.muted' });
      const tile = label.parentElement!;
      expect(tile).toHaveTextContent(/^18%/);
      expect(tile.querySelector('.figure')).toHaveTextContent(/^18%$/);
      expect(tile.querySelector('.figure__unit')).toBeNull();
      unmount();
    }
  });

  it('opens on the month’s projected pay, labelled an estimate, beside last month’s net', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const pace = { gpv: 11_851, pretaxFen: 1_605_493, taxFen: 256_879, netFen: 1_348_614 };
    const projectedPay = { estimate: true as const, month: '2026-11', daysElapsed: 21, daysInMonth: 30, paidOn: '2026-12-15', pace };
    renderPage(<HomePage />, { data: [[homeSummaryQuery().queryKey, { ...summary, projectedPay }]], fresh: true });
    const card = screen.getByTestId('projected-pay');
    expect(card).toHaveTextContent('Projected pay for Nov 2026');
    expect(card).toHaveTextContent('Estimate');
    expect(card).toHaveAttribute('href', '/achievement/estimate');
  });
});
