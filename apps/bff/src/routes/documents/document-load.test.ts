// Security finding M5: documents are rendered off the event loop, under a global and a
// per-account bound, and a closed month's statement is rendered once per data version.
import { performance } from 'node:perf_hooks';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Code } from '@abo/contract';
import { writeCloseState } from '../../close/state.ts';
import { RenderPool } from '../../documents/render-pool.ts';
import { markDataReplaced } from '../../testing/fixtures.ts';
import { signInHeaders } from '../../testing/suite-app.ts';
import { LEADER, MONTHS, useIncomeApp, type IncomeApp } from '../income/income.test-support.ts';

const LINK = '/bff/v1/income/documentLink';

/** POSTs a statement link for each month at once, as LEADER; the answers in the months' order. */
async function statements(fx: IncomeApp, months: readonly string[], lang = 'zh-CN'): Promise<LightMyRequestResponse[]> {
  const headers = await signInHeaders(fx.t.app, LEADER);
  return Promise.all(
    months.map((month) =>
      fx.t.app.inject({ method: 'POST', url: LINK, headers, payload: { channel: 'wec', document: { kind: 'statement', lang, month } } }),
    ),
  );
}

const statuses = (answers: LightMyRequestResponse[]) => answers.map((a) => a.statusCode).sort();

afterEach(() => {
  vi.restoreAllMocks();
});

describe('rendering documents keeps the event loop free', () => {
  // One thread, and room for the whole burst: the renders queue on the pool, not on the loop.
  const fx = useIncomeApp({ RENDER_THREADS: '1', RENDER_PER_ACCOUNT: '10', RENDER_QUEUE: '10' });

  it('answers the health check while 10 statements are rendering, and is idle meanwhile', async () => {
    const events: string[] = [];
    const elu = performance.eventLoopUtilization();
    const burst = statements(fx, MONTHS.slice(0, 10)).then((answers) => {
      events.push('renders done');
      return answers;
    });
    const health = await fx.t.app.inject({ method: 'GET', url: '/healthz' });
    events.push('health');
    const answers = await burst;
    const busy = performance.eventLoopUtilization(elu).utilization;
    expect(health.statusCode).toBe(200);
    expect(events).toEqual(['health', 'renders done']);
    expect(statuses(answers)).toEqual(Array(10).fill(200));
    // Rendered on this thread, the loop is busy nearly all of the burst (0.9 and more); here it
    // only reads the models and hands them over.
    expect(busy).toBeLessThan(0.5);
  });
});

describe('the render queue limit', () => {
  const fx = useIncomeApp({ RENDER_THREADS: '1', RENDER_QUEUE: '1', RENDER_PER_ACCOUNT: '10' });

  it('answers 503 in the envelope, with Retry-After, past one rendering and one waiting', async () => {
    const answers = await statements(fx, MONTHS.slice(0, 4));
    expect(statuses(answers)).toEqual([200, 200, 503, 503]);
    const busy = answers.find((a) => a.statusCode === 503)!;
    expect(busy.json()).toMatchObject({ code: Code.RETRY, success: false, data: null });
    expect(Number(busy.headers['retry-after'])).toBeGreaterThan(0);
    // The queue drained: the next call renders.
    expect(statuses(await statements(fx, [MONTHS[5]!]))).toEqual([200]);
  });
});

describe('renders in flight per account', () => {
  const fx = useIncomeApp();

  it('answers 429 in the envelope to a third statement while two of the account are rendering', async () => {
    const answers = await statements(fx, MONTHS.slice(0, 3));
    expect(statuses(answers)).toEqual([200, 200, 429]);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.json()).toMatchObject({ code: Code.RATE_LIMITED, success: false });
    expect(refused.headers['retry-after']).toBeDefined();
    // Once they are done the account renders again.
    expect(statuses(await statements(fx, [MONTHS[3]!]))).toEqual([200]);
  });
});

describe('kept statements', () => {
  const fx = useIncomeApp();

  it('renders a closed month once per data version and language', async () => {
    const renders = vi.spyOn(RenderPool.prototype, 'render');
    const month = MONTHS.at(-1)!;
    expect(statuses(await statements(fx, [month]))).toEqual([200]);
    expect(statuses(await statements(fx, [month]))).toEqual([200]);
    expect(renders).toHaveBeenCalledTimes(1);
    expect(statuses(await statements(fx, [month], 'en-US'))).toEqual([200]);
    expect(renders).toHaveBeenCalledTimes(2);
    await markDataReplaced(fx.t.db);
    expect(statuses(await statements(fx, [month]))).toEqual([200]);
    expect(renders).toHaveBeenCalledTimes(3);
  });

  it('renders the open month every time', async () => {
    const month = MONTHS.at(-1)!;
    await writeCloseState(fx.t.db, { version: 'v', through: MONTHS.at(-2)!, open: month, updatedAt: '2026-11-01T00:00:00Z', closedOn: {} });
    const renders = vi.spyOn(RenderPool.prototype, 'render');
    expect(statuses(await statements(fx, [month]))).toEqual([200]);
    expect(statuses(await statements(fx, [month]))).toEqual([200]);
    expect(renders).toHaveBeenCalledTimes(2);
  });
});
