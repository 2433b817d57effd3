/**
 * WeChat integration (docs/contract.md §7, §9): inside the WeChat browser the JS-SDK is
 * configured from a JSONP signature service, and the share / option menu is
 * hidden once the SDK is ready and again 1 s later (WeChat sometimes restores
 * the menu after the first call). The SDK itself is imported only here, on
 * demand, so it never weighs on the shell bundle.
 */
import { isWeChat } from './channel.ts';

export const WECHAT_SIGNATURE_PATH = '/wechat/signature';
export const WECHAT_SIGNATURE_TIMEOUT_MS = 10_000;
export const WECHAT_MENU_HIDE_REPEAT_MS = 1000;

export const WECHAT_JS_API_LIST = ['hideOptionMenu', 'hideMenuItems', 'updateAppMessageShareData'] as const;

/** Everything under "share" and "open elsewhere": the page is for the signed-in owner only. */
export const WECHAT_HIDDEN_MENU_ITEMS = [
  'menuItem:share:appMessage',
  'menuItem:share:timeline',
  'menuItem:share:qq',
  'menuItem:share:weiboApp',
  'menuItem:share:facebook',
  'menuItem:share:QZone',
  'menuItem:share:email',
  'menuItem:favorite',
  'menuItem:copyUrl',
  'menuItem:openWithQQBrowser',
  'menuItem:openWithSafari',
] as const;

export interface WechatSignature {
  appid: string;
  timestamp: number;
  nonceStr: string;
  signature: string;
}

// Defined in lib/channel.ts, which the sign-in guard uses, so this module stays out of the shell.
export { isWeChat };

function isIOS(ua: string): boolean {
  return /iPhone|iPad|iPod/i.test(ua);
}

function withoutHash(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}

// The address the page was opened with. WeChat on iOS validates the signature
// against this landing URL for the whole life of a single-page app, while
// Android checks the current one; this module is part of the shell, so it is
// evaluated before the router changes the address.
const LANDING_URL = typeof location === 'undefined' ? '' : withoutHash(location.href);

/** The URL to sign, without its hash: the landing URL on iOS, the current one elsewhere. */
export function signatureUrl(
  ua: string = typeof navigator === 'undefined' ? '' : navigator.userAgent,
  currentUrl: string = typeof location === 'undefined' ? '' : location.href,
  landingUrl: string = LANDING_URL,
): string {
  return withoutHash(isIOS(ua) && landingUrl ? landingUrl : currentUrl);
}

function parseSignature(payload: unknown): WechatSignature {
  let value = payload;
  // The service may answer a JSON-like string rather than an object (docs/contract.md §7).
  if (typeof value === 'string') value = JSON.parse(value) as unknown;
  const record = (value ?? {}) as Record<string, unknown>;
  const timestamp = Number(record.timestamp);
  const { appid, nonceStr, signature } = record;
  if (typeof appid !== 'string' || !appid || typeof nonceStr !== 'string' || typeof signature !== 'string' || !Number.isFinite(timestamp)) {
    throw new Error('WeChat signature answer is missing appid, timestamp, nonceStr or signature');
  }
  return { appid, timestamp, nonceStr, signature };
}

let jsonpCounter = 0;

/**
 * JSONP request to the signature service:
 * `GET /wechat/signature?url=<encoded url without hash>&callback=<name>`,
 * answered as `name({appid, timestamp, nonceStr, signature})`. The script tag
 * and the global callback are removed whatever the outcome; a callback that
 * fires after a timeout lands on a no-op instead of throwing.
 */
export function loadWechatSignature(
  url: string = signatureUrl(),
  { endpoint = WECHAT_SIGNATURE_PATH, timeoutMs = WECHAT_SIGNATURE_TIMEOUT_MS }: { endpoint?: string; timeoutMs?: number } = {},
): Promise<WechatSignature> {
  return new Promise<WechatSignature>((resolve, reject) => {
    if (typeof document === 'undefined') {
      reject(new Error('No document: cannot load the WeChat signature'));
      return;
    }
    jsonpCounter += 1;
    const name = `__aboWechatSignature_${Date.now().toString(36)}_${jsonpCounter}`;
    const callbacks = window as unknown as Record<string, unknown>;
    const script = document.createElement('script');

    const cleanup = (late: boolean) => {
      clearTimeout(timer);
      script.remove();
      if (late) {
        // The script may still arrive and run: give it a harmless target
        // rather than a ReferenceError. The name is never reused.
        callbacks[name] = () => {};
      } else {
        delete callbacks[name];
      }
    };

    callbacks[name] = (payload: unknown) => {
      cleanup(false);
      try {
        resolve(parseSignature(payload));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    script.onerror = () => {
      cleanup(false);
      reject(new Error('WeChat signature request failed'));
    };
    const timer = setTimeout(() => {
      cleanup(true);
      reject(new Error(`WeChat signature request timed out after ${timeoutMs} ms`));
    }, timeoutMs);

    const separator = endpoint.includes('?') ? '&' : '?';
    script.async = true;
    script.src = `${endpoint}${separator}url=${encodeURIComponent(withoutHash(url))}&callback=${encodeURIComponent(name)}`;
    document.head.appendChild(script);
  });
}

/** The subset of the JS-SDK this module uses. */
export interface WechatSdk {
  config(conf: { appId: string; timestamp: number; nonceStr: string; signature: string; jsApiList?: string[]; debug?: boolean }): void;
  ready(fn: () => void): void;
  error(fn: (err: { errMsg: string }) => void): void;
  hideOptionMenu(): void;
  hideMenuItems(params: { menuList: string[] }): void;
}

async function importWechatSdk(): Promise<WechatSdk> {
  const module = await import('weixin-js-sdk');
  return module.default;
}

export interface ConfigureWechatOptions {
  /** The URL to sign; default: signatureUrl(). */
  url?: string;
  endpoint?: string;
  timeoutMs?: number;
}

/**
 * Configures the JS-SDK and hides the share / option menu when it is ready,
 * then again after 1 s. Resolves true once ready, false outside WeChat (the
 * SDK is then not even loaded); rejects when the signature cannot be loaded
 * or WeChat refuses it (`wx.error`), so the caller can log it — the page
 * works either way, only the menu stays visible.
 */
export async function configureWechat(options: ConfigureWechatOptions = {}): Promise<boolean> {
  if (!isWeChat()) return false;
  const [wx, signature] = await Promise.all([
    importWechatSdk(),
    loadWechatSignature(options.url ?? signatureUrl(), { endpoint: options.endpoint, timeoutMs: options.timeoutMs }),
  ]);
  const hideMenu = () => {
    wx.hideOptionMenu();
    wx.hideMenuItems({ menuList: [...WECHAT_HIDDEN_MENU_ITEMS] });
  };
  return new Promise<boolean>((resolve, reject) => {
    wx.error((err) => reject(new Error(`WeChat JS-SDK config failed: ${err.errMsg}`)));
    wx.ready(() => {
      hideMenu();
      setTimeout(hideMenu, WECHAT_MENU_HIDE_REPEAT_MS);
      resolve(true);
    });
    wx.config({
      appId: signature.appid,
      timestamp: signature.timestamp,
      nonceStr: signature.nonceStr,
      signature: signature.signature,
      jsApiList: [...WECHAT_JS_API_LIST],
    });
  });
}
