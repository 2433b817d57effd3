// Home's projected pay: the month at its pace, before and after tax, paid on the day, labelled an
// estimate and linking to the estimate page; on the first day of the month, no pace yet.
import type { HomeSummary } from '@abo/contract';
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../../i18n/index.ts';

let ProjectedPay: (p: { pay: NonNullable<HomeSummary['projectedPay']> }) => ReactNode;
beforeAll(async () => {
  initI18n('en-US');
  await import('../i18n.ts');
  ({ ProjectedPay } = await import('./projected-pay.tsx'));
});
afterAll(async () => {
  await act(() => i18n.changeLanguage('zh-CN'));
});

const pay: NonNullable<HomeSummary['projectedPay']> = {
  estimate: true,
  month: '2026-11',
  daysElapsed: 21,
  daysInMonth: 30,
  paidOn: '2026-12-15',
  pace: { gpv: 11_851, pretaxFen: 1_605_493, taxFen: 256_879, netFen: 1_348_614 },
};

const show = (p: typeof pay) =>
  render(
    <MemoryRouter>
      <ProjectedPay pay={p} />
    </MemoryRouter>,
  );

describe('ProjectedPay', () => {
  it('shows the month’s pay at this pace, before and after tax and paid on the day, labelled an estimate', async () => {
    for (const lng of ['en-US', 'zh-CN'] as const) {
      await act(() => i18n.changeLanguage(lng));
      const { unmount } = show(pay);
      const card = screen.getByTestId('projected-pay');
      expect(card).toHaveAttribute('href', '/achievement/estimate');
      expect(card).toHaveTextContent(lng === 'en-US' ? 'Estimate' : '估算');
      expect(screen.getByTestId('projected-net')).toHaveTextContent(/13,486\.14/);
      expect(card).toHaveTextContent(/16,054\.93/);
      expect(card).toHaveTextContent(lng === 'en-US' ? 'Paid on 15 Dec 2026' : '预计 2026年12月15日 发放');
      expect(card).toHaveTextContent(lng === 'en-US' ? '21 of 30 days' : '30 天中的 21 天');
      unmount();
    }
  });

  it('says there is no pace on the first day of the month, and shows no figure', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    show({ ...pay, daysElapsed: 1, pace: null });
    expect(screen.getByTestId('projected-pay')).toHaveTextContent('No pace on the first day of the month');
    expect(screen.queryByTestId('projected-net')).toBeNull();
  });
});
