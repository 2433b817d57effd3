// Load shedding (security finding M6): with the event loop held past the threshold, /bff calls
// are answered 503 in the envelope with Retry-After, while /healthz still answers and says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@abo/contract';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/** Holds the event loop for `ms` (what a burst of heavy synchronous work does). */
function hold(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // busy
  }
}

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('backpressure on event-loop delay', () => {
  let t: TestApp;
  // A tiny threshold (1 ms of mean delay) and a sample long enough to send the calls in.
  beforeAll(async () => {
    t = await createTestApp({ MAX_EVENT_LOOP_DELAY_MS: '1', EVENT_LOOP_SAMPLE_MS: '500' });
  });
  afterAll(() => t?.close());

  it('answers /bff calls 503 in the envelope while the loop is behind; /healthz still answers', async () => {
    // Held until a sample sees it (the first ones may have begun before the hold, and nothing
    // is shed in the first two samples after the start).
    const getConfig = () => t.app.inject({ method: 'POST', url: '/bff/v1/common/getConfig', payload: { channel: 'ebiz' } });
    let call = await getConfig();
    for (let i = 0; i < 30 && call.statusCode !== 503; i++) {
      hold(300);
      await tick(20);
      call = await getConfig();
    }
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(call.statusCode).toBe(503);
    expect(call.headers['retry-after']).toBe('2');
    expect(call.json()).toEqual({ code: Code.RETRY, message: expect.any(String), success: false, data: null });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok', underPressure: true });
  });
});
