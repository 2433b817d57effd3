import { act, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageActions } from '../components/page-actions.ts';
import { Page } from '../components/page.tsx';
import { initI18n } from '../i18n/index.ts';
import { renderPage } from '../testing/render-page.tsx';
import { TitleBarActions } from './title-bar-actions.tsx';

beforeAll(async () => {
  initI18n('en-US');
  // The bar loads the bell lazily: load it once here, so a cold import on a busy machine is not
  // counted against the first test's wait for the bell.
  await import('../features/notifications/components/notification-bell.tsx');
});
// The bell asks for the unread count.
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ code: 0, message: 'ok', success: true, data: { unread: 2 } }), {
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

const inApp = (ui: ReactNode) => renderPage(<PageActions value={<TitleBarActions />}>{ui}</PageActions>, { at: null });

describe('the title bar the app gives every page: the notifications bell', () => {
  it('sits after the language switch, with the unread count', async () => {
    const router = createMemoryRouter([{ path: '/', element: <Page title="Home">home</Page> }]);
    inApp(<RouterProvider router={router} />);
    const bell = await screen.findByRole('link', { name: 'Notifications, 2 unread' });
    const actions = bell.closest('.page-frame__actions') as HTMLElement;
    expect(within(actions).getByRole('button', { name: '切换到中文' }).compareDocumentPosition(bell)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it('is not on the sign-in pages', async () => {
    const router = createMemoryRouter(
      ['/login', '/Authentication'].map((path) => ({ path, element: <Page title={path}>{path}</Page> })),
      { initialEntries: ['/login'] },
    );
    inApp(<RouterProvider router={router} />);
    await act(() => router.navigate('/Authentication'));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.getByRole('heading', { level: 1, name: '/Authentication' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Notifications/ })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
