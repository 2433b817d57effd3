// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, type MiddlewareFunction } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useAddressParams } from './use-address-params.ts';

/** Two filters of one list, as a page has them. */
function Filters() {
  const [params, setParams] = useAddressParams();
  const location = useLocation();
  const set = (k: string, v: string) =>
    setParams((p) => {
      p.set(k, v);
      return p;
    });
  return (
    <>
      <output data-testid="search">{location.search}</output>
      <output data-testid="level">{params.get('level') ?? ''}</output>
      <button onClick={() => set('level', '3')}>level</button>
      <button onClick={() => set('q', 'yes')}>q</button>
    </>
  );
}

/** Every navigation waits a moment first, as the app's guard does. */
function router(pause: () => Promise<void>) {
  const slow: MiddlewareFunction = async (_args, next) => {
    await pause();
    return next();
  };
  return createMemoryRouter([{ path: '/list', middleware: [slow], loader: () => null, Component: Filters }], {
    initialEntries: ['/list?sort=pgpv'],
  });
}

describe('useAddressParams', () => {
  it('applies two changes made before the first one shows', async () => {
    let release: () => void = () => undefined;
    const r = router(() => new Promise<void>((resolve) => (release = resolve)));
    render(<RouterProvider router={r} />);
    // The first load's navigation.
    await act(async () => release());
    expect(screen.getByTestId('search').textContent).toBe('?sort=pgpv');

    // Two filters picked while the first change is still on its way.
    act(() => screen.getByText('level').click());
    act(() => screen.getByText('q').click());
    await act(async () => release());
    expect(new URLSearchParams(screen.getByTestId('search').textContent!).toString()).toBe('sort=pgpv&level=3&q=yes');
    expect(screen.getByTestId('level').textContent).toBe('3');
  });

  it('builds on the address shown once it has moved on (Back, another change)', async () => {
    const r = router(() => Promise.resolve());
    render(<RouterProvider router={r} />);
    await act(async () => undefined);
    await act(async () => screen.getByText('level').click());
    expect(screen.getByTestId('search').textContent).toBe('?sort=pgpv&level=3');
    await act(async () => void r.navigate(-1));
    expect(screen.getByTestId('search').textContent).toBe('?sort=pgpv');
    // The change asked before Back is not brought back with the next one.
    await act(async () => screen.getByText('q').click());
    expect(screen.getByTestId('search').textContent).toBe('?sort=pgpv&q=yes');
  });
});
