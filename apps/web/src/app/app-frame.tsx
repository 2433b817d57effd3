// Sets i18next up as it loads (i18n/index.ts), before any page's texts are added.
import '../i18n/index.ts';
import { queryClient } from '../lib/query-client.ts';
import { AppLayout } from './app-layout.tsx';
import { AppProviders } from './providers.tsx';

export { RouteError } from '../components/route-error.tsx';

/*
 * The app frame: what every page renders inside (translations, the query
 * client, the cached views and the channel's integrations). The root route
 * loads it lazily, so the shell (React, the router, the sign-in guard) starts
 * the guard's token exchange and the page's chunks without first downloading
 * and running i18next and TanStack Query; the BFF preloads it with the page.
 */

export function AppFrame() {
  return (
    <AppProviders queryClient={queryClient}>
      <AppLayout />
    </AppProviders>
  );
}
