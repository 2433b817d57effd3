import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteError } from '../components/route-error.tsx';
import { AppLayout } from './app-layout.tsx';
import type { RouteHandle } from './router-handle.ts';
import { routeTable, type RouteEntry } from './routes.ts';
import { authMiddleware, BASENAME } from '../features/auth/auth-middleware.ts';

function toRouteObject(entry: RouteEntry): RouteObject {
  const handle: RouteHandle = {
    area: entry.area,
    keepAlive: entry.keepAlive ?? false,
    ebizSkip: entry.ebizSkip ?? false,
  };
  const lazy = async () => ({ Component: (await entry.page()).default });
  return entry.path === '/' ? { index: true, handle, lazy } : { path: entry.path.slice(1), handle, lazy };
}

export function buildRoutes(): RouteObject[] {
  return [
    {
      path: '/',
      Component: AppLayout,
      middleware: [authMiddleware],
      // A loader makes sure the middleware runs on every navigation.
      loader: () => null,
      shouldRevalidate: () => true,
      ErrorBoundary: RouteError,
      children: [
        ...routeTable.map(toRouteObject),
        { path: '*', lazy: async () => ({ Component: (await import('../features/system/not-found-page.tsx')).default }) },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes(), { basename: BASENAME, future: { v8_middleware: true } });
}
