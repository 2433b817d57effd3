const RELOAD_KEY = 'preloadErrorReloadAt';
const LOOP_GUARD_MS = 10_000;

/**
 * A page chunk that fails to load (usually: a new deploy removed the old
 * hashed files) reloads the page once; a second failure within 10 s is
 * rethrown to the error boundary instead of looping.
 */
export function installPreloadErrorHandler(win: Window = window, now: () => number = Date.now): void {
  win.addEventListener('vite:preloadError', (event) => {
    const last = Number(win.sessionStorage.getItem(RELOAD_KEY) ?? 0);
    if (now() - last > LOOP_GUARD_MS) {
      event.preventDefault();
      win.sessionStorage.setItem(RELOAD_KEY, String(now()));
      win.location.reload();
    }
  });
}
