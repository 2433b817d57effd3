import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { RouteHandle } from './router-handle.ts';
import { routeTable, type RouteEntry } from './routes.ts';

/** What every page module exports: its component as `default`. */
type PageModule = { default: ComponentType };

// Every page module, imported lazily: one chunk per page.
const pageModules = import.meta.glob<PageModule>('../features/**/*-page.tsx');

function pageLoader(file: string): () => Promise<PageModule> {
  const load = pageModules[`../features/${file}`];
  if (!load) throw new Error(`The route table names a page module that does not exist: src/features/${file}`);
  return load;
}

function toRouteObject(entry: RouteEntry): RouteObject {
  const handle: RouteHandle = {
    area: entry.area,
    keepAlive: entry.keepAlive ?? false,
    ebizSkip: entry.ebizSkip ?? false,
  };
  const load = pageLoader(entry.page);
  const lazy = async () => ({ Component: (await load()).default });
  return entry.path === '/' ? { index: true, handle, lazy } : { path: entry.path.slice(1), handle, lazy };
}

/** The pages of the route table (spec §2) and the not-found page, under the app's root route. */
export function childRoutes(): RouteObject[] {
  return [
    ...routeTable.map(toRouteObject),
    { path: '*', lazy: async () => ({ Component: (await pageLoader('system/not-found-page.tsx')()).default }) },
  ];
}
