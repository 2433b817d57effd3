// The stand-ins answer as the real services do and list what they received.
import Fastify from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { createStandIn } from './stand-in.ts';
import { APP_ID, pushMessage, standInsEachTest, T0, wechatAdapter, WECHAT_SECRET } from './delivery.test-support.ts';

let clock = T0.getTime();
const now = () => new Date(clock);
beforeEach(() => {
  clock = T0.getTime();
});
const rig = standInsEachTest(now);

describe('stand-ins', () => {
  const stableToken = (body: unknown) =>
    rig.app
      .inject({
        method: 'POST',
        url: '/stand-in/wechat/cgi-bin/stable_token',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      })
      .then((r) => r.json() as { access_token?: string; expires_in?: number; errcode?: number; errmsg?: string });
  const ask = (more: Record<string, unknown> = {}) =>
    stableToken({ grant_type: 'client_credential', appid: APP_ID, secret: WECHAT_SECRET, force_refresh: false, ...more });
  const bizsend = (token: string) =>
    rig.app
      .inject({
        method: 'POST',
        url: `/stand-in/wechat/cgi-bin/message/subscribe/bizsend?access_token=${token}`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ touser: 'o-1', template_id: 'tpl', data: { thing1: { value: '标题' } } }),
      })
      .then((r) => (r.json() as { errcode: number }).errcode);

  it('hand out stable tokens only for the configured app id and secret, as WeChat answers', async () => {
    expect(await ask()).toMatchObject({ expires_in: 7200 });
    expect(await ask({ secret: 'nope' })).toEqual({ errcode: 40125, errmsg: 'invalid appsecret' });
    expect(await ask({ appid: 'wxother' })).toEqual({ errcode: 40013, errmsg: 'invalid appid' });
    expect(await ask({ grant_type: 'password' })).toEqual({ errcode: 40002, errmsg: 'invalid grant_type' });
    expect(await ask({ secret: undefined })).toEqual({ errcode: 41004, errmsg: 'appsecret missing' });
    expect(await stableToken([1])).toEqual({ errcode: 47001, errmsg: 'data format error' });
    // The old access token API is gone (each call of it spoiled the token before).
    const old = await rig.app.inject({ method: 'GET', url: `/stand-in/wechat/cgi-bin/token?grant_type=client_credential&appid=${APP_ID}` });
    expect(old.statusCode).toBe(404);
    const send = await rig.app.inject({
      method: 'POST',
      url: '/stand-in/wechat/cgi-bin/message/subscribe/bizsend?access_token=made-up',
      payload: {},
    });
    expect(send.json()).toMatchObject({ errcode: 40001 });
  });

  it('answer every caller the same token until its last 5 minutes, then a new one, the old one good until it ends', async () => {
    const first = await ask();
    clock += 3_600_000;
    expect(await ask()).toEqual({ access_token: first.access_token, expires_in: 3600 });
    clock = T0.getTime() + (7200 - 300) * 1000 - 1000;
    expect(await ask()).toEqual({ access_token: first.access_token, expires_in: 301 });
    clock += 1000;
    const renewed = await ask();
    expect(renewed).toMatchObject({ expires_in: 7200 });
    expect(renewed.access_token).not.toBe(first.access_token);
    expect(await ask()).toEqual({ access_token: renewed.access_token, expires_in: 7200 });
    expect([await bizsend(first.access_token!), await bizsend(renewed.access_token!)]).toEqual([0, 0]);
    clock += 300_000;
    expect([await bizsend(first.access_token!), await bizsend(renewed.access_token!)]).toEqual([42001, 0]);
    expect([rig.standIn.tokenRequests, rig.standIn.forcedRefreshes]).toEqual([5, 0]);
  });

  it('force_refresh: a new token at once, the one before refused; not again within 30 s; 20 a day', async () => {
    const first = await ask();
    const forced = await ask({ force_refresh: true });
    expect(forced).toMatchObject({ expires_in: 7200 });
    expect(forced.access_token).not.toBe(first.access_token);
    expect([await bizsend(first.access_token!), await bizsend(forced.access_token!)]).toEqual([40001, 0]);
    expect(await ask()).toEqual({ access_token: forced.access_token, expires_in: 7200 });
    // Within 30 s of the last refresh nothing is refreshed.
    clock += 29_000;
    expect(await ask({ force_refresh: true })).toEqual({ access_token: forced.access_token, expires_in: 7171 });
    expect(rig.standIn.forcedRefreshes).toBe(1);
    // A spoiled stable token: normal mode keeps answering it, a forced refresh replaces it.
    rig.standIn.spoilStableToken();
    expect(await ask()).toMatchObject({ access_token: forced.access_token });
    expect(await bizsend(forced.access_token!)).toBe(40001);
    clock += 1000;
    const replaced = await ask({ force_refresh: true });
    expect(await bizsend(replaced.access_token!)).toBe(0);
    for (let i = 2; i < 20; i++) {
      clock += 30_000;
      expect(await ask({ force_refresh: true })).toMatchObject({ expires_in: 7200 });
    }
    clock += 30_000;
    expect(await ask({ force_refresh: true })).toEqual({ errcode: 45009, errmsg: 'reach max api daily quota limit' });
    expect(rig.standIn.forcedRefreshes).toBe(20);
    expect(await ask()).toMatchObject({ expires_in: 7200 - 30 });
  });

  it('lists every message received, duplicates included, newest first', async () => {
    const adapter = wechatAdapter(rig.fetch, now);
    for (const key of ['1:wec', '2:wec', '1:wec']) {
      clock += 1000;
      await adapter.send(pushMessage({ idempotencyKey: key }), 'o-1');
    }
    const res = await rig.app.inject({ method: 'GET', url: '/stand-in/messages' });
    expect(res.statusCode).toBe(200);
    const { messages } = res.json() as { messages: Array<{ idempotencyKey: string; at: string; service: string }> };
    expect(messages.map((m) => [m.idempotencyKey, m.at])).toEqual([
      ['1:wec', new Date(T0.getTime() + 3000).toISOString()],
      ['2:wec', new Date(T0.getTime() + 2000).toISOString()],
      ['1:wec', new Date(T0.getTime() + 1000).toISOString()],
    ]);
    const limited = await rig.app.inject({ method: 'GET', url: '/stand-in/messages?limit=1&service=wechat' });
    expect(limited.json().messages).toHaveLength(1);
    expect((await rig.app.inject({ method: 'GET', url: '/stand-in/messages?service=push' })).json()).toEqual({ messages: [] });
  });

  it('count posts without credentials they gave out, but neither keep nor show their bodies', async () => {
    const hostile = '<script>alert(1)</script> 张三 ¥9,999';
    const push = await rig.app.inject({
      method: 'POST',
      url: '/stand-in/push',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...pushMessage({ idempotencyKey: 'x:ca' }), title: { zh: hostile, en: hostile } }),
    });
    expect(push.statusCode).toBe(401);
    const send = await rig.app.inject({
      method: 'POST',
      url: '/stand-in/wechat/cgi-bin/message/subscribe/bizsend?access_token=made-up',
      headers: { 'content-type': 'application/json', 'x-abo-idempotency-key': 'y:wec' },
      payload: JSON.stringify({ touser: 'o-1', template_id: 'tpl', data: { thing1: { value: hostile } } }),
    });
    expect(send.json()).toMatchObject({ errcode: 40001 });
    expect(rig.standIn.receipts()).toMatchObject([
      { service: 'push', answer: 401, accepted: false, idempotencyKey: null, message: null },
      { service: 'wechat', answer: 40001, accepted: false, idempotencyKey: null, message: null },
    ]);
    const listed = await rig.app.inject({ method: 'GET', url: '/stand-in/messages' });
    const page = await rig.app.inject({ method: 'GET', url: '/stand-in/?lang=en' });
    for (const body of [listed.body, page.body]) {
      expect(body).not.toContain('alert(1)');
      expect(body).not.toContain('x:ca');
      expect(body).not.toContain('y:wec');
    }
    expect(page.body).toContain('HTTP 401');
  });

  it('throttle the page and the list per client address, and posts from elsewhere, not the server’s own', async () => {
    const get = (url: string, remoteAddress: string) => rig.app.inject({ method: 'GET', url, remoteAddress });
    for (let i = 0; i < 30; i++) expect((await get('/stand-in/', '203.0.113.5')).statusCode).toBe(200);
    const over = await get('/stand-in/', '203.0.113.5');
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect((await get('/stand-in/', '203.0.113.6')).statusCode).toBe(200);
    for (let i = 0; i < 30; i++) await get('/stand-in/messages', '203.0.113.5');
    expect((await get('/stand-in/messages', '203.0.113.5')).statusCode).toBe(429);

    const post = (remoteAddress: string) =>
      rig.app.inject({
        method: 'POST',
        url: '/stand-in/push',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
        remoteAddress,
      });
    for (let i = 0; i < 120; i++) expect((await post('198.51.100.7')).statusCode).toBe(401);
    expect((await post('198.51.100.7')).statusCode).toBe(429);
    // The delivery worker posts from this machine: never throttled.
    for (let i = 0; i < 150; i++) expect((await post('127.0.0.1')).statusCode).toBe(401);
  });
});

describe('the stand-ins in the request log', () => {
  it('leave out the posts they receive (the demo’s own pushes, thousands on a first start)', async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });
    await app.register(createStandIn({ wechat: { appId: APP_ID, secret: WECHAT_SECRET }, push: { secret: 'p'.repeat(32) } }).routes);
    app.get('/elsewhere', async () => ({ ok: true }));
    try {
      for (const url of ['/stand-in/wechat/cgi-bin/stable_token', '/stand-in/wechat/cgi-bin/message/subscribe/bizsend', '/stand-in/push'])
        await app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: '{}' });
      await app.inject({ method: 'GET', url: '/elsewhere' });
    } finally {
      await app.close();
    }
    const urls = lines.map((l) => (JSON.parse(l) as { req?: { url?: string } }).req?.url).filter(Boolean);
    expect(urls).toEqual(['/elsewhere']);
  });
});
