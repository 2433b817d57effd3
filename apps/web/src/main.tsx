import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { initI18n } from './i18n/index.ts';
import { installPreloadErrorHandler } from './lib/preload-error.ts';
import { installRootFontSize } from './lib/root-font-size.ts';
import './styles/global.css';

installPreloadErrorHandler();
installRootFontSize();
initI18n();

const router = createAppRouter();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
