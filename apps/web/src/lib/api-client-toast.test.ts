// The error toast's module is loaded when first needed; when it cannot load (a chunk that failed,
// a page going away) the call still rejects with its ApiError and nothing is left unhandled
// (vitest fails a file on an unhandled rejection).
import { describe, expect, it, vi } from 'vitest';

vi.mock('antd-mobile/es/components/toast', () => {
  throw new Error('the toast chunk failed to load');
});
vi.mock('./antd-setup.ts', () => ({}));

import { initI18n } from '../i18n/index.ts';
import { ApiError, post } from './api-client.ts';
import { setSession } from './storage.ts';

initI18n('en-US');

describe('the error toast cannot load', () => {
  it('the call rejects with its error and the failed load is handled', async () => {
    setSession('channel', 'wec');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: 9900403, message: 'Not your market', success: false, data: null }))),
    );
    await expect(post('/bff/v1/common/dstInfo', {}, { loading: false })).rejects.toBeInstanceOf(ApiError);
    await expect(post('/bff/v1/common/dstInfo', {}, { loading: false })).rejects.toMatchObject({ code: 9900403 });
    // Let the toast's (failed) loads settle inside the test.
    await new Promise((r) => setTimeout(r, 50));
    vi.unstubAllGlobals();
  });
});
