// Per-account limits on the heavy calls (security finding M6): the rate on the real routes, the
// concurrency on a route of its own whose calls the test holds open.
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@abo/contract';
import { useMarketApp } from '../routes/incentive/market.test-support.ts';
import { errorsPlugin } from './errors.ts';
import { AccountGate, heavyCallsPlugin } from './heavy-calls.ts';

const HEAVY = [
  ['/bff/v1/incentive/market/partners', { view: 'monthly' }],
  ['/bff/v1/incentive/market/details', {}],
  ['/bff/v1/incentive/market/tree/search', { search: '李' }],
  ['/bff/v1/achievement/projection', {}],
  ['/bff/v1/achievement/soFarChange', {}],
] as const;

describe('heavy calls: a rate per signed-in account', () => {
  const fx = useMarketApp({ HEAVY_RATE_LIMIT: '18', HEAVY_CONCURRENCY: '0' });

  it('answers 429 in the envelope with Retry-After to the account over its rate, and still serves another', async () => {
    // 18 a minute are 3 per ten seconds: three heavy calls of any kind spend the leader's window.
    for (const [url, body] of HEAVY.slice(0, 3)) {
      const res = await fx.post(url, '10000002', body);
      expect(res.json().code, `${url} ${res.body}`).toBe(Code.OK);
    }
    // Every heavy call is refused now, each in the envelope and with when to come back.
    for (const [url, body] of HEAVY) {
      const res = await fx.post(url, '10000002', body);
      expect(res.statusCode, url).toBe(429);
      expect(res.json()).toEqual({ code: Code.RATE_LIMITED, message: expect.any(String), success: false, data: null });
      const after = Number(res.headers['retry-after']);
      expect(after, url).toBeGreaterThanOrEqual(1);
      expect(after, url).toBeLessThanOrEqual(10);
    }
    // Calls that are not heavy are not counted, and another account has a window of its own.
    expect((await fx.call('members', '10000002', { year: '26/27' })).json().code).toBe(Code.OK);
    for (const [url, body] of HEAVY.slice(0, 3)) {
      expect((await fx.post(url, '20000001', body)).json().code, url).toBe(Code.OK);
    }
  });

  it('counts the signed-in account, not the member it reads through queryAda', async () => {
    // 10000002 spent its window above: reading its downline member does not open a new one.
    const res = await fx.call('partners', '10000002', { view: 'monthly' }, { queryAda: '20000001' });
    expect(res.statusCode).toBe(429);
    // An invalid body is refused before it is counted (400, not 429).
    expect((await fx.call('partners', '30000001', { view: 'nope' })).statusCode).toBe(400);
    for (let i = 0; i < 3; i++) expect((await fx.call('partners', '30000001', { view: 'monthly' })).statusCode).not.toBe(429);
  });
});

/** A promise and the function that settles it. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('heavy calls: a share of the process per account', () => {
  let app: FastifyInstance;
  /** Calls that reached the handler, each held until the test lets it go. */
  const held: Array<{ account: string; go: () => void }> = [];
  const arrived: Array<() => void> = [];
  const nextArrival = () => new Promise<void>((resolve) => arrived.push(resolve));

  beforeAll(async () => {
    app = Fastify();
    await app.register(errorsPlugin);
    // The session as the auth plugin leaves it, from a header.
    await app.register(
      fp(
        async (a: FastifyInstance) => {
          a.decorateRequest('session', null);
          a.addHook('preValidation', async (request) => {
            const actor = String(request.headers['x-account']);
            request.session = { actor, ada: actor, channel: 'ebiz', staff: false };
          });
        },
        { name: 'auth' },
      ),
    );
    await app.register(heavyCallsPlugin, { perMinute: 0, concurrency: 1 });
    app.post('/heavy', { config: { heavy: true } }, async (request) => {
      const d = deferred();
      held.push({ account: request.session!.actor, go: d.resolve });
      arrived.shift()?.();
      await d.promise;
      return { ok: true };
    });
    app.post('/light', async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(() => app.close());

  // Sent at once (an inject is only sent once something waits for it).
  const send = (account: string, url = '/heavy') =>
    app.inject({ method: 'POST', url, headers: { 'x-account': account }, payload: {} }).then((res) => res);

  it('runs one call of an account at a time, queues one more, refuses the rest; other accounts are served', async () => {
    const first = nextArrival();
    const a1 = send('A');
    await first;
    // A's second call waits its turn; its third is refused at once.
    const a2 = send('A');
    const a3 = await send('A');
    expect(a3.statusCode).toBe(429);
    expect(a3.headers['retry-after']).toBe('1');
    expect(a3.json()).toMatchObject({ code: Code.RATE_LIMITED, success: false, data: null });
    expect(held.map((h) => h.account)).toEqual(['A']);

    // B is served while A's calls are held, and calls that are not heavy are never held.
    expect((await send('A', '/light')).statusCode).toBe(200);
    const bArrives = nextArrival();
    const b = send('B');
    await bArrives;
    held.find((h) => h.account === 'B')!.go();
    expect((await b).statusCode).toBe(200);

    // A's first call ends: the waiting one runs.
    const secondArrives = nextArrival();
    held[0]!.go();
    expect((await a1).statusCode).toBe(200);
    await secondArrives;
    held.at(-1)!.go();
    expect((await a2).statusCode).toBe(200);
  });

  it('lets a turn go once and forgets an account with nothing running', async () => {
    const gate = new AccountGate(1, 0);
    const release = await gate.enter('A')!;
    expect(gate.enter('A')).toBeNull();
    release();
    release();
    expect(gate.running('A')).toBe(0);
    const again = await gate.enter('A')!;
    expect(gate.running('A')).toBe(1);
    expect(gate.enter('A')).toBeNull();
    again();
  });

  it('hands a finished turn to the next one waiting, in order', async () => {
    const gate = new AccountGate(1, 2);
    const order: string[] = [];
    const first = await gate.enter('A')!;
    const second = gate.enter('A')!.then((r) => (order.push('second'), r));
    const third = gate.enter('A')!.then((r) => (order.push('third'), r));
    first();
    (await second)();
    (await third)();
    expect(order).toEqual(['second', 'third']);
    expect(gate.running('A')).toBe(0);
  });
});
