import { afterEach, describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() => ({ show: vi.fn(), clear: vi.fn() }));
vi.mock('antd-mobile/es/components/toast', () => ({ default: toast }));
vi.mock('./antd-setup.ts', () => ({}));

import { initI18n } from '../i18n/index.ts';
import { post } from './api-client.ts';
import { createQueryClient } from './query-client.ts';
import { setSession } from './storage.ts';

initI18n('en-US');
const flush = () => new Promise((r) => setTimeout(r, 0));

describe("the query client: a page's data shows in place, not in toasts", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a failing query (and its retry) shows no loading toast and no failure toast, and fails with localized text', async () => {
    setSession('channel', 'wec');
    const fetch = vi.fn(async () => new Response(JSON.stringify({ code: 9900004, message: 'db down', success: false, data: null })));
    vi.stubGlobal('fetch', fetch);
    const client = createQueryClient();
    const failure = client
      .fetchQuery({ queryKey: ['summary'], queryFn: () => post('/bff/v1/home/summary'), retry: 1, retryDelay: 0 })
      .catch((e: unknown) => e);
    expect(await failure).toMatchObject({ code: 9900004, message: 'Network anomaly, please retry' });
    await flush();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(toast.show).not.toHaveBeenCalled();
  });
});
