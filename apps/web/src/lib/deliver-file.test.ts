import type { DocumentRequest } from '@abo/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() => ({ show: vi.fn(), clear: vi.fn() }));
vi.mock('antd-mobile/es/components/toast', () => ({ default: toast }));
vi.mock('./antd-setup.ts', () => ({}));

import { initI18n } from '../i18n/index.ts';
import { ApiError } from './api-client.ts';
import { DeliveryError, deliverDocument, saveBlob, SAVE_FILE_HANDLER } from './deliver-file.ts';
import type { WebViewJavascriptBridge } from './native-bridge.ts';
import { setSession } from './storage.ts';

initI18n('en-US');

const statement: DocumentRequest = { kind: 'statement', lang: 'en-US', month: '2026-10' };
const LINK = {
  url: '/bff/files/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde',
  fileName: 'statement-2026-10.pdf',
  contentType: 'application/pdf',
  expiresAt: '2026-11-21T04:05:00.000Z',
};
const FILE_URL = `${window.location.origin}${LINK.url}`;

const envelope = (data: unknown, code = 0, message = 'success') =>
  new Response(JSON.stringify({ code, message, success: code === 0, data }), { headers: { 'content-type': 'application/json' } });

/** The BFF: the link call answers `link`, the file address answers `file`. Records what was asked, in order. */
function bff(
  link: Response | (() => Response),
  file: () => Response = () => new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } }),
) {
  const asked: Array<{ url: string; init?: RequestInit }> = [];
  const fetch = vi.fn(async (input: URL | string, init?: RequestInit) => {
    const url = String(input);
    asked.push({ url, ...(init ? { init } : {}) });
    if (url.includes('/bff/v1/income/documentLink')) return typeof link === 'function' ? link() : link;
    return file();
  });
  vi.stubGlobal('fetch', fetch);
  return asked;
}

/** What the temporary download links were asked to save. */
function watchDownloads() {
  const saved: Array<{ name: string; href: string }> = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  });
  return saved;
}

type BridgeWindow = Window & { WebViewJavascriptBridge?: WebViewJavascriptBridge };
/** The app's bridge answering its handlers (JsBridge style: JSON strings). */
function app(answers: Record<string, unknown>, log: string[] = []) {
  const calls: Array<{ name: string; data: unknown }> = [];
  (window as BridgeWindow).WebViewJavascriptBridge = {
    callHandler(name, data, respond) {
      calls.push({ name, data });
      log.push(`bridge:${name}`);
      if (name in answers) setTimeout(() => respond?.(JSON.stringify(answers[name])), 1);
    },
  };
  return calls;
}

beforeEach(() => {
  setSession('accessToken', 'a.b.c');
  setSession('idToken', 'd.e.f');
  setSession('loginAda', '10000001');
  URL.createObjectURL = vi.fn(() => 'blob:file-1');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  delete (window as BridgeWindow).WebViewJavascriptBridge;
});

describe('deliverDocument on a desktop browser (ebiz, iinquiry)', () => {
  for (const channel of ['ebiz', 'iinquiry']) {
    it(`${channel}: asks for a link, fetches the file with the cookie and saves it, and only then says downloaded`, async () => {
      setSession('channel', channel);
      const asked = bff(envelope(LINK));
      const saved = watchDownloads();
      await expect(deliverDocument(statement)).resolves.toEqual({ kind: 'downloaded', fileName: LINK.fileName });
      expect(JSON.parse(String(asked[0]!.init!.body))).toMatchObject({ document: statement, channel });
      expect(JSON.parse(String(asked[0]!.init!.body)).document.as).toBeUndefined();
      expect(asked[1]).toEqual({ url: FILE_URL, init: { credentials: 'same-origin' } });
      expect(saved).toEqual([{ name: LINK.fileName, href: 'blob:file-1' }]);
    });
  }

  it('says why a refused file was not downloaded (the envelope of the file address), and saves nothing', async () => {
    setSession('channel', 'ebiz');
    bff(
      envelope(LINK),
      () =>
        new Response(
          JSON.stringify({ code: 9900403, message: 'This file link was made for another user or browser', success: false, data: null }),
          { status: 403 },
        ),
    );
    const saved = watchDownloads();
    const outcome = deliverDocument(statement);
    await expect(outcome).rejects.toBeInstanceOf(DeliveryError);
    await expect(outcome).rejects.toThrow('another user or browser');
    expect(saved).toEqual([]);
  });

  it('leaves a refused request to the api client (its toast) and fetches nothing', async () => {
    setSession('channel', 'ebiz');
    const asked = bff(() => envelope(null, 9900400, 'Month 2019-01 cannot be queried'));
    const saved = watchDownloads();
    await expect(deliverDocument({ ...statement, month: '2019-01' })).rejects.toBeInstanceOf(ApiError);
    expect(asked).toHaveLength(1);
    expect(saved).toEqual([]);
  });
});

describe('deliverDocument in a webview (wec, ca)', () => {
  const IMAGE_LINK = { ...LINK, fileName: 'statement-2026-10.png', contentType: 'image/png' };
  const png = () => new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { 'content-type': 'image/png' } });

  it('wec: asks for the pages as an image, fetches it with the cookie and hands it over to show; the page stays, nothing downloaded', async () => {
    setSession('channel', 'wec');
    const asked = bff(envelope(IMAGE_LINK), png);
    const saved = watchDownloads();
    await expect(deliverDocument(statement)).resolves.toEqual({
      kind: 'image',
      fileName: IMAGE_LINK.fileName,
      src: 'data:image/png;base64,iVBORw==',
    });
    expect(JSON.parse(String(asked[0]!.init!.body)).document).toEqual({ ...statement, as: 'image' });
    expect(asked[1]).toEqual({ url: FILE_URL, init: { credentials: 'same-origin' } });
    expect(saved).toEqual([]);
  });

  it('ca without a save handler: the pages as an image, like wec', async () => {
    setSession('channel', 'ca');
    const asked = bff(envelope(IMAGE_LINK), png);
    const calls = app({ getEnv: { code: 0, data: { version: '6.3.1' } } });
    await expect(deliverDocument(statement)).resolves.toMatchObject({ kind: 'image', fileName: IMAGE_LINK.fileName });
    expect(calls.map((c) => c.name)).toEqual(['getEnv']);
    expect(JSON.parse(String(asked[0]!.init!.body)).document.as).toBe('image');
  });

  it('ca with no bridge answering: the pages as an image once the bridge has had its time', async () => {
    setSession('channel', 'ca');
    bff(envelope(IMAGE_LINK), png);
    await expect(deliverDocument(statement)).resolves.toMatchObject({ kind: 'image' });
  });

  it('wec: a spreadsheet cannot be kept there: says so without making it or leaving the page', async () => {
    setSession('channel', 'wec');
    const asked = bff(envelope(LINK));
    const sheet: DocumentRequest = { kind: 'incomeSheet', lang: 'en-US', from: '2026-01', to: '2026-10', format: 'xlsx' };
    await expect(deliverDocument(sheet)).resolves.toEqual({ kind: 'elsewhere' });
    expect(asked).toHaveLength(0);
  });

  it('wec: an image link refused on open (expired) is a failure with the BFF’s words', async () => {
    setSession('channel', 'wec');
    bff(
      envelope(IMAGE_LINK),
      () =>
        new Response(JSON.stringify({ code: 9900403, message: 'This file link has expired', success: false, data: null }), { status: 410 }),
    );
    await expect(deliverDocument(statement)).rejects.toThrow(new DeliveryError('This file link has expired'));
  });

  it('ca with a save handler: the app saves the file, asked after getEnv and before the link is spent; "saved" only on its success', async () => {
    setSession('channel', 'ca');
    const log: string[] = [];
    const asked = bff(() => {
      log.push('link');
      return envelope(LINK);
    });
    const calls = app(
      { getEnv: { code: 0, data: { version: '6.3.1', handlers: ['share', SAVE_FILE_HANDLER] } }, [SAVE_FILE_HANDLER]: { code: '0' } },
      log,
    );
    await expect(deliverDocument(statement)).resolves.toEqual({ kind: 'saved', fileName: LINK.fileName });
    expect(log).toEqual(['bridge:getEnv', 'link', `bridge:${SAVE_FILE_HANDLER}`]);
    expect(calls[1]).toEqual({ name: SAVE_FILE_HANDLER, data: { url: FILE_URL, fileName: LINK.fileName, contentType: 'application/pdf' } });
    expect(asked).toHaveLength(1);
  });

  it("ca: the save handler's failure is a failure, with the app's message", async () => {
    setSession('channel', 'ca');
    bff(envelope(LINK));
    app({ getEnv: { code: 0, data: { handlers: [SAVE_FILE_HANDLER] } }, [SAVE_FILE_HANDLER]: { code: 1, message: 'No space left' } });
    await expect(deliverDocument(statement)).rejects.toThrow(new DeliveryError('No space left'));
  });
});

describe('saveBlob', () => {
  it('clicks a temporary download link and revokes its address afterwards', () => {
    vi.useFakeTimers();
    const saved = watchDownloads();
    saveBlob(new Blob(['x']), 'members.csv');
    expect(saved).toEqual([{ name: 'members.csv', href: 'blob:file-1' }]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10_000);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:file-1');
  });
});
