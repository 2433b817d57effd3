import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EBIZ_BASE_HEIGHT,
  EBIZ_HEIGHT_PADDING,
  EBIZ_NOTIFY_DELAY_MS,
  EBIZ_RESIZE_DEBOUNCE_MS,
  cancelEbizNotify,
  ebizFrameHeight,
  ebizTargetOrigins,
  isInIframe,
  notifyEbizParent,
} from './ebiz-frame.ts';

interface FrameOptions {
  referrer?: string;
  ancestorOrigins?: string[];
  bodyHeight?: number;
}

/** A framed window with a parent that records what it is told. */
function fakeFrame({ referrer = 'https://portal.example/shop/inquiry', ancestorOrigins, bodyHeight = 900 }: FrameOptions = {}) {
  const parent = { postMessage: vi.fn() };
  const body = { scrollHeight: bodyHeight };
  const win = {
    parent,
    document: { referrer, body },
    location: { ancestorOrigins },
  } as unknown as Window;
  return { win, parent, body };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cancelEbizNotify();
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describe('spec constants', () => {
  it('are the spec values', () => {
    expect(EBIZ_BASE_HEIGHT).toBe(688);
    expect(EBIZ_HEIGHT_PADDING).toBe(4);
    expect(EBIZ_NOTIFY_DELAY_MS).toBe(500);
  });

  it('asks for content + 4 px, never less than 688 px', () => {
    expect(ebizFrameHeight(900)).toBe(904);
    expect(ebizFrameHeight(684)).toBe(688);
    expect(ebizFrameHeight(685)).toBe(689);
    expect(ebizFrameHeight(300)).toBe(688);
    expect(ebizFrameHeight(900.2)).toBe(905);
    expect(ebizFrameHeight(Number.NaN)).toBe(688);
  });
});

describe('notifyEbizParent', () => {
  it('tells the parent the height + 4 px and to scroll to top, 500 ms after navigation', () => {
    const { win, parent } = fakeFrame({ bodyHeight: 1200 });
    notifyEbizParent({ win });
    vi.advanceTimersByTime(499);
    expect(parent.postMessage).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(parent.postMessage.mock.calls).toEqual([
      [{ type: 'abo-inquiry:resize', height: 1204 }, 'https://portal.example'],
      [{ type: 'abo-inquiry:scrollTop' }, 'https://portal.example'],
    ]);
  });

  it('measures when the delay ends, not at navigation', () => {
    const { win, parent, body } = fakeFrame({ bodyHeight: 100 });
    notifyEbizParent({ win });
    body.scrollHeight = 1500;
    vi.advanceTimersByTime(500);
    expect(parent.postMessage).toHaveBeenCalledWith({ type: 'abo-inquiry:resize', height: 1504 }, 'https://portal.example');
  });

  it('asks for the 688 px base height on a short page', () => {
    const { win, parent } = fakeFrame({ bodyHeight: 200 });
    notifyEbizParent({ win });
    vi.advanceTimersByTime(500);
    expect(parent.postMessage).toHaveBeenCalledWith({ type: 'abo-inquiry:resize', height: 688 }, 'https://portal.example');
  });

  it('uses a caller-supplied measure', () => {
    const { win, parent } = fakeFrame();
    notifyEbizParent({ win, measure: () => 2000 });
    vi.advanceTimersByTime(500);
    expect(parent.postMessage).toHaveBeenCalledWith({ type: 'abo-inquiry:resize', height: 2004 }, 'https://portal.example');
  });

  it('sends nothing for pages marked ebizSkip', () => {
    const { win, parent } = fakeFrame();
    notifyEbizParent({ win, skip: true });
    vi.advanceTimersByTime(5000);
    expect(parent.postMessage).not.toHaveBeenCalled();
  });

  it('a skipped page cancels the notification of the page before it', () => {
    const { win, parent } = fakeFrame();
    notifyEbizParent({ win });
    vi.advanceTimersByTime(200);
    notifyEbizParent({ win, skip: true });
    vi.advanceTimersByTime(5000);
    expect(parent.postMessage).not.toHaveBeenCalled();
  });

  it('sends once for quick successive navigations, with the latest page', () => {
    const { win, parent, body } = fakeFrame({ bodyHeight: 800 });
    notifyEbizParent({ win });
    vi.advanceTimersByTime(300);
    body.scrollHeight = 1000;
    notifyEbizParent({ win });
    vi.advanceTimersByTime(300);
    expect(parent.postMessage).not.toHaveBeenCalled();
    vi.advanceTimersByTime(200);
    expect(parent.postMessage).toHaveBeenCalledTimes(2);
    expect(parent.postMessage).toHaveBeenCalledWith({ type: 'abo-inquiry:resize', height: 1004 }, 'https://portal.example');
  });

  it('tells every later change of the height, once it has held still, until the next navigation', () => {
    const { win, parent, body } = fakeFrame({ bodyHeight: 900 });
    const watch = { changed: () => undefined as void, stopped: 0 };
    const observe = (onChange: () => void) => {
      watch.changed = onChange;
      return () => void (watch.stopped += 1);
    };
    notifyEbizParent({ win, observe });
    vi.advanceTimersByTime(500);
    parent.postMessage.mockClear();
    // The page's data arrives: it grows twice in quick succession, then holds still.
    body.scrollHeight = 1700;
    watch.changed();
    vi.advanceTimersByTime(EBIZ_RESIZE_DEBOUNCE_MS - 50);
    body.scrollHeight = 2700;
    watch.changed();
    vi.advanceTimersByTime(EBIZ_RESIZE_DEBOUNCE_MS - 1);
    expect(parent.postMessage).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(parent.postMessage.mock.calls).toEqual([[{ type: 'abo-inquiry:resize', height: 2704 }, 'https://portal.example']]);
    // It shrinks (a section folded): told too; no scroll to the top (the reader may have scrolled).
    body.scrollHeight = 1000;
    watch.changed();
    vi.advanceTimersByTime(EBIZ_RESIZE_DEBOUNCE_MS);
    expect(parent.postMessage).toHaveBeenLastCalledWith({ type: 'abo-inquiry:resize', height: 1004 }, 'https://portal.example');
    expect(parent.postMessage).toHaveBeenCalledTimes(2);
    // The next navigation stops the watch of this page.
    notifyEbizParent({ win, observe });
    expect(watch.stopped).toBe(1);
  });

  it('does not grow a page as tall as its frame without end', () => {
    // A page of min-height 100vh is as tall as the frame: each resize would make it 4 px taller.
    const { win, parent, body } = fakeFrame({ bodyHeight: 1000 });
    let changed = () => undefined as void;
    notifyEbizParent({ win, observe: (onChange) => ((changed = onChange), () => undefined) });
    vi.advanceTimersByTime(500);
    body.scrollHeight = 1004;
    changed();
    vi.advanceTimersByTime(EBIZ_RESIZE_DEBOUNCE_MS);
    expect(parent.postMessage).toHaveBeenCalledTimes(2);
  });

  it("watches the body with the browser's ResizeObserver by default", () => {
    const observed: unknown[] = [];
    let disconnected = 0;
    class FakeObserver {
      constructor(readonly callback: () => void) {}
      observe(target: unknown) {
        observed.push(target);
      }
      disconnect() {
        disconnected += 1;
      }
    }
    const { win, body } = fakeFrame();
    (win as unknown as { ResizeObserver: unknown }).ResizeObserver = FakeObserver;
    notifyEbizParent({ win });
    expect(observed).toEqual([]);
    vi.advanceTimersByTime(500);
    expect(observed).toEqual([body]);
    cancelEbizNotify();
    expect(disconnected).toBe(1);
  });

  it('can be cancelled', () => {
    const { win, parent } = fakeFrame();
    const cancel = notifyEbizParent({ win });
    cancel();
    vi.advanceTimersByTime(1000);
    expect(parent.postMessage).not.toHaveBeenCalled();
  });

  it('does nothing outside an iframe', () => {
    expect(isInIframe(window)).toBe(false);
    const spy = vi.spyOn(window, 'postMessage');
    notifyEbizParent();
    vi.advanceTimersByTime(1000);
    expect(spy).not.toHaveBeenCalled();
  });

  it('posts to nobody rather than to "*" when the parent origin is unknown', () => {
    const { win, parent } = fakeFrame({ referrer: '' });
    notifyEbizParent({ win, allowedOrigins: '' });
    vi.advanceTimersByTime(500);
    expect(parent.postMessage).not.toHaveBeenCalled();
  });
});

describe('ebizTargetOrigins', () => {
  it('uses the referrer origin without a configured list', () => {
    expect(ebizTargetOrigins(fakeFrame().win, undefined)).toEqual(['https://portal.example']);
    expect(ebizTargetOrigins(fakeFrame({ referrer: 'about:blank' }).win, undefined)).toEqual([]);
    expect(ebizTargetOrigins(fakeFrame({ referrer: 'not a url' }).win, '')).toEqual([]);
  });

  it('prefers the real parent origin from ancestorOrigins over the referrer', () => {
    const { win } = fakeFrame({ referrer: 'https://idp.example/login', ancestorOrigins: ['https://portal.example'] });
    expect(ebizTargetOrigins(win, undefined)).toEqual(['https://portal.example']);
  });

  it('posts to every listed portal when the parent origin is unknown', () => {
    const { win } = fakeFrame({ referrer: '' });
    expect(ebizTargetOrigins(win, ' https://a.example , https://b.example/path,junk')).toEqual(['https://a.example', 'https://b.example']);
  });

  it('posts only to a listed parent, and to nobody when the parent is not listed', () => {
    const listed = fakeFrame({ ancestorOrigins: ['https://b.example'] }).win;
    expect(ebizTargetOrigins(listed, 'https://a.example,https://b.example')).toEqual(['https://b.example']);
    const stranger = fakeFrame({ ancestorOrigins: ['https://evil.example'] }).win;
    expect(ebizTargetOrigins(stranger, 'https://a.example,https://b.example')).toEqual([]);
  });

  it('reads the list from VITE_EBIZ_PORTAL_ORIGINS by default', () => {
    vi.stubEnv('VITE_EBIZ_PORTAL_ORIGINS', 'https://mall.example');
    const { win, parent } = fakeFrame({ referrer: 'https://elsewhere.example/' });
    notifyEbizParent({ win });
    vi.advanceTimersByTime(500);
    expect(parent.postMessage).toHaveBeenCalledWith({ type: 'abo-inquiry:scrollTop' }, 'https://mall.example');
    expect(parent.postMessage).not.toHaveBeenCalledWith(expect.anything(), 'https://elsewhere.example');
  });
});

describe('with a real parent window', () => {
  it('delivers both messages to a parent on an allowed origin only', async () => {
    const iframe = document.createElement('iframe');
    document.body.appendChild(iframe);
    const child = iframe.contentWindow!;
    expect(isInIframe(child)).toBe(true);
    const received: unknown[] = [];
    const onMessage = (event: MessageEvent) => received.push(event.data);
    window.addEventListener('message', onMessage);
    try {
      notifyEbizParent({ win: child, allowedOrigins: window.location.origin, measure: () => 1000 });
      vi.advanceTimersByTime(500);
      notifyEbizParent({ win: child, allowedOrigins: 'https://not-the-parent.example', measure: () => 1000 });
      vi.advanceTimersByTime(500);
      vi.useRealTimers();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(received).toEqual([{ type: 'abo-inquiry:resize', height: 1004 }, { type: 'abo-inquiry:scrollTop' }]);
    } finally {
      window.removeEventListener('message', onMessage);
      iframe.remove();
    }
  });
});
