import type { ComponentType } from 'react';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { queryClient, type PagePrefetch } from '../lib/query-client.ts';
import { getSession } from '../lib/storage.ts';
import type { RouteHandle } from './router-handle.ts';
import { ownRoutes, routeTable, type RouteEntry } from './routes.ts';

/** What every page module exports: its component as `default`, and maybe how to prefetch its data. */
type PageModule = { default: ComponentType; prefetch?: PagePrefetch };

// Every page module, imported lazily: one chunk per page.
const pageModules = import.meta.glob<PageModule>('../features/**/*-page.tsx');

function pageLoader(file: string): () => Promise<PageModule> {
  const load = pageModules[`../features/${file}`];
  if (!load) throw new Error(`The route table names a page module that does not exist: src/features/${file}`);
  return load;
}

/**
 * A loader that starts the page's queries and returns at once: it runs as soon as the sign-in
 * guard has its tokens, so the requests go out while React renders, not after the page
 * mounts. The navigation never waits for them (the page's skeleton shows as before).
 */
function prefetchLoader(prefetch: PagePrefetch, basename: string, handle: RouteHandle) {
  return ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    // Staff shown the look-up (no distributor chosen) or a read-only notice instead of the page
    // (app/staff-screen.ts) need none of its data.
    if (getSession('channel') === 'iinquiry' && (handle.write || !(url.searchParams.get('queryAda') ?? getSession('queryAda'))))
      return null;
    const inApp = url.pathname.toLowerCase().startsWith(basename) ? url.pathname.slice(basename.length) : url.pathname;
    prefetch({ pathname: inApp || '/', searchParams: url.searchParams }, queryClient);
    return null;
  };
}

function toRouteObject(entry: RouteEntry, basename: string): RouteObject {
  const handle: RouteHandle = {
    area: entry.area,
    keepAlive: entry.keepAlive ?? false,
    ebizSkip: entry.ebizSkip ?? false,
    write: entry.write ?? false,
  };
  const load = pageLoader(entry.page);
  const lazy = async () => {
    const page = await load();
    return { Component: page.default, ...(page.prefetch && { loader: prefetchLoader(page.prefetch, basename, handle) }) };
  };
  return entry.path === '/' ? { index: true, handle, lazy } : { path: entry.path.slice(1), handle, lazy };
}

/**
 * The pages of the route table (docs/contract.md §2), the app's own pages beside it (the
 * operators' import page) and the not-found page, under the app's root route.
 * `basename`: the router's (lowercase), which the prefetching loaders take off the address.
 */
export function childRoutes(basename: string): RouteObject[] {
  return [
    ...[...routeTable, ...ownRoutes].map((entry) => toRouteObject(entry, basename)),
    { path: '*', lazy: async () => ({ Component: (await pageLoader('system/not-found-page.tsx')()).default }) },
  ];
}
