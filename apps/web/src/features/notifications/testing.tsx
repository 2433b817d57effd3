import type { NotificationItem } from '@abo/contract';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { TitleBarActions } from '../../app/title-bar-actions.tsx';
import { PageActions } from '../../components/page-actions.ts';
import { Page } from '../../components/page.tsx';
import { renderPage } from '../../testing/render-page.tsx';

// Component tests of the notifications: a stand-in BFF answering by path, and pages to land on.

export interface Call {
  path: string;
  body: Record<string, unknown>;
}

type Handler = (body: Record<string, unknown>) => unknown;

/** Answers each call by its path with the handler's data in the envelope; unknown paths never answer. */
export function fakeBff(handlers: Record<string, Handler>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: URL | string, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    calls.push({ path, body });
    const handler = handlers[path];
    if (!handler) return new Promise<never>(() => undefined);
    return new Response(JSON.stringify({ code: 0, message: 'ok', success: true, data: handler(body) }), {
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

export const item = (id: string, overrides: Partial<NotificationItem> = {}): NotificationItem => ({
  id,
  kind: 'monthClosed',
  title: { zh: `十月结算 ${id}`, en: `October closed ${id}` },
  body: { zh: '十月是 Q 月', en: 'October was a Q month' },
  link: '/income/servicefee?month=2026-10',
  month: '2026-10',
  createdAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
  readAt: null,
  ...overrides,
});

function Landed() {
  const location = useLocation();
  return (
    <Page title="Service fee">
      <p data-testid="landed">{location.pathname + location.search}</p>
    </Page>
  );
}

/** Home and the service fee page, each in the app's page frame (its title bar has the bell). */
export function renderApp(at = '/') {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <Page title="Home" back={false}>
            home
          </Page>
        ),
      },
      { path: '/income/servicefee', element: <Landed /> },
      {
        path: '/login',
        element: (
          <Page title="Sign in" back={false}>
            sign in
          </Page>
        ),
      },
    ],
    { initialEntries: [at] },
  );
  const { client } = renderPage(
    <PageActions value={<TitleBarActions />}>
      <RouterProvider router={router} />
    </PageActions>,
    { at: null },
  );
  return { router, client };
}
