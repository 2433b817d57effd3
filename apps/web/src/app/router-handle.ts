import type { RouteEntry } from './routes.ts';

/** Per-route policy, carried in the route's static `handle`. */
export interface RouteHandle {
  area: RouteEntry['area'];
  keepAlive: boolean;
  ebizSkip: boolean;
  write: boolean;
}
