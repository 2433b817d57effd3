// Renders a page or component the way the app shows it to a test: in a query cache of its own
// (no retries, so a failing call fails at once; `fresh`: what the cache holds is never
// refetched) and, unless `at` is null, in a router at an address.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';

/** Answers already in the cache: query key and data. */
export type CachedData = readonly (readonly [readonly unknown[], unknown])[];

export interface RenderPageOptions {
  /** The address of the router around `ui` (default '/'); null: no router (`ui` brings its own or needs none). */
  at?: string | null;
  /** Answers put in the cache before the first render. */
  data?: CachedData;
  /** Cached answers never go stale (staleTime Infinity): the page shows them without calling. */
  fresh?: boolean;
  /** Render into this element (default: a new div in the body). */
  container?: HTMLElement;
}

/**
 * A div#root in the body, as index.html has, to render into: a dialog makes the page behind it
 * inert by #root (components/dialog/use-dialog.ts), and popups mount beside it.
 */
export function appRoot(): HTMLElement {
  return document.body.appendChild(Object.assign(document.createElement('div'), { id: 'root' }));
}

/** A query cache for one test: no retries; `fresh`: nothing it holds goes stale. */
export function testQueryClient({ fresh = false }: { fresh?: boolean } = {}): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, ...(fresh ? { staleTime: Infinity } : {}) } } });
}

export function renderPage(ui: ReactNode, { at = '/', data = [], fresh = false, container }: RenderPageOptions = {}) {
  const client = testQueryClient({ fresh });
  for (const [key, value] of data) client.setQueryData(key, value);
  const routed = at === null ? ui : <MemoryRouter initialEntries={[at]}>{ui}</MemoryRouter>;
  const result = render(<QueryClientProvider client={client}>{routed}</QueryClientProvider>, container ? { container } : {});
  return { ...result, client };
}
