// /income/annualreview: the card is the shareable image; by default it holds no money figure.
import type { AnnualReviewData } from '@abo/contract';
import { pyMonths } from '@abo/plan';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../../lib/storage.ts';
import { annualReviewQuery } from './api/get-annual-review.ts';
import { renderPage } from '../../testing/render-page.tsx';
import { pageInEnglish } from '../../testing/in-english.ts';

// Chart.js needs a real canvas; what it would draw is SimpleChart's own test.
vi.mock('../../lib/chart.ts', () => ({
  Chart: class {
    destroy() {}
  },
}));
vi.stubGlobal('fetch', () => new Promise<never>(() => undefined));
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: vi.fn(), clear: vi.fn() } }));
// html-to-image needs a real layout engine: what matters here is where its image goes.
const image = vi.hoisted(() => ({
  exportPng: vi.fn(async () => undefined),
  pngDataUrl: vi.fn(async () => 'data:image/png;base64,iVBORw0KGgo='),
}));
vi.mock('./components/export.ts', () => image);

const AnnualReviewPage = pageInEnglish(() => import('./annualreview-page.tsx'));

const months = pyMonths('25/26');
const review: AnnualReviewData = {
  py: '25/26',
  pys: ['26/27', '25/26'],
  displayName: '张建国',
  pretaxFen: 12_345_678,
  taxFen: 2_345_678,
  netFen: 10_000_000,
  monthsPaid: 12,
  months: months.map((month) => ({ month, pretaxFen: 1_000_000, taxFen: 100_000, netFen: 876_543, hasStatement: true, paidOn: null })),
  bestMonth: { month: '2026-01', paidOn: '2026-02-15', pretaxFen: 1_500_000, taxFen: 200_000, netFen: 1_300_000 },
  previous: { py: '24/25', pretaxFen: 9_000_000, taxFen: 1_000_000, netFen: 8_000_000 },
  previousSamePeriod: { pretaxFen: 9_000_000, taxFen: 1_000_000, netFen: 8_000_000 },
  comparedMonths: 12,
  growthPercent: 25,
  pin: { code: '342', name: { zh: '钻石', en: 'Diamond' } },
  pinsReached: [{ code: '342', name: { zh: '钻石', en: 'Diamond' }, month: '2026-01' }],
  plansMet: [{ code: 'SEM', name: { zh: '研讨会', en: 'Seminars' } }],
  plansEvaluated: 4,
};

function show() {
  return renderPage(<AnnualReviewPage />, { at: '/income/annualreview', data: [[annualReviewQuery().queryKey, review]], fresh: true });
}

const card = () => document.querySelector<HTMLElement>('.income-review')!;
// Any money figure: a yuan sign, or the digits of the amounts above (grouped or not).
const MONEY = /¥|123,456|100,000|10000000|8,765|13,000|\+25/;

describe('/income/annualreview', () => {
  it('hides the amounts in the shareable card by default, keeping the achievements', () => {
    show();
    const toggle = screen.getByRole('switch', { name: 'Hide amounts in the image' });
    expect(toggle).toBeChecked();
    expect(card().textContent).not.toMatch(MONEY);
    expect(card().querySelector('[data-net-fen], canvas, .chart')).toBeNull();
    expect(card()).toHaveTextContent('Current pin');
    expect(card()).toHaveTextContent('Pins reached this year');
    expect(card()).toHaveTextContent('Incentive plans achieved');
    expect(card()).toHaveTextContent('Seminars');
    expect(card()).toHaveTextContent(/Diamond/);
  });

  it('shows the amounts once the distributor turns the toggle off, and hides them again', () => {
    show();
    const toggle = screen.getByRole('switch', { name: 'Hide amounts in the image' });
    fireEvent.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(card().querySelector('[data-net-fen]')).toHaveAttribute('data-net-fen', '10000000');
    expect(card().textContent).toMatch(/¥/);
    fireEvent.click(toggle);
    expect(card().textContent).not.toMatch(MONEY);
  });
});

describe('saving the year in review', () => {
  beforeEach(() => {
    image.exportPng.mockClear();
    image.pngDataUrl.mockClear();
  });
  afterEach(() => vi.restoreAllMocks());
  const toasts = () => {
    const shown: string[] = [];
    vi.spyOn(Toast, 'show').mockImplementation((p) => {
      shown.push(String(typeof p === 'string' ? p : p.content));
      return { close: () => undefined };
    });
    return shown;
  };

  it('downloads the image on a desktop browser, and says so once it was handed over', async () => {
    setSession('channel', 'ebiz');
    const shown = toasts();
    show();
    fireEvent.click(screen.getByRole('button', { name: /Save image/ }));
    await waitFor(() => expect(shown).toEqual(['Downloaded']));
    expect(image.exportPng).toHaveBeenCalledWith(card(), 'annual-review-25-26.png');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  for (const channel of ['wec', 'ca']) {
    it(`${channel}: shows the image full screen for a long press instead of a download the webview drops`, async () => {
      setSession('channel', channel);
      const shown = toasts();
      show();
      const button = screen.getByRole('button', { name: /Save image/ });
      button.focus();
      fireEvent.click(button);
      const dialog = await screen.findByRole('dialog', { name: 'Long-press the image to save' });
      expect(dialog).toHaveAttribute('aria-modal', 'true');
      expect(dialog.querySelector('img')).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
      expect(screen.getByRole('img', { name: "张建国's year in review, PY 25/26" })).toBeInTheDocument();
      // Drawn from the card as shown: amounts still hidden.
      expect(image.pngDataUrl).toHaveBeenCalledWith(card());
      expect(card().textContent).not.toMatch(MONEY);
      expect(image.exportPng).not.toHaveBeenCalled();
      expect(shown).toEqual([]);

      // Focus is on its close button and stays there; Escape closes it and focus goes back.
      const close = screen.getByRole('button', { name: 'Close' });
      // The dialog's code loads on first use: its effect moves focus just after it is on screen.
      await waitFor(() => expect(close).toHaveFocus());
      fireEvent.keyDown(document, { key: 'Tab' });
      expect(close).toHaveFocus();
      fireEvent.keyDown(document, { key: 'Escape' });
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(button).toHaveFocus();

      // And the close button closes it.
      fireEvent.click(button);
      fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  }
});
