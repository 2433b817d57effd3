import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const wx = vi.hoisted(() => {
  const state = { ready: [] as Array<() => void>, error: [] as Array<(err: { errMsg: string }) => void> };
  return {
    state,
    config: vi.fn(),
    ready: vi.fn((fn: () => void) => state.ready.push(fn)),
    error: vi.fn((fn: (err: { errMsg: string }) => void) => state.error.push(fn)),
    hideOptionMenu: vi.fn(),
    hideMenuItems: vi.fn(),
  };
});
vi.mock('weixin-js-sdk', () => ({ default: wx }));

import { WECHAT_HIDDEN_MENU_ITEMS, configureWechat, isWeChat, loadWechatSignature, signatureUrl, type WechatSignature } from './wechat.ts';

const WECHAT_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0 Mobile Safari/537.36 XWEB/1160117 MMWEBSDK/20240301 MicroMessenger/8.0.48.2580(0x28003036) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN';
const WECHAT_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003129) NetType/WIFI Language/zh_CN';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

const SIGNATURE: WechatSignature = { appid: 'wx123', timestamp: 1760000000, nonceStr: 'n0nce', signature: 'a'.repeat(40) };

type Globals = Record<string, unknown>;

/** The pending JSONP script, its query and a way to answer it as the server would. */
function pendingJsonp() {
  const script = document.head.querySelector<HTMLScriptElement>('script[src^="/wechat/signature"]');
  if (!script) throw new Error('no JSONP script');
  const src = new URL(script.getAttribute('src')!, 'https://app.example');
  const callback = src.searchParams.get('callback')!;
  return {
    script,
    url: src.searchParams.get('url'),
    callback,
    answer: (payload: unknown) => ((window as unknown as Globals)[callback] as (p: unknown) => void)(payload),
  };
}

function setUserAgent(ua: string) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ua);
}

beforeEach(() => {
  wx.state.ready = [];
  wx.state.error = [];
  vi.clearAllMocks();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.head.querySelectorAll('script').forEach((s) => s.remove());
});

describe('isWeChat', () => {
  it('recognises the WeChat browser on Android and iOS only', () => {
    expect(isWeChat(WECHAT_ANDROID)).toBe(true);
    expect(isWeChat(WECHAT_IOS)).toBe(true);
    expect(isWeChat(CHROME)).toBe(false);
    expect(isWeChat('')).toBe(false);
  });
});

describe('signatureUrl', () => {
  it('signs the current URL without its hash on Android and desktop', () => {
    expect(signatureUrl(WECHAT_ANDROID, 'https://app.example/front/income?x=1#top', 'https://app.example/front/')).toBe(
      'https://app.example/front/income?x=1',
    );
  });

  it('signs the landing URL on iOS, where WeChat checks the first address of the page', () => {
    expect(signatureUrl(WECHAT_IOS, 'https://app.example/front/income', 'https://app.example/front/?channel=wec')).toBe(
      'https://app.example/front/?channel=wec',
    );
  });
});

describe('loadWechatSignature (JSONP)', () => {
  it('requests the signature for the encoded URL with a fresh callback and resolves its answer', async () => {
    const result = loadWechatSignature('https://app.example/front/?channel=wec&a=b#hash');
    const jsonp = pendingJsonp();
    expect(jsonp.url).toBe('https://app.example/front/?channel=wec&a=b');
    expect(jsonp.script.getAttribute('src')).toContain('url=https%3A%2F%2Fapp.example%2Ffront%2F%3Fchannel%3Dwec%26a%3Db&callback=');
    expect(jsonp.callback).toMatch(/^[A-Za-z_$][\w$]*$/);
    jsonp.answer(SIGNATURE);
    await expect(result).resolves.toEqual(SIGNATURE);
    // Nothing left behind.
    expect(jsonp.script.isConnected).toBe(false);
    expect(jsonp.callback in window).toBe(false);
  });

  it('accepts a JSON-like string answer with a string timestamp', async () => {
    const result = loadWechatSignature('https://app.example/');
    pendingJsonp().answer(JSON.stringify({ ...SIGNATURE, timestamp: String(SIGNATURE.timestamp) }));
    await expect(result).resolves.toEqual(SIGNATURE);
  });

  it('uses a different callback for concurrent requests', async () => {
    const first = loadWechatSignature('https://app.example/a');
    const second = loadWechatSignature('https://app.example/b');
    const scripts = Array.from(document.head.querySelectorAll<HTMLScriptElement>('script'));
    const names = scripts.map((s) => new URL(s.src, 'https://x.example').searchParams.get('callback')!);
    expect(new Set(names).size).toBe(2);
    for (const name of names) ((window as unknown as Globals)[name] as (p: unknown) => void)(SIGNATURE);
    await expect(Promise.all([first, second])).resolves.toEqual([SIGNATURE, SIGNATURE]);
  });

  it('rejects an incomplete answer', async () => {
    const result = loadWechatSignature('https://app.example/');
    pendingJsonp().answer({ appid: 'wx123', timestamp: 1 });
    await expect(result).rejects.toThrow(/missing/);
  });

  it('rejects and cleans up when the script fails to load', async () => {
    const result = loadWechatSignature('https://app.example/');
    const jsonp = pendingJsonp();
    jsonp.script.dispatchEvent(new Event('error'));
    await expect(result).rejects.toThrow(/failed/);
    expect(jsonp.script.isConnected).toBe(false);
    expect(jsonp.callback in window).toBe(false);
  });

  it('rejects on timeout, and a late answer does no harm', async () => {
    vi.useFakeTimers();
    const result = loadWechatSignature('https://app.example/', { timeoutMs: 5000 });
    const rejection = expect(result).rejects.toThrow(/timed out/);
    const jsonp = pendingJsonp();
    await vi.advanceTimersByTimeAsync(5000);
    await rejection;
    expect(jsonp.script.isConnected).toBe(false);
    expect(() => ((window as unknown as Globals)[jsonp.callback] as (p: unknown) => void)(SIGNATURE)).not.toThrow();
  });
});

describe('configureWechat', () => {
  it('does nothing outside WeChat', async () => {
    setUserAgent(CHROME);
    await expect(configureWechat()).resolves.toBe(false);
    expect(wx.config).not.toHaveBeenCalled();
    expect(document.head.querySelector('script')).toBeNull();
  });

  it('configures the SDK from the signature and hides the menu when ready, then again after 1 s', async () => {
    vi.useFakeTimers();
    setUserAgent(WECHAT_ANDROID);
    const result = configureWechat({ url: 'https://app.example/front/' });
    const jsonp = pendingJsonp();
    expect(jsonp.url).toBe('https://app.example/front/');
    jsonp.answer(SIGNATURE);
    await vi.waitFor(() => expect(wx.config).toHaveBeenCalled());
    expect(wx.config).toHaveBeenCalledWith({
      appId: 'wx123',
      timestamp: 1760000000,
      nonceStr: 'n0nce',
      signature: SIGNATURE.signature,
      jsApiList: ['hideOptionMenu', 'hideMenuItems', 'updateAppMessageShareData'],
    });
    expect(wx.hideOptionMenu).not.toHaveBeenCalled();

    wx.state.ready.forEach((fn) => fn());
    await expect(result).resolves.toBe(true);
    expect(wx.hideOptionMenu).toHaveBeenCalledTimes(1);
    expect(wx.hideMenuItems).toHaveBeenCalledWith({ menuList: [...WECHAT_HIDDEN_MENU_ITEMS] });
    expect(WECHAT_HIDDEN_MENU_ITEMS).toContain('menuItem:share:appMessage');
    expect(WECHAT_HIDDEN_MENU_ITEMS).toContain('menuItem:share:timeline');

    await vi.advanceTimersByTimeAsync(999);
    expect(wx.hideOptionMenu).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(wx.hideOptionMenu).toHaveBeenCalledTimes(2);
    expect(wx.hideMenuItems).toHaveBeenCalledTimes(2);
  });

  it('rejects when WeChat refuses the configuration', async () => {
    setUserAgent(WECHAT_IOS);
    const result = configureWechat({ url: 'https://app.example/front/' });
    pendingJsonp().answer(SIGNATURE);
    await vi.waitFor(() => expect(wx.error).toHaveBeenCalled());
    wx.state.error.forEach((fn) => fn({ errMsg: 'config:invalid signature' }));
    await expect(result).rejects.toThrow('config:invalid signature');
    expect(wx.hideOptionMenu).not.toHaveBeenCalled();
  });

  it('rejects when the signature cannot be loaded', async () => {
    setUserAgent(WECHAT_ANDROID);
    const result = configureWechat({ url: 'https://app.example/front/' });
    pendingJsonp().script.dispatchEvent(new Event('error'));
    await expect(result).rejects.toThrow(/failed/);
    expect(wx.config).not.toHaveBeenCalled();
  });
});
