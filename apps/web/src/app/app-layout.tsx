import { Outlet, ScrollRestoration } from 'react-router';

/** The shell around every page. */
export function AppLayout() {
  return (
    <div className="app">
      <Outlet />
      <ScrollRestoration />
    </div>
  );
}
