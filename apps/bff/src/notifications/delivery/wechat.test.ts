// The WeChat subscribe-message adapter against the stand-in (inject(), the test's clock).
import { beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { pushMessage, standInsEachTest, T0, wechatAdapter } from './delivery.test-support.ts';
import type { HttpRequest } from './http-client.ts';
import type { Fetch } from './types.ts';
import { chinaMinute, createWechatAdapter, FORCE_REFRESH_GAP_MS, thingValue } from './wechat.ts';

let clock = T0.getTime();
const now = () => new Date(clock);
beforeEach(() => {
  clock = T0.getTime();
});
const rig = standInsEachTest(now);

/** The stand-in, except that bizsend answers `answer` (a WeChat errcode, or an HTTP status when > 100 and < 600 and `http`). */
function answering(answer: { errcode?: number; http?: number }): Fetch {
  return (async (input: string, init?: HttpRequest) => {
    if (!String(input).includes('bizsend')) return rig.fetch(input, init);
    if (answer.http) return new Response('busy', { status: answer.http });
    return Response.json({ errcode: answer.errcode, errmsg: 'as told' });
  }) as Fetch;
}

/** The stand-in, and what went to it: the force_refresh of each stable_token call, the access token of each bizsend. */
function watched() {
  const forced: boolean[] = [];
  const sentWith: string[] = [];
  const fetch = (async (input: string, init?: HttpRequest) => {
    const url = new URL(input);
    if (url.pathname.endsWith('/cgi-bin/stable_token'))
      forced.push((JSON.parse(init?.body ?? '{}') as { force_refresh?: unknown }).force_refresh === true);
    if (url.pathname.endsWith('/bizsend')) sentWith.push(url.searchParams.get('access_token') ?? '');
    return rig.fetch(input, init);
  }) as Fetch;
  return { fetch, forced, sentWith };
}

describe('WeChat adapter', () => {
  it('sends the subscribe message WeChat expects, in Chinese, opening the page under PUBLIC_URL', async () => {
    const adapter = wechatAdapter(rig.fetch, now);
    expect(await adapter.send(pushMessage(), 'o-openid-1')).toEqual({ status: 'sent' });
    expect(await adapter.send(pushMessage({ kind: 'pinReached', idempotencyKey: '8:wec', link: '/achievement' }), 'o-openid-1')).toEqual({
      status: 'sent',
    });
    const [first, second] = rig.standIn.receipts();
    expect(first).toMatchObject({ service: 'wechat', idempotencyKey: '7:wec', accepted: true, answer: 0 });
    expect(first!.message).toEqual({
      touser: 'o-openid-1',
      template_id: 'tpl-month-closed',
      page: 'https://inquiry.example.com/front/income/servicefee?month=2026-10',
      data: {
        thing1: { value: '10月已结算：Q月' },
        // 21 characters: shortened to 20.
        thing2: { value: '服务费¥1,234.00，11月15日…' },
        // 02:05 UTC is 10:05 in Beijing.
        time3: { value: '2026-11-01 10:05' },
      },
    });
    // A kind without a template of its own takes the default one.
    expect(second!.message).toMatchObject({ template_id: 'tpl-default', page: 'https://inquiry.example.com/front/achievement' });
  });

  it('shortens texts to the 20 characters a `thing` holds (the stand-in refuses longer ones, as WeChat does)', async () => {
    const long = '您的下线伙伴王小明本月已达到Q月标准，恭喜您的团队又多了一条合格线';
    expect(await wechatAdapter(rig.fetch, now).send(pushMessage({ title: { zh: long, en: '' } }), 'o-1')).toEqual({ status: 'sent' });
    const value = (rig.standIn.receipts()[0]!.message as { data: { thing1: { value: string } } }).data.thing1.value;
    expect(Array.from(value)).toHaveLength(20);
    expect(value).toBe(`${Array.from(long).slice(0, 19).join('')}…`);
    expect(thingValue('第一行\n第二行')).toBe('第一行 第二行');
    expect(thingValue('😀'.repeat(21))).toBe(`${'😀'.repeat(19)}…`);
    expect(chinaMinute('2026-12-31T16:00:00.000Z')).toBe('2027-01-01 00:00');
  });

  it('asks for one access token for many sends, and again shortly before it expires', async () => {
    const adapter = wechatAdapter(rig.fetch, now);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) => adapter.send(pushMessage({ idempotencyKey: `${i}:wec` }), `o-${i}`)),
    );
    expect(outcomes.every((o) => o.status === 'sent')).toBe(true);
    expect(rig.standIn.tokenRequests).toBe(1);
    expect(adapter.tokenRequests).toBe(1);
    // expires_in 7200: used until 300 s before.
    clock += (7200 - 300) * 1000 - 1;
    await adapter.send(pushMessage(), 'o-1');
    expect(rig.standIn.tokenRequests).toBe(1);
    clock += 1;
    await adapter.send(pushMessage(), 'o-1');
    expect(rig.standIn.tokenRequests).toBe(2);
  });

  it('takes a new token once when WeChat rejects it (40001, 42001) and sends again', async () => {
    const adapter = wechatAdapter(rig.fetch, now);
    expect(await adapter.send(pushMessage(), 'o-1')).toEqual({ status: 'sent' });
    rig.standIn.expireTokens(40001);
    expect(await adapter.send(pushMessage(), 'o-1')).toEqual({ status: 'sent' });
    expect(rig.standIn.tokenRequests).toBe(2);
    rig.standIn.expireTokens(42001);
    // Many sends at once hit the rejected token together: still one new token.
    const outcomes = await Promise.all([1, 2, 3].map((i) => adapter.send(pushMessage({ idempotencyKey: `${i}:wec` }), 'o-1')));
    expect(outcomes).toEqual([{ status: 'sent' }, { status: 'sent' }, { status: 'sent' }]);
    expect(rig.standIn.tokenRequests).toBe(3);
    expect(rig.standIn.receipts().map((r) => r.answer)).toEqual([0, 40001, 0, 42001, 42001, 42001, 0, 0, 0]);

    expect(adapter.forcedRefreshes).toBe(0);

    // A token rejected again right after the refresh: no loop, a retry later.
    const alwaysRejected = createWechatAdapter({ ...optionsOf(answering({ errcode: 40001 })) });
    expect(await alwaysRejected.send(pushMessage(), 'o-1')).toEqual({ status: 'retry', error: 'WeChat 40001 as told' });
    expect(alwaysRejected.tokenRequests).toBe(2);
    expect(alwaysRejected.forcedRefreshes).toBe(1);
  });

  it("asks stable_token in normal mode: two processes share one token and neither spoils the other's", async () => {
    const w = watched();
    const [a, b] = [wechatAdapter(w.fetch, now), wechatAdapter(w.fetch, now)];
    const sends: Array<Promise<unknown>> = [];
    const both = async () => {
      sends.push(a.send(pushMessage(), 'o-a'), b.send(pushMessage(), 'o-b'));
      await Promise.all(sends.splice(0));
    };
    await both();
    // Minutes apart, as the workers of two processes would be (/cgi-bin/token spoiled the token
    // before about 5 minutes after each call).
    for (const minutes of [10, 30, 60]) {
      clock += minutes * 60_000;
      await both();
    }
    expect(new Set(w.sentWith).size).toBe(1);
    expect([a.tokenRequests, b.tokenRequests]).toEqual([1, 1]);
    // Both renew when WeChat does, 5 minutes before the end, and get the same new token.
    clock = T0.getTime() + (7200 - 300) * 1000;
    await both();
    clock += 60_000;
    await both();
    expect(new Set(w.sentWith).size).toBe(2);
    expect(w.sentWith.slice(-4).every((t) => t === w.sentWith.at(-1))).toBe(true);
    expect(rig.standIn.receipts().map((r) => r.answer)).toEqual(Array(12).fill(0));
    expect(w.forced).toEqual([false, false, false, false]);
    expect(rig.standIn.tokenRequests).toBe(4);
  });

  it('forces a new token once when WeChat refuses one stable_token has just answered, and sends again', async () => {
    const w = watched();
    const a = wechatAdapter(w.fetch, now);
    expect(await a.send(pushMessage(), 'o-1')).toEqual({ status: 'sent' });
    // The stable token goes bad, and normal mode keeps answering it.
    rig.standIn.spoilStableToken(40001);
    const b = wechatAdapter(w.fetch, now);
    expect(await b.send(pushMessage(), 'o-1')).toEqual({ status: 'sent' });
    expect(w.forced).toEqual([false, false, true]);
    expect([b.tokenRequests, b.forcedRefreshes, rig.standIn.forcedRefreshes]).toEqual([2, 1, 1]);
    // B was answered A's token, refused, and sent again with the forced one.
    const [first, refused, again] = w.sentWith;
    expect([first === refused, again === refused]).toEqual([true, false]);
    // The other process's cached token was spoiled by the refresh: normal mode answers the new one, no second force.
    expect(await a.send(pushMessage(), 'o-1')).toEqual({ status: 'sent' });
    expect(w.forced).toEqual([false, false, true, false]);
    expect(w.sentWith.at(-1)).toBe(again);
    expect(rig.standIn.receipts().map((r) => r.answer)).toEqual([0, 40001, 0, 40001, 0]);

    // A cached token refused, and normal mode answers that very token: forced too, once for sends refused together.
    clock += FORCE_REFRESH_GAP_MS;
    rig.standIn.spoilStableToken(42001);
    rig.standIn.clear();
    const outcomes = await Promise.all([1, 2, 3].map((i) => a.send(pushMessage({ idempotencyKey: `${i}:wec` }), 'o-1')));
    expect(outcomes).toEqual([{ status: 'sent' }, { status: 'sent' }, { status: 'sent' }]);
    expect(w.forced.slice(4)).toEqual([false, true]);
    expect([a.forcedRefreshes, rig.standIn.forcedRefreshes]).toEqual([1, 2]);
    expect(rig.standIn.receipts().map((r) => r.answer)).toEqual([42001, 42001, 42001, 0, 0, 0]);

    // Not again within FORCE_REFRESH_GAP_MS (WeChat allows 20 a day): retried later instead.
    rig.standIn.spoilStableToken(40001);
    expect(await a.send(pushMessage(), 'o-1')).toEqual({
      status: 'retry',
      error: 'WeChat 40001 invalid credential, access_token is invalid or not latest',
    });
    expect(a.forcedRefreshes).toBe(1);
    clock += FORCE_REFRESH_GAP_MS;
    expect(await a.send(pushMessage(), 'o-1')).toEqual({ status: 'sent' });
    expect([a.forcedRefreshes, rig.standIn.forcedRefreshes]).toEqual([2, 3]);
  });

  it('keeps a forced token over a normal answer asked for before the refresh', async () => {
    const gate = () => {
      let open = () => {};
      let arrive = () => {};
      const arrived = new Promise<void>((resolve) => (arrive = resolve));
      const opened = new Promise<void>((resolve) => (open = resolve));
      return { arrived, opened, arrive, open };
    };
    const bSend = gate();
    const cAsk = gate();
    let stableCalls = 0;
    const fetch = (async (input: string, init?: HttpRequest) => {
      if (input.includes('bizsend') && init?.headers?.['x-abo-idempotency-key'] === 'b:wec') {
        bSend.arrive();
        await bSend.opened;
      }
      const res = await rig.fetch(input, init);
      // The second stable_token call: answered by WeChat now, the answer arriving later.
      if (input.includes('stable_token') && ++stableCalls === 2) {
        cAsk.arrive();
        await cAsk.opened;
      }
      return res;
    }) as Fetch;
    const adapter = wechatAdapter(fetch, now);
    // B: a token just fetched, its send held on the way.
    const b = adapter.send(pushMessage({ idempotencyKey: 'b:wec' }), 'o-1');
    await bSend.arrived;
    rig.standIn.spoilStableToken();
    // C: the same token from the cache, refused; normal mode answers it again, the answer held.
    const c = adapter.send(pushMessage({ idempotencyKey: 'c:wec' }), 'o-1');
    await cAsk.arrived;
    // B refused with its fresh token: forced refresh, sent again.
    bSend.open();
    expect(await b).toEqual({ status: 'sent' });
    // C's late normal answer (the spoiled token) does not replace the forced one.
    cAsk.open();
    expect(await c).toEqual({ status: 'sent' });
    expect(await adapter.send(pushMessage({ idempotencyKey: 'd:wec' }), 'o-1')).toEqual({ status: 'sent' });
    expect([adapter.tokenRequests, adapter.forcedRefreshes]).toEqual([3, 1]);
    expect(rig.standIn.receipts().map((r) => [r.idempotencyKey, r.answer])).toEqual([
      ['c:wec', 40001],
      ['b:wec', 40001],
      ['b:wec', 0],
      ['c:wec', 0],
      ['d:wec', 0],
    ]);
  });

  it('fills the data keys WECHAT_TEMPLATE_IDS names for a template, the default ones for a plain id', async () => {
    const templates = loadConfig({
      WECHAT_TEMPLATE_IDS: JSON.stringify({
        monthClosed: { id: 'tpl-closed', keys: { title: 'thing4', body: 'thing7', time: 'time2' } },
        pinReached: { id: 'tpl-pin', keys: { body: 'thing3' } },
        default: 'tpl-default',
      }),
    }).wechatTemplateIds!;
    const adapter = createWechatAdapter({ ...optionsOf(rig.fetch), templates });
    for (const kind of ['monthClosed', 'pinReached', 'planProgress'])
      expect(await adapter.send(pushMessage({ kind, idempotencyKey: `${kind}:wec` }), 'o-1')).toEqual({ status: 'sent' });
    const sent = rig.standIn.receipts().map((r) => r.message as { template_id: string; data: Record<string, { value: string }> });
    expect(sent.map((m) => [m.template_id, Object.keys(m.data)])).toEqual([
      ['tpl-closed', ['thing4', 'thing7', 'time2']],
      ['tpl-pin', ['thing1', 'thing3', 'time3']],
      ['tpl-default', ['thing1', 'thing2', 'time3']],
    ]);
    expect(sent[0]!.data).toEqual({
      thing4: { value: '10月已结算：Q月' },
      thing7: { value: '服务费¥1,234.00，11月15日…' },
      time2: { value: '2026-11-01 10:05' },
    });
  });

  it('43101 (not subscribed) is skipped, bad data fails at once, a busy WeChat or no answer is retried', async () => {
    const send = (fetch: Fetch, timeoutMs?: number) =>
      createWechatAdapter({ ...optionsOf(fetch), ...(timeoutMs ? { timeoutMs } : {}) }).send(pushMessage(), 'o-1');
    expect(await send(answering({ errcode: 43101 }))).toEqual({
      status: 'skipped',
      reason: 'not subscribed (WeChat 43101 as told)',
      attempted: true,
    });
    expect(await send(answering({ errcode: 47003 }))).toEqual({
      status: 'failed',
      error: 'the template data is not valid (WeChat 47003 as told)',
    });
    expect(await send(answering({ errcode: 40003 }))).toMatchObject({ status: 'failed' });
    expect(await send(answering({ errcode: -1 }))).toEqual({ status: 'retry', error: 'WeChat -1 as told' });
    expect(await send(answering({ errcode: 45009 }))).toEqual({ status: 'retry', error: 'WeChat 45009 as told' });
    expect(await send(answering({ http: 502 }))).toEqual({ status: 'retry', error: 'WeChat -502 HTTP 502' });
    const down = (() => Promise.reject(new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } }))) as Fetch;
    expect(await send(down)).toEqual({ status: 'retry', error: 'WeChat token: fetch failed (ECONNREFUSED)' });
    const silent = ((_input: unknown, init?: HttpRequest) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)))) as Fetch;
    expect(await send(silent, 5)).toEqual({ status: 'retry', error: 'WeChat token: timed out' });
    const wrongSecret = createWechatAdapter({ ...optionsOf(rig.fetch), secret: 'not-it' });
    expect(await wrongSecret.send(pushMessage(), 'o-1')).toEqual({
      status: 'retry',
      error: 'WeChat token: errcode 40125 invalid appsecret',
    });
  });

  it('skips without a request when the distributor has no openid or the kind no template', async () => {
    const adapter = createWechatAdapter({ ...optionsOf(rig.fetch), templates: { byKind: { monthClosed: 'tpl' }, fallback: null } });
    expect(await adapter.send(pushMessage(), null)).toEqual({ status: 'skipped', reason: 'no WeChat openid', attempted: false });
    expect(await adapter.send(pushMessage({ kind: 'pinReached' }), 'o-1')).toEqual({
      status: 'skipped',
      reason: 'no WeChat template for pinReached',
      attempted: false,
    });
    expect(rig.standIn.tokenRequests).toBe(0);
  });
});

function optionsOf(fetch: Fetch) {
  return {
    apiBase: 'http://stand-in.test/stand-in/wechat',
    appId: 'wxtest0000000001',
    secret: 'test-wechat-secret',
    templates: { byKind: {}, fallback: 'tpl-default' },
    publicUrl: 'https://inquiry.example.com/',
    fetch,
    now,
  };
}
