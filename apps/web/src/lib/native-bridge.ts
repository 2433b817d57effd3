import { getSession, setSession } from './storage.ts';

/**
 * Client for the native app's WebViewJavascriptBridge (channel ca). The app
 * wraps the page in a webview and injects the bridge some time after the
 * page starts, in one of the two common ways:
 * - Android (JsBridge): `window.WebViewJavascriptBridge` appears and a
 *   `WebViewJavascriptBridgeReady` event fires on document; the page must
 *   call `bridge.init` once or answers from native stay queued.
 * - iOS (WebViewJavascriptBridge): the page pushes a setup callback onto
 *   `window.WVJBCallbacks` and loads a hidden iframe at
 *   `wvjbscheme://__BRIDGE_LOADED__`; the native side injects the bridge and
 *   calls every queued callback with it.
 * Call this only on channel ca: in a plain browser the iframe is a harmless
 * no-op, but every call waits for its timeout. Nothing here throws
 * synchronously and a missing bridge never breaks the page.
 */

export const DEFAULT_BRIDGE_TIMEOUT_MS = 3000;
export const WVJB_LOADED_URL = 'wvjbscheme://__BRIDGE_LOADED__';
export const BRIDGE_READY_EVENT = 'WebViewJavascriptBridgeReady';

export interface WebViewJavascriptBridge {
  callHandler(name: string, data?: unknown, responseCallback?: (response: unknown) => void): void;
  /** Android JsBridge only: sets the default handler and releases queued native messages. */
  init?: (handler: (message: unknown, respond?: (response: unknown) => void) => void) => void;
}

type SetupCallback = (bridge: WebViewJavascriptBridge) => void;

interface BridgeWindow extends Window {
  WebViewJavascriptBridge?: WebViewJavascriptBridge;
  WVJBCallbacks?: SetupCallback[];
}

/** The envelope the native handlers answer with. */
export interface NativeResponse<T> {
  code?: number | string;
  message?: string;
  data?: T;
}

export class NativeBridgeError extends Error {
  constructor(
    message: string,
    readonly reason: 'timeout' | 'unavailable' | 'bad-response',
  ) {
    super(message);
    this.name = 'NativeBridgeError';
  }
}

// JsBridge's init throws when called twice; remember which bridges are set up.
const initialised = new WeakSet<WebViewJavascriptBridge>();

function ensureInitialised(bridge: WebViewJavascriptBridge): void {
  if (initialised.has(bridge)) return;
  initialised.add(bridge);
  if (typeof bridge.init !== 'function') return;
  try {
    // No page-level handler for native-initiated messages: acknowledge them empty.
    bridge.init((_message, respond) => respond?.(''));
  } catch {
    // Someone else (a native-injected script) already initialised it: fine.
  }
}

/**
 * Runs `onReady` once with the bridge, now if it is there, else when one of
 * the injection paths delivers it. Returns a function that stops waiting.
 */
function whenBridgeReady(win: BridgeWindow, onReady: SetupCallback): () => void {
  const existing = win.WebViewJavascriptBridge;
  if (existing) {
    onReady(existing);
    return () => {};
  }
  let done = false;
  const deliver = (bridge: WebViewJavascriptBridge | undefined) => {
    if (done || !bridge) return;
    done = true;
    stop();
    onReady(bridge);
  };
  const onEvent = (event: Event) => deliver((event as Event & { bridge?: WebViewJavascriptBridge }).bridge ?? win.WebViewJavascriptBridge);
  const setupCallback: SetupCallback = (bridge) => deliver(bridge);
  const stop = () => {
    done = true;
    win.document.removeEventListener(BRIDGE_READY_EVENT, onEvent);
    const queue = win.WVJBCallbacks;
    const index = queue?.indexOf(setupCallback) ?? -1;
    if (queue && index >= 0) queue.splice(index, 1);
  };

  win.document.addEventListener(BRIDGE_READY_EVENT, onEvent);
  if (win.WVJBCallbacks) {
    // A load request is already pending: join it instead of loading twice.
    win.WVJBCallbacks.push(setupCallback);
  } else {
    win.WVJBCallbacks = [setupCallback];
    // Only iOS webviews load the bridge through this scheme; elsewhere the
    // browser would refuse (and log) an external-protocol navigation.
    if (!/iPhone|iPad|iPod/i.test(win.navigator?.userAgent ?? '')) return stop;
    const iframe = win.document.createElement('iframe');
    iframe.style.display = 'none';
    iframe.src = WVJB_LOADED_URL;
    win.document.documentElement.appendChild(iframe);
    // The native side sees the navigation request at once; the element can go.
    win.setTimeout(() => iframe.remove(), 0);
  }
  return stop;
}

/** JsBridge hands answers over as JSON strings, WVJB as objects: accept both. */
function parseResponse(response: unknown): unknown {
  if (typeof response !== 'string') return response;
  try {
    return JSON.parse(response) as unknown;
  } catch {
    return response;
  }
}

/**
 * Calls a native handler and resolves its answer. Waits for the bridge to be
 * injected; rejects with a NativeBridgeError when no answer arrives within
 * `timeoutMs` (the wait for the bridge included).
 */
export function callHandler<T>(name: string, data?: unknown, timeoutMs = DEFAULT_BRIDGE_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (typeof window === 'undefined') {
      reject(new NativeBridgeError('No window: the native bridge is unavailable', 'unavailable'));
      return;
    }
    let settled = false;
    let stopWaiting: () => void = () => {};
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      stopWaiting();
      settle();
    };
    const timer = setTimeout(
      () => finish(() => reject(new NativeBridgeError(`Native handler ${name} did not answer within ${timeoutMs} ms`, 'timeout'))),
      timeoutMs,
    );
    try {
      stopWaiting = whenBridgeReady(window as BridgeWindow, (bridge) => {
        try {
          ensureInitialised(bridge);
          bridge.callHandler(name, data, (response) => finish(() => resolve(parseResponse(response) as T)));
        } catch (error) {
          finish(() => reject(error instanceof Error ? error : new NativeBridgeError(String(error), 'unavailable')));
        }
      });
    } catch (error) {
      finish(() => reject(error instanceof Error ? error : new NativeBridgeError(String(error), 'unavailable')));
    }
  });
}

function readField(response: unknown, field: string): string | null {
  const data = (response as NativeResponse<Record<string, unknown>> | null)?.data;
  const value = data?.[field];
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The app version (getEnv answers `data.version`). */
export async function getEnv(timeoutMs = DEFAULT_BRIDGE_TIMEOUT_MS): Promise<string> {
  const version = readField(await callHandler('getEnv', {}, timeoutMs), 'version');
  if (version === null) throw new NativeBridgeError('getEnv answered without data.version', 'bad-response');
  return version;
}

/** The app's unique session id (initUniqueSID answers `data.S_ID`). */
export async function initUniqueSID(timeoutMs = DEFAULT_BRIDGE_TIMEOUT_MS): Promise<string> {
  const sid = readField(await callHandler('initUniqueSID', {}, timeoutMs), 'S_ID');
  if (sid === null) throw new NativeBridgeError('initUniqueSID answered without data.S_ID', 'bad-response');
  return sid;
}

export interface NativeInfo {
  appVersion: string | null;
  sid: string | null;
}

/**
 * Asks the app for its version and session id (both at once, so a missing
 * bridge costs one timeout) and stores them in session storage as
 * `appVersion` and `SID`. A value the app does not give keeps what this tab
 * stored before (a reload inside the app), else null. Never rejects.
 */
export async function initNativeBridge(timeoutMs = DEFAULT_BRIDGE_TIMEOUT_MS): Promise<NativeInfo> {
  const [version, sid] = await Promise.allSettled([getEnv(timeoutMs), initUniqueSID(timeoutMs)]);
  if (version.status === 'fulfilled') setSession('appVersion', version.value);
  if (sid.status === 'fulfilled') setSession('SID', sid.value);
  return {
    appVersion: version.status === 'fulfilled' ? version.value : getSession('appVersion'),
    sid: sid.status === 'fulfilled' ? sid.value : getSession('SID'),
  };
}
