import { act, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../i18n/index.ts';
import { setSession } from '../../../lib/storage.ts';
import { fakeBff, renderApp } from '../testing.tsx';

vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: vi.fn(), clear: vi.fn() } }));

beforeAll(async () => {
  initI18n('en-US');
  // The title bar loads the bell lazily: load it once here, so a cold import on a busy machine is
  // not counted against the first test's wait for the bell.
  await import('./notification-bell.tsx');
});
afterEach(() => vi.unstubAllGlobals());
afterAll(async () => {
  await act(() => i18n.changeLanguage('zh-CN'));
});

const unread = (n: number) => fakeBff({ '/bff/v1/notifications/unread': () => ({ unread: n }) });

describe('the bell', () => {
  it('shows the count of the unread answer in the title bar, named for screen readers', async () => {
    const calls = unread(3);
    renderApp('/');
    const bell = await screen.findByRole('link', { name: 'Notifications, 3 unread' });
    expect(bell.closest('header')).toContainElement(screen.getByRole('heading', { level: 1, name: 'Home' }));
    expect(bell).toHaveTextContent(/^3$/);
    expect(bell).toHaveAttribute('href', '/?notifications=1');
    expect(calls.filter((c) => c.path === '/bff/v1/notifications/unread')).toHaveLength(1);
  });

  it('says it in Chinese too', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    try {
      unread(3);
      renderApp('/');
      expect(await screen.findByRole('link', { name: '通知，3 条未读' })).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en-US'));
    }
  });

  it('caps the count at 99+', async () => {
    unread(120);
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Notifications, 120 unread' })).toHaveTextContent(/^99\+$/);
  });

  it('shows no count when nothing is unread', async () => {
    unread(0);
    renderApp('/');
    const bell = await screen.findByRole('link', { name: 'Notifications' });
    await waitFor(() => expect(document.querySelector('.adm-badge')).toBeNull());
    expect(bell).toHaveTextContent('');
  });

  it('is not on the sign-in page, nor for staff who have not chosen a distributor', async () => {
    const calls = unread(3);
    renderApp('/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByRole('link', { name: /Notifications/ })).toBeNull();

    setSession('channel', 'iinquiry');
    renderApp('/');
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByRole('link', { name: /Notifications/ })).toBeNull();
    expect(calls).toHaveLength(0);
  });
});
