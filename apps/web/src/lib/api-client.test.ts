import type { AchOverviewData, IncomeRangeData } from '@abo/contract';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';

const toast = vi.hoisted(() => ({ show: vi.fn(), clear: vi.fn() }));
vi.mock('antd-mobile/es/components/toast', () => ({ default: toast }));
vi.mock('./antd-setup.ts', () => ({}));

import { i18n, initI18n } from '../i18n/index.ts';
import { ApiError, asPageData, AUTH_REDIRECT_DEBOUNCE_MS, post, setApiNavigator } from './api-client.ts';
import { setSession } from './storage.ts';

initI18n('en-US');

function answer(body: unknown, status = 200) {
  return vi.fn(
    async () =>
      new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('request layer (docs/contract.md §7, §8)', () => {
  beforeEach(() => {
    // Message toasts of earlier tests "close" (the real Toast calls afterClose after its duration).
    for (const [options] of toast.show.mock.calls as unknown as Array<[{ afterClose?: () => void }]>) options.afterClose?.();
    toast.show.mockClear();
    toast.clear.mockClear();
    setSession('channel', 'wec');
    setSession('accessToken', 'a.b.c');
    setSession('idToken', 'd.e.f');
    setSession('loginAda', '10000001');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('posts JSON with channel and loginada and the distributor headers', async () => {
    const fetch = answer({ code: 0, message: 'ok', success: true, data: { x: 1 } });
    vi.stubGlobal('fetch', fetch);
    document.cookie = 'canary=green';
    await expect(post('/bff/v1/income/statement', { month: '2026-10' })).resolves.toEqual({ x: 1 });
    const [, init] = fetch.mock.calls[0] as unknown as [URL, RequestInit];
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ month: '2026-10', channel: 'wec', loginada: '10000001' });
    expect(init.headers).toMatchObject({
      'idaas-accesstoken': 'a.b.c',
      'idaas-idtoken': 'd.e.f',
      'idaas-deviceid': navigator.userAgent,
      'x-am-canary': 'green',
    });
  });

  it('sends the staff headers and no loginada on iinquiry', async () => {
    setSession('channel', 'iinquiry');
    setSession('adaToken', 'staff.token');
    setSession('oktaIdTokenKey', 'kid-1');
    setSession('queryAda', '10000004');
    const fetch = answer({ code: 0, message: 'ok', success: true, data: null });
    vi.stubGlobal('fetch', fetch);
    await post('/bff/v1/common/dstInfo');
    const [, init] = fetch.mock.calls[0] as unknown as [URL, RequestInit];
    expect(init.headers).toMatchObject({ jwks: 'kid-1', channel: 'iinquiry', 'ada-token': 'staff.token', queryAda: '10000004' });
    expect(JSON.parse(String(init.body))).toEqual({ channel: 'iinquiry' });
  });

  it('redirects to /Authentication once for a burst of 9900401 answers, after 200 ms', async () => {
    vi.useFakeTimers();
    const navigate = vi.fn();
    setApiNavigator(navigate);
    vi.stubGlobal('fetch', answer({ code: 9900401, message: 'expired', success: false, data: null }));
    const calls = [post('/bff/v1/common/dstInfo'), post('/bff/v1/home/summary'), post('/bff/v1/incentive/plans')].map((p) =>
      p.catch((e: unknown) => e),
    );
    const errors = await Promise.all(calls);
    expect(errors.every((e) => e instanceof ApiError && e.code === 9900401)).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(AUTH_REDIRECT_DEBOUNCE_MS);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate.mock.calls[0]![0]).toMatch(/^\/Authentication\?from=/);
  });

  it('does not leave the sign-in pages for a late 9900401 of the page before', async () => {
    vi.useFakeTimers();
    const navigate = vi.fn();
    setApiNavigator(navigate);
    vi.stubGlobal('fetch', answer({ code: 9900401, message: 'expired', success: false, data: null }));
    for (const path of ['/front/login', '/front/Authentication']) {
      window.history.replaceState(null, '', `${path}?channel=ebiz`);
      await post('/bff/v1/home/summary').catch(() => undefined);
      vi.advanceTimersByTime(AUTH_REDIRECT_DEBOUNCE_MS);
    }
    window.history.replaceState(null, '', '/');
    expect(navigate).not.toHaveBeenCalled();
  });

  it("shows docs/contract.md §8's text for 9900004, and a code's own copy when the server's message is in another language", async () => {
    vi.stubGlobal('fetch', answer({ code: 9900004, message: 'db down', success: false, data: null }));
    await expect(post('/bff/v1/common/dstInfo', {}, { loading: false })).rejects.toMatchObject({
      code: 9900004,
      message: 'Network anomaly, please retry',
    });
    await flush();
    expect(toast.show).toHaveBeenLastCalledWith(expect.objectContaining({ content: 'Network anomaly, please retry' }));

    vi.stubGlobal('fetch', answer({ code: 9900403, message: 'Not your market', success: false, data: null }));
    await expect(post('/bff/v1/common/dstInfo', {}, { loading: false })).rejects.toMatchObject({ message: 'Not your market' });
    await flush();
    expect(toast.show).toHaveBeenLastCalledWith(expect.objectContaining({ content: 'Not your market', icon: 'fail' }));
    expect(toast.show).toHaveBeenCalledTimes(2);
    await i18n.changeLanguage('zh-CN');
    try {
      await expect(post('/bff/v1/common/dstInfo', {}, { loading: false })).rejects.toMatchObject({
        code: 9900403,
        message: '您没有查看此内容的权限',
      });
    } finally {
      await i18n.changeLanguage('en-US');
    }
  });

  it("shows a server message of another code only in the UI's language", async () => {
    vi.stubGlobal('fetch', answer({ code: 5, message: 'Plan not open yet', success: false, data: null }));
    await expect(post('/bff/v1/common/dstInfo', {}, { loading: false })).rejects.toMatchObject({ message: 'Plan not open yet' });
    vi.stubGlobal('fetch', answer({ code: 5, message: '计划尚未开放', success: false, data: null }));
    await expect(post('/bff/v1/common/dstInfo', {}, { loading: false })).rejects.toMatchObject({
      message: 'Server error, please try again later',
    });
    await i18n.changeLanguage('zh-CN');
    try {
      await expect(post('/bff/v1/common/dstInfo', {}, { loading: false })).rejects.toMatchObject({ message: '计划尚未开放' });
      vi.stubGlobal('fetch', answer({ code: 5, message: 'Plan not open yet', success: false, data: null }));
      await expect(post('/bff/v1/common/dstInfo', {}, { loading: false })).rejects.toMatchObject({ message: '服务器错误，请稍后再试' });
    } finally {
      await i18n.changeLanguage('en-US');
    }
  });

  it("shows no toast for a page's data: its skeleton and error state say it (asPageData)", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        await gate;
        return new Response(JSON.stringify({ code: 9900004, message: 'db down', success: false, data: null }));
      }),
    );
    const failed = asPageData(() => post('/bff/v1/home/summary')).catch((e: unknown) => e);
    await flush();
    expect(toast.show).not.toHaveBeenCalled();
    release();
    expect(await failed).toMatchObject({ code: 9900004, message: 'Network anomaly, please retry' });
    await flush();
    expect(toast.show).not.toHaveBeenCalled();
    // The same call outside a page's query (a button's action) still shows both.
    const direct = post('/bff/v1/home/summary').catch((e: unknown) => e);
    await direct;
    await flush();
    expect(toast.show.mock.calls.map(([o]) => (o as { content: string }).content)).toEqual(['Loading…', 'Network anomaly, please retry']);
  });

  it('stays silent for the silent codes and when success is true', async () => {
    for (const code of [9900003, 9901001, 9903001, 9903002, 9903003, 9903004]) {
      vi.stubGlobal('fetch', answer({ code, message: 'quiet', success: false, data: null }));
      await expect(post('/bff/v1/common/dstInfo', {}, { loading: false })).rejects.toMatchObject({ code });
    }
    vi.stubGlobal('fetch', answer({ code: 1234, message: 'odd but fine', success: true, data: null }));
    await expect(post('/bff/v1/common/dstInfo', {}, { loading: false })).rejects.toMatchObject({ code: 1234 });
    await flush();
    expect(toast.show).not.toHaveBeenCalled();
  });

  it('says the query expired for HTTP 401 and for code 401 on iinquiry', async () => {
    vi.stubGlobal('fetch', answer({}, 401));
    await expect(post('/bff/v1/common/dstInfo', {}, { loading: false })).rejects.toMatchObject({
      message: 'The query has expired, please query again',
    });
    setSession('channel', 'iinquiry');
    vi.stubGlobal('fetch', answer({ code: 401, message: 'x', success: false, data: null }));
    await expect(post('/bff/v1/common/dstInfo', {}, { loading: false })).rejects.toMatchObject({
      message: 'The query has expired, please query again',
    });
  });

  it('sends a multipart form as it is: no JSON content type (the browser writes the boundary), no channel field', async () => {
    setSession('channel', 'iinquiry');
    setSession('adaToken', 'staff.token');
    const fetch = answer({ code: 0, message: 'ok', success: true, data: { run: 1 } });
    vi.stubGlobal('fetch', fetch);
    const form = new FormData();
    form.append('replace', 'false');
    await expect(post<{ run: number }>('/bff/v1/operator/imports/upload', form, { loading: false })).resolves.toEqual({ run: 1 });
    const [, init] = fetch.mock.calls[0] as unknown as [URL, RequestInit];
    expect(init.body).toBe(form);
    expect(init.headers).toMatchObject({ channel: 'iinquiry', 'ada-token': 'staff.token' });
    expect(init.headers).not.toHaveProperty('content-type');
  });

  it('with `file`, resolves an attachment as its response, and still rejects an envelope refusal', async () => {
    setSession('channel', 'iinquiry');
    const file = new Response('{"rows":[]}', {
      headers: { 'content-type': 'application/json', 'content-disposition': 'attachment; filename="audit.json"' },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => file),
    );
    await expect(post<Response>('/bff/v1/operator/auditExport', { from: '2026-11-01' }, { file: true, loading: false })).resolves.toBe(
      file,
    );
    vi.stubGlobal('fetch', answer({ code: 9900403, message: 'not an operator', success: false, data: null }));
    await expect(post('/bff/v1/operator/auditExport', {}, { file: true, loading: false })).rejects.toMatchObject({ code: 9900403 });
  });

  it('shows the network error toast on transport failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(post('/bff/v1/common/dstInfo', {}, { loading: false })).rejects.toMatchObject({ kind: 'transport' });
    await flush();
    expect(toast.show).toHaveBeenLastCalledWith(expect.objectContaining({ content: expect.stringMatching(/Network error/) }));
  });

  it('keeps one loading toast for concurrent calls and never closes a message that replaced it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: URL) => {
        await gate;
        const failing = String(url).endsWith('/home/summary');
        return new Response(
          JSON.stringify(
            failing ? { code: 5, message: 'boom', success: false, data: null } : { code: 0, message: '', success: true, data: 1 },
          ),
        );
      }),
    );
    const a = post('/bff/v1/common/dstInfo');
    const b = post('/bff/v1/home/summary').catch(() => undefined);
    await flush();
    expect(toast.show).toHaveBeenCalledTimes(1);
    expect(toast.show).toHaveBeenCalledWith(expect.objectContaining({ content: 'Loading…', duration: 0 }));
    release();
    await Promise.all([a, b]);
    await flush();
    expect(toast.show).toHaveBeenLastCalledWith(expect.objectContaining({ content: 'boom' }));
    expect(toast.clear).not.toHaveBeenCalled();
  });
});

describe('calls typed by the contract', () => {
  it('takes only declared paths, their bodies, and answers their data type', () => {
    // Type checks (tsc): nothing is sent.
    const typed = () => {
      expectTypeOf(post('/bff/v1/income/query', { from: '2026-01', to: '2026-03' })).resolves.toEqualTypeOf<IncomeRangeData>();
      expectTypeOf(post('/bff/v1/achievement/overview')).resolves.toEqualTypeOf<AchOverviewData>();
      // @ts-expect-error a path the contract does not declare
      void post('/bff/v1/income/undeclared', {});
      // @ts-expect-error the range query needs both months
      void post('/bff/v1/income/query', { from: '2026-01' });
      // @ts-expect-error the plan tracks are an enum
      void post('/bff/v1/incentive/biennial/settag', { track: 'SOMETHING' });
      // @ts-expect-error the analytics collector is no envelope call
      void post('/bff/v1/analytics/events', {});
    };
    expect(typed).toBeTypeOf('function');
  });
});
