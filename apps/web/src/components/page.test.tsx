import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createBrowserRouter, createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/index.ts';
import { renderPage } from '../testing/render-page.tsx';
import { PageActions } from './page-actions.ts';
import { Page, PageBanner } from './page.tsx';

beforeAll(() => {
  initI18n('en-US');
});

/** Home and the income page: the routes of every test. */
const ROUTES = [
  {
    path: '/',
    element: (
      <Page title="ABO Inquiry" back={false}>
        home
      </Page>
    ),
  },
  { path: '/income', element: <Page title="Income">income page</Page> },
];

function at(paths: string[]) {
  const router = createMemoryRouter(ROUTES, { initialEntries: paths, initialIndex: paths.length - 1 });
  renderPage(<RouterProvider router={router} />, { at: null });
  return router;
}

describe('Page', () => {
  it('titles the page and goes back with a real button the keyboard reaches first', async () => {
    const router = at(['/', '/income']);
    expect(screen.getByRole('heading', { level: 1, name: 'Income' })).toBeInTheDocument();
    await userEvent.tab();
    const back = screen.getByRole('button', { name: 'Back' });
    expect(back).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByText('home')).toBeInTheDocument();
  });

  it('goes home, not out of the app, from the first page of a visit (a deep link)', async () => {
    const router = at(['/income']);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('counts only the app’s own entries in the browser: the page after sign-in replaced its way in', async () => {
    const routes = [...ROUTES, { path: '/authentication', element: <Page title="Signing in">…</Page> }];
    // The browser holds the sign-in form before this document; the app opened at /authentication
    // and replaced it with the page asked for.
    window.history.replaceState(null, '', '/authentication');
    const router = createBrowserRouter(routes);
    renderPage(<RouterProvider router={router} />, { at: null });
    await act(() => router.navigate('/income', { replace: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(router.state.location.pathname).toBe('/');
    // A page the app went on to goes back to the one before it.
    await act(() => router.navigate('/income'));
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.historyAction).toBe('POP');
    router.dispose();
  });

  it('has no back button on home', () => {
    at(['/']);
    expect(screen.getByRole('heading', { level: 1, name: 'ABO Inquiry' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });
});

describe('Page: the actions the app gives its title bar', () => {
  it('shows them after the language switch, on every page', () => {
    const router = createMemoryRouter([{ path: '/', element: <Page title="Home">home</Page> }]);
    renderPage(
      <PageActions value={<a href="/front/?notifications=1">Notifications</a>}>
        <RouterProvider router={router} />
      </PageActions>,
      { at: null },
    );
    const bell = screen.getByRole('link', { name: 'Notifications' });
    const actions = bell.closest('.page-frame__actions') as HTMLElement;
    expect(within(actions).getByRole('button', { name: '切换到中文' }).compareDocumentPosition(bell)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });
});

describe('Page: the banner the app gives it', () => {
  it('shows it in the sticky bar, above the title, on every page', () => {
    const router = createMemoryRouter([{ path: '/', element: <Page title="Home">home</Page> }]);
    renderPage(
      <PageBanner value={<p data-testid="banner">Viewing 10000004</p>}>
        <RouterProvider router={router} />
      </PageBanner>,
      { at: null },
    );
    const banner = screen.getByTestId('banner');
    expect(banner.closest('header')).toContainElement(screen.getByRole('heading', { level: 1, name: 'Home' }));
  });

  it('shows none by default', () => {
    at(['/']);
    expect(document.querySelector('header')?.firstElementChild?.className).toBe('page-frame__nav');
  });
});

describe('Page: the title bar’s height', () => {
  it('gives the page its title bar’s height as --title-bar-height, and again when the bar grows', () => {
    let height = 46;
    const resized: (() => void)[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          resized.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    const offsetHeight = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.tagName === 'HEADER' ? height : 0;
    });
    try {
      const router = createMemoryRouter([{ path: '/', element: <Page title="Estimate">what if</Page> }]);
      renderPage(<RouterProvider router={router} />, { at: null });
      const main = screen.getByRole('main');
      expect(main.style.getPropertyValue('--title-bar-height')).toBe('46px');
      // The staff banner wraps onto a second line on a phone: what sticks under the bar moves down with it.
      height = 92;
      act(() => resized.forEach((f) => f()));
      expect(main.style.getPropertyValue('--title-bar-height')).toBe('92px');
    } finally {
      offsetHeight.mockRestore();
      vi.unstubAllGlobals();
    }
  });
});
