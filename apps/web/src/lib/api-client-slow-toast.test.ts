// The loading toast's module loads on first use. On a slow machine a call can end, and the page
// show its own message ("Downloaded statement-2026-10.pdf"), before that module arrives: the
// loading toast then never showed, and nothing may be cleared when the module comes.
import { describe, expect, it, vi } from 'vitest';

const slow = vi.hoisted(() => {
  let release!: () => void;
  const arrived = new Promise<void>((r) => (release = r));
  return { arrived, release, toast: { show: vi.fn(), clear: vi.fn() } };
});
vi.mock('antd-mobile/es/components/toast', async () => {
  await slow.arrived;
  return { default: slow.toast };
});
vi.mock('./antd-setup.ts', () => ({}));

import { initI18n } from '../i18n/index.ts';
import { post } from './api-client.ts';
import { setSession } from './storage.ts';

initI18n('en-US');

describe('a toast module that arrives after the call ended', () => {
  it("neither shows the loading toast late nor closes the page's message", async () => {
    setSession('channel', 'ebiz');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: 0, message: '', success: true, data: { url: '/x' } }))),
    );
    await expect(
      post('/bff/v1/income/documentLink', { document: { kind: 'statement', month: '2026-10', lang: 'en-US' } }),
    ).resolves.toEqual({
      url: '/x',
    });
    slow.release();
    await new Promise((r) => setTimeout(r, 50));
    expect(slow.toast.show).not.toHaveBeenCalled();
    expect(slow.toast.clear).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
