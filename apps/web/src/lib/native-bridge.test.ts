import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BRIDGE_READY_EVENT,
  NativeBridgeError,
  WVJB_LOADED_URL,
  callHandler,
  getEnv,
  initNativeBridge,
  initUniqueSID,
  type WebViewJavascriptBridge,
} from './native-bridge.ts';

type TestWindow = Window & {
  WebViewJavascriptBridge?: WebViewJavascriptBridge;
  WVJBCallbacks?: Array<(b: WebViewJavascriptBridge) => void>;
};
const win = window as TestWindow;

/** A native app answering getEnv and initUniqueSID after `delayMs`, as a JsBridge would (JSON strings). */
function fakeBridge(answers: Record<string, unknown> = {}, delayMs = 10) {
  const calls: Array<{ name: string; data: unknown }> = [];
  const bridge = {
    calls,
    init: vi.fn(),
    callHandler: vi.fn((name: string, data: unknown, respond?: (response: unknown) => void) => {
      calls.push({ name, data });
      if (!(name in answers)) return; // a handler that never answers
      setTimeout(() => respond?.(answers[name]), delayMs);
    }),
  };
  return bridge;
}

const APP_ANSWERS = {
  getEnv: JSON.stringify({ code: 0, data: { version: '6.3.1' } }),
  initUniqueSID: { code: 0, data: { S_ID: 'sid-42' } },
};

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  delete win.WebViewJavascriptBridge;
  delete win.WVJBCallbacks;
  document.querySelectorAll('iframe').forEach((f) => f.remove());
});

describe('callHandler without a bridge', () => {
  it('never throws synchronously and rejects after the timeout', async () => {
    let promise!: Promise<unknown>;
    expect(() => {
      promise = callHandler('getEnv');
    }).not.toThrow();
    const outcome = promise.then(
      () => 'resolved',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(2999);
    let early = false;
    void outcome.then(() => (early = true));
    await Promise.resolve();
    expect(early).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(NativeBridgeError);
    expect((error as NativeBridgeError).reason).toBe('timeout');
  });

  it('does not try the iOS scheme outside iOS (browsers refuse and log it)', async () => {
    const pending = callHandler('getEnv', {}, 100).catch(() => undefined);
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(100);
    await pending;
  });

  it('asks the iOS native side to load the bridge with a hidden WVJB iframe, once', async () => {
    const ua = vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)');
    const first = callHandler('getEnv', {}, 100).catch(() => undefined);
    const second = callHandler('initUniqueSID', {}, 100).catch(() => undefined);
    const frames = document.querySelectorAll('iframe');
    expect(frames).toHaveLength(1);
    expect(frames[0]!.getAttribute('src')).toBe(WVJB_LOADED_URL);
    expect(frames[0]!.style.display).toBe('none');
    await vi.advanceTimersByTimeAsync(0);
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(100);
    await Promise.all([first, second]);
    // Timed-out callers leave nothing queued for a late bridge.
    expect(win.WVJBCallbacks).toEqual([]);
    ua.mockRestore();
  });

  it('initNativeBridge resolves nulls and stores nothing', async () => {
    const result = initNativeBridge();
    await vi.advanceTimersByTimeAsync(3000);
    await expect(result).resolves.toEqual({ appVersion: null, sid: null });
    expect(sessionStorage.getItem('appVersion')).toBeNull();
    expect(sessionStorage.getItem('SID')).toBeNull();
  });
});

describe('callHandler with a bridge', () => {
  it('calls a bridge that is already there and parses a JSON-string answer', async () => {
    const bridge = fakeBridge(APP_ANSWERS);
    win.WebViewJavascriptBridge = bridge;
    const result = callHandler<{ data: { version: string } }>('getEnv', { a: 1 });
    await vi.advanceTimersByTimeAsync(10);
    await expect(result).resolves.toEqual({ code: 0, data: { version: '6.3.1' } });
    expect(bridge.calls).toEqual([{ name: 'getEnv', data: { a: 1 } }]);
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('initialises an Android JsBridge exactly once', async () => {
    const bridge = fakeBridge(APP_ANSWERS);
    win.WebViewJavascriptBridge = bridge;
    const both = Promise.all([getEnv(), initUniqueSID()]);
    await vi.advanceTimersByTimeAsync(10);
    await both;
    expect(bridge.init).toHaveBeenCalledTimes(1);
  });

  it('survives a bridge whose init was already called by someone else', async () => {
    const bridge = fakeBridge(APP_ANSWERS);
    bridge.init.mockImplementation(() => {
      throw new Error('WebViewJavascriptBridge.init called twice');
    });
    win.WebViewJavascriptBridge = bridge;
    const version = getEnv();
    await vi.advanceTimersByTimeAsync(10);
    await expect(version).resolves.toBe('6.3.1');
  });

  it('waits for the WebViewJavascriptBridgeReady event (Android)', async () => {
    const result = getEnv();
    await vi.advanceTimersByTimeAsync(500);
    const bridge = fakeBridge(APP_ANSWERS);
    win.WebViewJavascriptBridge = bridge;
    document.dispatchEvent(new Event(BRIDGE_READY_EVENT));
    await vi.advanceTimersByTimeAsync(10);
    await expect(result).resolves.toBe('6.3.1');
  });

  it('takes the bridge from the WVJB setup callbacks (iOS)', async () => {
    const result = initUniqueSID();
    await vi.advanceTimersByTimeAsync(200);
    // What WebViewJavascriptBridge_JS does once injected.
    const bridge = fakeBridge(APP_ANSWERS);
    const callbacks = win.WVJBCallbacks!;
    delete win.WVJBCallbacks;
    win.WebViewJavascriptBridge = bridge;
    callbacks.forEach((callback) => callback(bridge));
    await vi.advanceTimersByTimeAsync(10);
    await expect(result).resolves.toBe('sid-42');
  });

  it('rejects when the handler never answers, and ignores a late answer', async () => {
    let respond: ((r: unknown) => void) | undefined;
    win.WebViewJavascriptBridge = { callHandler: (_n, _d, cb) => (respond = cb) };
    const result = callHandler('slow', {}, 50);
    const rejection = expect(result).rejects.toMatchObject({ reason: 'timeout' });
    await vi.advanceTimersByTimeAsync(50);
    await rejection;
    expect(() => respond?.('late')).not.toThrow();
  });

  it('turns a throwing bridge into a rejection', async () => {
    win.WebViewJavascriptBridge = {
      callHandler: () => {
        throw new Error('native crashed');
      },
    };
    let promise!: Promise<unknown>;
    expect(() => (promise = callHandler('getEnv'))).not.toThrow();
    await expect(promise).rejects.toThrow('native crashed');
  });

  it('rejects getEnv and initUniqueSID answers without the expected field', async () => {
    win.WebViewJavascriptBridge = fakeBridge({ getEnv: { data: {} }, initUniqueSID: 'not json' });
    const version = expect(getEnv()).rejects.toMatchObject({ reason: 'bad-response' });
    const sid = expect(initUniqueSID()).rejects.toMatchObject({ reason: 'bad-response' });
    await vi.advanceTimersByTimeAsync(10);
    await Promise.all([version, sid]);
  });
});

describe('initNativeBridge', () => {
  it('stores appVersion and SID under the spec keys', async () => {
    win.WebViewJavascriptBridge = fakeBridge(APP_ANSWERS);
    const result = initNativeBridge();
    await vi.advanceTimersByTimeAsync(10);
    await expect(result).resolves.toEqual({ appVersion: '6.3.1', sid: 'sid-42' });
    expect(sessionStorage.getItem('appVersion')).toBe('6.3.1');
    expect(sessionStorage.getItem('SID')).toBe('sid-42');
  });

  it('accepts a numeric version', async () => {
    win.WebViewJavascriptBridge = fakeBridge({ getEnv: { data: { version: 7 } }, initUniqueSID: APP_ANSWERS.initUniqueSID });
    const result = initNativeBridge();
    await vi.advanceTimersByTimeAsync(10);
    await expect(result).resolves.toEqual({ appVersion: '7', sid: 'sid-42' });
  });

  it('keeps what this tab stored before when the app does not answer', async () => {
    sessionStorage.setItem('appVersion', '6.0.0');
    sessionStorage.setItem('SID', 'earlier');
    win.WebViewJavascriptBridge = fakeBridge({ getEnv: APP_ANSWERS.getEnv });
    const result = initNativeBridge(100);
    await vi.advanceTimersByTimeAsync(100);
    await expect(result).resolves.toEqual({ appVersion: '6.3.1', sid: 'earlier' });
    expect(sessionStorage.getItem('SID')).toBe('earlier');
  });
});
