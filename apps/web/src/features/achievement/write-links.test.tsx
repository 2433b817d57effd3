// Staff (iinquiry) change nothing of the distributor they look at: the achievement pages leave out
// the ways to the pages that would (set or adjust the target, the shop, invitations).
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../i18n/index.ts';
import { setSession } from '../../lib/storage.ts';
import { platinumRank } from './achievement.test-support.ts';
import { rankQuery } from './api/get-rank.ts';
import { renderPage } from '../../testing/render-page.tsx';

vi.stubGlobal('fetch', () => new Promise<never>(() => undefined));
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: vi.fn(), clear: vi.fn() } }));

let AchLink: (p: { page: 'setshop' | 'dealerinvitation' | 'estimate' }) => ReactNode;
let RankTrackingPage: () => ReactNode;
beforeAll(async () => {
  initI18n('en-US');
  await act(() => i18n.changeLanguage('en-US'));
  ({ AchLink } = await import('./components/shared.tsx'));
  RankTrackingPage = (await import('./rank-tracking-page.tsx')).default;
});
afterAll(async () => {
  await act(() => i18n.changeLanguage('zh-CN'));
});

const rank = platinumRank();

function showRank() {
  return renderPage(<RankTrackingPage />, { data: [[rankQuery().queryKey, rank]], fresh: true });
}

const links = () =>
  render(
    <MemoryRouter>
      <AchLink page="estimate" />
      <AchLink page="setshop" />
      <AchLink page="dealerinvitation" />
    </MemoryRouter>,
  );

describe('write links on the achievement pages', () => {
  it('a distributor gets every tool and the target button', () => {
    setSession('channel', 'wec');
    links();
    for (const name of [/Estimate/, /Service shop/, /Dealer invitation/]) expect(screen.getByRole('link', { name })).toBeInTheDocument();
    showRank();
    expect(screen.getByRole('link', { name: 'Set target' })).toHaveAttribute('href', '/achievement/localranktracking/settarget');
  });

  it('staff get the read tools only, and no target button', () => {
    setSession('channel', 'iinquiry');
    links();
    expect(screen.getByRole('link', { name: /Estimate/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Service shop/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Dealer invitation/ })).toBeNull();
    showRank();
    expect(screen.queryByRole('link', { name: 'Set target' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Requirements of every pin' })).toBeInTheDocument();
  });
});
