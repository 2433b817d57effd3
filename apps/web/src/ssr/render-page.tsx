/**
 * Issue #36: the first page's markup, rendered by the BFF for a sign-in from the portal (a
 * `?sessionToken=` in the address), so the largest paint no longer waits for the scripts. Built
 * by `vite build --ssr` into apps/web/dist/.ssr and run by the BFF in a worker thread
 * (apps/bff/src/page-render/) whose globals are a browser's (a jsdom window at the page's
 * address, its session storage holding the tokens of the exchange): the same modules as in the
 * browser render the same page, from the same calls, whose answers the worker asks the BFF for.
 *
 * Nothing here is hydrated: the browser renders the page itself as before and React replaces this
 * markup (index.html's placeholder until now) once the page's code has run; it shows the same
 * page, from the same answers (features/auth/early-exchange.ts hands them to the app's calls).
 */
import type { RenderRequest, RenderResult } from '@abo/contract/page-render';
import { skipToken, type FetchQueryOptions } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from 'react-router';
import { AppFrame } from '../app/app-frame.tsx';
import { childRoutes } from '../app/route-children.tsx';
import { BASENAME } from '../features/auth/auth-middleware.ts';
import { storeTokens } from '../features/auth/session.ts';
import { initI18n } from '../i18n/index.ts';
import { queryClient } from '../lib/query-client.ts';
import { setSession } from '../lib/storage.ts';

/** The server's route tree: the browser's, without the sign-in guard (the exchange has been made). */
function serverRoutes(): RouteObject[] {
  return [{ id: 'root', Component: AppFrame, children: childRoutes(BASENAME) }];
}

const SETTLE_LIMIT_MS = 3_000;
/** At most this many render passes (each fetches what the one before asked for). */
const PASSES = 3;

/**
 * The queries a render pass's components asked for, enabled, by key: every query's options pass
 * through defaultQueryOptions (lib/query-client.ts), the observer's with its `enabled`.
 */
const wanted = new Map<string, FetchQueryOptions>();
const defaults = queryClient.defaultQueryOptions.bind(queryClient);
queryClient.defaultQueryOptions = ((options: Parameters<typeof defaults>[0]) => {
  const defaulted = defaults(options);
  const enabled = (defaulted as { enabled?: unknown }).enabled;
  if (enabled !== false && typeof enabled !== 'function' && defaulted.queryFn && defaulted.queryFn !== skipToken)
    wanted.set(defaulted.queryHash ?? JSON.stringify(defaulted.queryKey), defaulted as FetchQueryOptions);
  return defaulted;
}) as typeof queryClient.defaultQueryOptions;

async function settled(): Promise<boolean> {
  const until = Date.now() + SETTLE_LIMIT_MS;
  while (queryClient.isFetching() > 0) {
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return true;
}

/**
 * Renders one page. The caller has set the window up for it (address, user agent) and renders
 * one page at a time: the session storage, the query cache and the language are the window's.
 */
export async function renderPage(request: RenderRequest): Promise<RenderResult> {
  sessionStorage.clear();
  if (!storeTokens(request.accessToken, request.idToken)) return { html: null, reason: 'id token unreadable' };
  setSession('channel', request.channel);
  initI18n(request.lang);
  queryClient.clear();
  // A refused call is not asked again here: the page goes out with its placeholder, and the browser asks.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  try {
    const handler = createStaticHandler(serverRoutes(), { basename: BASENAME });
    const context = await handler.query(new Request(request.url));
    if (context instanceof Response) return { html: null, reason: `redirect ${context.status}` };
    if (context.errors) return { html: null, reason: `route error: ${String(Object.values(context.errors)[0])}` };
    if (!(await settled())) return { html: null, reason: 'data late' };
    if (queryClient.getQueryCache().findAll({ predicate: (q) => q.state.status === 'error' }).length)
      return { html: null, reason: 'data refused' };
    const router = createStaticRouter(handler.dataRoutes, context);
    const page = <StaticRouterProvider router={router} context={context} hydrate={false} />;
    // Passes that wait for the lazily loaded parts (React.lazy) and ask for the data the page's
    // parts asked for (their queries, enabled, without data: a server render fetches none), until
    // a pass asks for nothing new; then the page is written with all of it in place (a prerender's
    // own output would reveal late parts with inline scripts, which the page's CSP does not allow).
    for (let pass = 0; pass < PASSES; pass++) {
      wanted.clear();
      await new Response((await prerender(page)).prelude).text();
      const missing = [...wanted.values()].filter((o) => {
        const state = queryClient.getQueryState(o.queryKey);
        return !state || (state.data === undefined && state.status !== 'error' && state.fetchStatus === 'idle');
      });
      if (missing.length === 0) break;
      await Promise.all(missing.map((o) => queryClient.prefetchQuery(o)));
      if (!(await settled())) return { html: null, reason: 'data late' };
    }
    return { html: renderToString(page) };
  } finally {
    queryClient.clear();
  }
}
