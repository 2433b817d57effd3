// The stand-ins answer as the real services do and list what they received.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APP_ID, standInRig, T0, wechatAdapter, WECHAT_SECRET, type StandInRig } from './test-support.ts';

let clock = T0.getTime();
const now = () => new Date(clock);
let rig: StandInRig;
beforeEach(async () => {
  clock = T0.getTime();
  rig = await standInRig(now);
});
afterEach(() => rig.close());

const message = (key: string) => ({
  idempotencyKey: key,
  ada: '10000001',
  kind: 'monthClosed',
  title: { zh: '标题', en: 'Title' },
  body: { zh: '正文', en: 'Body' },
  link: '/',
  month: null,
  createdAt: T0.toISOString(),
});

describe('stand-ins', () => {
  it('hand out tokens only for the configured app id and secret, as WeChat answers', async () => {
    const token = (q: string) => rig.app.inject({ method: 'GET', url: `/stand-in/wechat/cgi-bin/token?${q}` }).then((r) => r.json());
    expect(await token(`grant_type=client_credential&appid=${APP_ID}&secret=${WECHAT_SECRET}`)).toMatchObject({ expires_in: 7200 });
    expect(await token(`grant_type=client_credential&appid=${APP_ID}&secret=nope`)).toEqual({
      errcode: 40125,
      errmsg: 'invalid appsecret',
    });
    expect(await token(`grant_type=client_credential&appid=wxother&secret=${WECHAT_SECRET}`)).toEqual({
      errcode: 40013,
      errmsg: 'invalid appid',
    });
    expect(await token(`grant_type=password&appid=${APP_ID}&secret=${WECHAT_SECRET}`)).toEqual({
      errcode: 40002,
      errmsg: 'invalid grant_type',
    });
    const send = await rig.app.inject({
      method: 'POST',
      url: '/stand-in/wechat/cgi-bin/message/subscribe/bizsend?access_token=made-up',
      payload: {},
    });
    expect(send.json()).toMatchObject({ errcode: 40001 });
  });

  it('lists every message received, duplicates included, newest first', async () => {
    const adapter = wechatAdapter(rig.fetch, now);
    for (const key of ['1:wec', '2:wec', '1:wec']) {
      clock += 1000;
      await adapter.send(message(key), 'o-1');
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
});
