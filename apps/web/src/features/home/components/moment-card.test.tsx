// The home page's first answers for the new member (README: 10000003): the month's first goal in
// plain words with where to act on it, terms a tap from their meaning, empty states that say what next.
import type { HomeSummary } from '@abo/contract';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../../i18n/index.ts';
import { setSession } from '../../../lib/storage.ts';
import { appRoot } from '../../../testing/render-page.tsx';

let MomentCard: (p: { s: HomeSummary }) => ReactNode;
beforeAll(async () => {
  initI18n('en-US');
  await import('../i18n.ts');
  ({ MomentCard } = await import('./moment-card.tsx'));
});
afterAll(async () => {
  await act(() => i18n.changeLanguage('zh-CN'));
});

const newMember: HomeSummary = {
  ada: '10000003',
  maskedAda: '100******03',
  fullName: '刘思雨',
  pinCode: 230,
  pinName: { zh: '会员', en: 'Member' },
  py: '26/27',
  month: '2026-11',
  monthPpv: 105,
  monthPgpv: 105,
  monthBracket: 0,
  pqMonths: 0,
  flqMonths: 0,
  lastStatementMonth: null,
  lastNetFen: null,
  lastPretaxFen: null,
  lastMonth: '2026-10',
  lastMonthQ: false,
  lastMonthTest: { apv: 300, qLegs: 0 },
  lastMonthPlan: 'SEMINAR_2627',
  seminar: null,
  legs: { month: '2026-11', total: 0, qSoFar: 0, qThreshold: 10_000, closest: null },
  firstGoal: {
    month: '2026-11',
    groupPv: 105,
    currentPercent: 0,
    targetPercent: 3,
    targetMinPv: 200,
    pvNeeded: 95,
    progressPct: 52,
    daysLeft: 10,
  },
  projectedPay: null,
};

const show = (s: HomeSummary) =>
  render(
    <MemoryRouter>
      <MomentCard s={s} />
    </MemoryRouter>,
  );

describe('home for a new member', () => {
  it('states the first goal in plain words, with top-up and the estimate one tap away', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    show(newMember);
    const goal = screen.getByTestId('first-goal');
    expect(goal).toHaveTextContent('95 more PV this month reaches the 3% bracket');
    expect(goal).toHaveTextContent('105 of 200 PV so far · 10 days left');
    expect(screen.getByRole('link', { name: 'What is missing' })).toHaveAttribute('href', '/achievement/topup');
    expect(screen.getByRole('link', { name: 'Try an estimate' })).toHaveAttribute('href', '/achievement/estimate');
    // Its terms, and last month's, open their definitions.
    for (const name of ['PV', 'bracket', 'Q month'])
      expect(screen.getByRole('button', { name })).toHaveAttribute('aria-haspopup', 'dialog');
    // No frontline yet: what to do about it, not only what is missing.
    expect(screen.getByRole('link', { name: 'Invite a member' })).toHaveAttribute('href', '/achievement/dealerinvitation');
    expect(screen.getByRole('button', { name: 'FLQ months' })).toBeInTheDocument();
  });

  it('offers staff no invitation: they change nothing of the distributor they look at', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    setSession('channel', 'iinquiry');
    show(newMember);
    expect(screen.queryByRole('link', { name: 'Invite a member' })).toBeNull();
    // The answer itself stays.
    expect(screen.getByRole('button', { name: 'FLQ months' })).toBeInTheDocument();
  });

  it('says it in Chinese, and shows no goal once the month is at the top bracket', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    const { unmount } = show(newMember);
    expect(screen.getByTestId('first-goal')).toHaveTextContent('本月再做 95 PV，即可达到 3% 业绩奖励比例');
    expect(screen.getByText(/2026年10月不是/)).toHaveTextContent('2026年10月不是 Q 月');
    unmount();
    show({ ...newMember, firstGoal: null });
    expect(screen.queryByTestId('first-goal')).toBeNull();
  });

  it('opens the Q-month test worked out for last month as its why, not the seminar’s table', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    // The dialog makes the page behind it inert: the page is in #root, as in the app.
    const root = appRoot();
    const { unmount } = render(
      <MemoryRouter>
        <MomentCard s={{ ...newMember, lastMonthQ: true, lastMonthTest: { apv: 4_200, qLegs: 1 } }} />
      </MemoryRouter>,
      { container: root },
    );
    expect(screen.getByText(/Oct 2026 was a/)).toHaveTextContent('Oct 2026 was a Q month');
    expect(document.querySelector('a[href*="qualificationquery"]')).toBeNull();
    const why = screen.getByRole('button', { name: 'Why: the Q-month test of Oct 2026' });
    expect(why).toHaveTextContent('Why');
    expect(why).toHaveAttribute('aria-haspopup', 'dialog');
    fireEvent.click(why);
    const dialog = await screen.findByRole('dialog', { name: 'SP month (Q month) · Oct 2026' }, { timeout: 5000 });
    // The month's own figures against the engine's test, each condition met or not.
    expect(dialog).toHaveAccessibleDescription('APV 4,200, 21% legs 1 → an SP month');
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['✗ APV 4,200 ≥ 10,000 (not met)', '✓ APV 4,200 ≥ 4,000 and 21% legs 1 ≥ 1 (met)', '✗ 21% legs 1 ≥ 2 (not met)']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    unmount();
    root.remove();
  });

  it('says it in Chinese, and an answer without the test’s figures (an older BFF) shows no why', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    const { unmount } = show(newMember);
    expect(screen.getByRole('button', { name: '为什么: 2026年10月的 Q 月判定' })).toHaveTextContent('为什么');
    unmount();
    show({ ...newMember, lastMonthTest: null });
    expect(screen.getByText(/2026年10月不是/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /为什么/ })).toBeNull();
  });
});
