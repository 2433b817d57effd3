import { unstableSetRender } from 'antd-mobile';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { initI18n } from './i18n/index.ts';
import { installPreloadErrorHandler } from './lib/preload-error.ts';
import { installRootFontSize } from './lib/root-font-size.ts';
import './styles/global.css';

// antd-mobile's imperative Toast/Dialog render through this on React 19.
unstableSetRender((node, container) => {
  const holder = container as Element & { __root?: Root };
  holder.__root ??= createRoot(container);
  const root = holder.__root;
  root.render(node);
  return async () => {
    await Promise.resolve();
    root.unmount();
    delete holder.__root;
  };
});

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
