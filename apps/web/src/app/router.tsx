import { createBrowserRouter, type RouteObject } from 'react-router';
import { authMiddleware, BASENAME } from '../features/auth/auth-middleware.ts';

const ROOT_ID = 'root';
const frame = () => import('./app-frame.tsx');

/**
 * The root route only: the route table and the page map (111 paths) load on the first
 * navigation through react-router's lazy route discovery, so they stay out of the shell.
 * The BFF preloads that chunk from index.html with the page's own, so no request waits.
 */
export function buildRoutes(): RouteObject[] {
  return [
    {
      id: ROOT_ID,
      // Pathless and without children until discovery: it matches nothing by itself, so
      // every first navigation (the home page's too) discovers the table.
      middleware: [authMiddleware],
      // Loaded alongside the middleware (per-property lazy does not hold the middleware back).
      lazy: {
        Component: async () => (await frame()).AppFrame,
        ErrorBoundary: async () => (await frame()).RouteError,
      },
      // A loader makes sure the middleware runs on every navigation.
      loader: () => null,
      shouldRevalidate: () => true,
    },
  ];
}

let discovered: Promise<void> | null = null;

export function createAppRouter() {
  return createBrowserRouter(buildRoutes(), {
    basename: BASENAME,
    future: { v8_middleware: true },
    // The whole table at once (it holds a not-found route, so no path asks again).
    patchRoutesOnNavigation: ({ patch }) =>
      (discovered ??= import('./route-children.tsx').then(({ childRoutes }) => patch(ROOT_ID, childRoutes(BASENAME)))),
  });
}
