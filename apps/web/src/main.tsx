import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './app/router.tsx';
import { beginSignIn } from './features/auth/auth-middleware.ts';
import { installPreloadErrorHandler } from './lib/preload-error.ts';
import { installRootFontSize } from './lib/root-font-size.ts';
import './styles/global.css';

installPreloadErrorHandler();
installRootFontSize();

// A session token in the address is exchanged now, while the rest of the page's code loads.
beginSignIn();
// The router starts the first navigation at once: the sign-in guard, the app
// frame and the page load in parallel.
const router = createAppRouter();
// As a transition, so React renders the first page in slices and the browser
// stays responsive, instead of one long task.
const render = () =>
  startTransition(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    ),
  );
// React renders once that navigation is done: until then index.html's
// placeholder stays on screen (a router not yet initialized renders nothing).
if (router.state.initialized) render();
else {
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    render();
  });
}
