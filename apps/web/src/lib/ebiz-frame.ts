/**
 * Channel ebiz (docs/contract.md §4, §9): the app runs in an iframe of the e-commerce
 * portal, which cannot see the app's content height across origins. After
 * each navigation (once the new page has rendered: 500 ms) the app tells the
 * parent how tall to make the frame and asks it to scroll to the top. A page
 * keeps growing after that (its data, a chart, a list arriving late), so from
 * then on until the next navigation every change of the content's height is
 * told again (a ResizeObserver, debounced; the resize message only: the
 * reader may have scrolled).
 *
 * Messages, posted with `window.parent.postMessage(message, targetOrigin)`:
 *
 *   { type: 'abo-inquiry:resize', height: number }
 *     the frame height in CSS px: the content height + 4 px, never less than
 *     the 688 px base height the portal gives the frame;
 *   { type: 'abo-inquiry:scrollTop' }
 *     the parent scrolls its own window so the frame's top is in view.
 *
 * The parent must check `event.origin` against the app's origin and
 * `event.source` against the frame's contentWindow before acting.
 *
 * Target origin: never '*'. `VITE_EBIZ_PORTAL_ORIGINS` (comma-separated)
 * lists the portals allowed to receive the messages; without it the parent's
 * own origin is used (`location.ancestorOrigins`, else `document.referrer`).
 * Pages marked `ebizSkip` in the route table (the six incentive pages docs/contract.md §2
 * names) send nothing: they size themselves.
 */

export const EBIZ_BASE_HEIGHT = 688;
export const EBIZ_HEIGHT_PADDING = 4;
export const EBIZ_NOTIFY_DELAY_MS = 500;
/** How long the content's height must hold still before a change is told. */
export const EBIZ_RESIZE_DEBOUNCE_MS = 150;

export const EBIZ_RESIZE_MESSAGE = 'abo-inquiry:resize';
export const EBIZ_SCROLL_TOP_MESSAGE = 'abo-inquiry:scrollTop';

export type EbizMessage = { type: typeof EBIZ_RESIZE_MESSAGE; height: number } | { type: typeof EBIZ_SCROLL_TOP_MESSAGE };

export interface EbizNotifyOptions {
  /** The page is marked ebizSkip: send nothing. */
  skip?: boolean;
  /** Content height in px. Default: the document body's scroll height. */
  measure?: () => number;
  /** Comma-separated allowed parent origins. Default: VITE_EBIZ_PORTAL_ORIGINS. */
  allowedOrigins?: string;
  /** The window to notify from (tests pass a fake). */
  win?: Window;
  /** Watches the content for height changes (default: a ResizeObserver on the body, when the browser has one). */
  observe?: (onChange: () => void) => () => void;
}

/** Whether `win` is framed by another page. */
export function isInIframe(win: Window = window): boolean {
  try {
    return win.parent !== win;
  } catch {
    // Some browsers throw on cross-origin access: framed, then.
    return true;
  }
}

function originOf(url: string | undefined | null): string | null {
  if (!url) return null;
  try {
    const { origin, protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? origin : null;
  } catch {
    return null;
  }
}

function parseOrigins(list: string | undefined): string[] {
  if (!list) return [];
  return list
    .split(',')
    .map((entry) => originOf(entry.trim()))
    .filter((origin): origin is string => origin !== null);
}

/**
 * Origins to post to. With a configured list: the parent's origin when the
 * browser tells it and it is on the list (nothing when it is not), else every
 * listed origin (postMessage delivers only to the one that matches). Without
 * a list: the parent's origin from ancestorOrigins or the referrer, or none.
 */
export function ebizTargetOrigins(
  win: Window = window,
  allowedOrigins: string | undefined = import.meta.env.VITE_EBIZ_PORTAL_ORIGINS,
): string[] {
  const allowed = parseOrigins(allowedOrigins);
  const ancestors = win.location?.ancestorOrigins;
  const parentOrigin = originOf(ancestors && ancestors.length > 0 ? ancestors[0] : null);
  if (allowed.length > 0) {
    if (parentOrigin) return allowed.includes(parentOrigin) ? [parentOrigin] : [];
    return allowed;
  }
  const fallback = parentOrigin ?? originOf(win.document?.referrer);
  return fallback ? [fallback] : [];
}

/** The frame height to ask for: content + 4 px, at least the base height. */
export function ebizFrameHeight(contentHeight: number): number {
  const content = Number.isFinite(contentHeight) ? Math.ceil(contentHeight) : 0;
  return Math.max(EBIZ_BASE_HEIGHT, content + EBIZ_HEIGHT_PADDING);
}

let pending: ReturnType<typeof setTimeout> | undefined;
/** Stops watching the current page's height (set once its first notification is out). */
let stopWatching: (() => void) | undefined;

/** Cancels a notification still waiting for its delay, and the watch of the page's height (e.g. the user navigated again). */
export function cancelEbizNotify(): void {
  if (pending !== undefined) clearTimeout(pending);
  pending = undefined;
  stopWatching?.();
  stopWatching = undefined;
}

function post(win: Window, origins: readonly string[], messages: readonly EbizMessage[]): void {
  for (const origin of origins) {
    for (const message of messages) {
      try {
        win.parent.postMessage(message, origin);
      } catch {
        // A parent gone mid-navigation: nothing to resize.
      }
    }
  }
}

function observeBody(win: Window): ((onChange: () => void) => () => void) | undefined {
  const Observer = (win as Window & typeof globalThis).ResizeObserver;
  const body = win.document?.body;
  if (typeof Observer !== 'function' || !body) return undefined;
  return (onChange) => {
    const observer = new Observer(() => onChange());
    observer.observe(body);
    return () => observer.disconnect();
  };
}

/**
 * Call after each navigation on channel ebiz. Replaces any notification still
 * pending, then after 500 ms posts the resize and scroll-to-top messages to
 * the parent, and from then on a resize whenever the content's height changes
 * (a change within the 4 px padding is not told: a page as tall as its frame
 * would otherwise grow it without end). Does nothing outside an iframe, on
 * skipped pages, or when no target origin is known. Returns the cancel function.
 */
export function notifyEbizParent(options: EbizNotifyOptions = {}): () => void {
  cancelEbizNotify();
  const win = options.win ?? (typeof window === 'undefined' ? undefined : window);
  if (!win || options.skip || !isInIframe(win)) return cancelEbizNotify;
  const measure = options.measure ?? (() => win.document.body?.scrollHeight ?? 0);
  pending = setTimeout(() => {
    pending = undefined;
    const origins = ebizTargetOrigins(win, options.allowedOrigins ?? import.meta.env.VITE_EBIZ_PORTAL_ORIGINS);
    if (origins.length === 0) return;
    let told = ebizFrameHeight(measure());
    post(win, origins, [{ type: EBIZ_RESIZE_MESSAGE, height: told }, { type: EBIZ_SCROLL_TOP_MESSAGE }]);
    const observe = options.observe ?? observeBody(win);
    if (!observe) return;
    let settling: ReturnType<typeof setTimeout> | undefined;
    const unobserve = observe(() => {
      if (settling !== undefined) clearTimeout(settling);
      settling = setTimeout(() => {
        settling = undefined;
        const height = ebizFrameHeight(measure());
        if (Math.abs(height - told) <= EBIZ_HEIGHT_PADDING) return;
        told = height;
        post(win, origins, [{ type: EBIZ_RESIZE_MESSAGE, height }]);
      }, EBIZ_RESIZE_DEBOUNCE_MS);
    });
    stopWatching = () => {
      if (settling !== undefined) clearTimeout(settling);
      unobserve();
    };
  }, EBIZ_NOTIFY_DELAY_MS);
  return cancelEbizNotify;
}
