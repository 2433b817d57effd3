/**
 * Channel ebiz (docs/contract.md §4, §9): the app runs in an iframe of the e-commerce
 * portal, which cannot see the app's content height across origins. After
 * each navigation (once the new page has rendered: 500 ms) the app tells the
 * parent how tall to make the frame and asks it to scroll to the top.
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

/** Cancels a notification still waiting for its delay (e.g. the user navigated again). */
export function cancelEbizNotify(): void {
  if (pending !== undefined) clearTimeout(pending);
  pending = undefined;
}

/**
 * Call after each navigation on channel ebiz. Replaces any notification still
 * pending, then after 500 ms posts the resize and scroll-to-top messages to
 * the parent. Does nothing outside an iframe, on skipped pages, or when no
 * target origin is known. Returns the cancel function.
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
    const resize: EbizMessage = { type: EBIZ_RESIZE_MESSAGE, height: ebizFrameHeight(measure()) };
    const scrollTop: EbizMessage = { type: EBIZ_SCROLL_TOP_MESSAGE };
    for (const origin of origins) {
      try {
        win.parent.postMessage(resize, origin);
        win.parent.postMessage(scrollTop, origin);
      } catch {
        // A parent gone mid-navigation: nothing to resize.
      }
    }
  }, EBIZ_NOTIFY_DELAY_MS);
  return cancelEbizNotify;
}
