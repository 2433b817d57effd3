// The stand-ins' page for the demo: what the delivery worker sent, readable, escaped, in both languages.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertDistributor } from '../../testing/fixtures.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { standInOpenId } from '../addresses.ts';
import {
  addNotification,
  APP_ID,
  openTestDb,
  PUSH_SECRET,
  pushMessage,
  STAND_IN,
  standInsEachTest,
  T0,
  testWorker,
  wechatAdapter,
  type TestDb,
} from './delivery.test-support.ts';
import { standInPeople } from './stand-in.ts';
import { createWebhookAdapter } from './webhook.ts';

let clock = T0.getTime();
const now = () => new Date(clock);
beforeEach(() => {
  clock = T0.getTime();
});
const rig = standInsEachTest(now);

const page = async (url = '/stand-in/', headers: Record<string, string> = {}) => {
  const res = await rig.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, type: String(res.headers['content-type']), html: res.body };
};
/** The page's text without tags, entities decoded: what a reader sees. */
const text = (html: string) =>
  html
    .replace(/<style>[\s\S]*?<\/style>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
const items = (html: string) => html.match(/<li class="[^"]*">[\s\S]*?<\/li>/g) ?? [];

describe('the stand-ins page', () => {
  it('says nothing was sent yet, in Chinese by default and in English when asked', async () => {
    const zh = await page();
    expect(zh.status).toBe(200);
    expect(zh.type).toBe('text/html; charset=utf-8');
    expect(zh.html).toMatch(/^<!doctype html>\n<html lang="zh-CN">/);
    expect(text(zh.html)).toContain('还没有发送任何消息');
    expect(items(zh.html)).toEqual([]);
    // Self-contained: nothing loaded from elsewhere (not even a favicon), no script needed.
    expect(zh.html).not.toMatch(/<script|src=|href="(?!data:|\/stand-in\/)/);

    const en = await page('/stand-in/', { 'accept-language': 'en-US,en;q=0.9' });
    expect(en.html).toContain('<html lang="en-US">');
    expect(text(en.html)).toContain('Nothing sent yet.');
    // ?lang= wins over the browser's language; the switch links to the other one.
    expect((await page('/stand-in/?lang=zh', { 'accept-language': 'en-US' })).html).toContain('<html lang="zh-CN">');
    expect((await page('/stand-in/?lang=en')).html).toContain('<html lang="en-US">');
    expect(en.html).toContain('href="/stand-in/?lang=zh"');
    const bare = await rig.app.inject({ method: 'GET', url: '/stand-in' });
    expect([bare.statusCode, bare.headers.location]).toEqual([302, '/stand-in/']);
  });

  it('lists what the worker sent to each stand-in, newest first, every value escaped', async () => {
    const t: TestDb = await openTestDb();
    try {
      const evil = '<script>alert(1)</script>';
      const worker = testWorker(t.db, rig.fetch, now);
      const first = await addNotification(t.db, { ada: '10000001', openid: 'o-first' });
      expect(await worker.runOnce()).toMatchObject({ claimed: 2, sent: 2 });
      clock += 60_000;
      const second = await addNotification(t.db, {
        ada: '10000002',
        openid: `o-${evil}`,
        title: { zh: `${evil}标题`, en: `${evil} title` },
        body: { zh: '正文 & "引号"', en: 'Body & "quotes"' },
        dueAt: now(),
      });
      expect(await worker.runOnce()).toMatchObject({ claimed: 2, sent: 2 });

      const { html } = await page('/stand-in/?lang=en');
      expect(html).not.toContain('<script');
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; title');
      const shown = items(html).map(text);
      expect(shown).toHaveLength(4);
      // Newest first: the second notification's two messages, then the first's.
      expect(shown.slice(0, 2).every((s) => s.includes(`${second.id}:`))).toBe(true);
      expect(shown.slice(2).every((s) => s.includes(`${first.id}:`))).toBe(true);

      const wechat = shown.find((s) => s.includes(`${second.id}:wec`))!;
      expect(wechat).toContain('WeChat subscribe message Delivered 2026-11-21 12:01:00 China time');
      expect(wechat).toContain(`Recipient (openid) o-${evil}`);
      expect(wechat).toContain('Template tpl-month-closed');
      // The template's data as WeChat would show it (the title cut to the 20 characters a thing holds).
      expect(wechat).toContain('thing1 <script>alert(1)</s…');
      expect(wechat).toContain('thing2 正文 & "引号"');
      expect(wechat).toContain('time3 2026-11-21 12:01');
      expect(wechat).toContain('page https://inquiry.example.com/front/income/servicefee?month=2026-10');
      expect(wechat).toContain(`Idempotency key ${second.id}:wec`);

      const push = shown.find((s) => s.includes(`${second.id}:ca`))!;
      expect(push).toContain('App push Delivered');
      expect(push).toContain('Recipient (ADA) 10000002');
      expect(push).toContain('Kind monthClosed');
      expect(push).toContain(`title (zh) ${evil}标题`);
      expect(push).toContain(`title (en) ${evil} title`);
      expect(push).toContain('body (en) Body & "quotes"');
      expect(push).toContain('link /income/servicefee?month=2026-10');
      expect(push).not.toMatch(/refused/);

      // The Chinese page: the same messages, Chinese labels.
      const zh = items((await page('/stand-in/')).html).map(text);
      expect(zh[0]).toMatch(/^ (微信订阅消息|App 推送) 已送达 2026-11-21 12:01:00 北京时间 /);
      expect(zh.some((s) => s.includes('接收者（ADA） 10000002'))).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('shows how many attempts the stand-in refused before it took a message', async () => {
    const adapter = wechatAdapter(rig.fetch, now);
    const message = pushMessage();
    rig.standIn.failNext('wechat', 2);
    for (const expected of ['retry', 'retry', 'sent']) {
      clock += 30_000;
      expect((await adapter.send(message, 'o-1')).status).toBe(expected);
    }
    // Refused for good: never delivered, shown as such.
    rig.standIn.unsubscribe('o-2');
    clock += 1000;
    await adapter.send({ ...message, idempotencyKey: '8:wec' }, 'o-2');

    const shown = items((await page('/stand-in/?lang=en')).html).map(text);
    expect(shown).toHaveLength(2);
    expect(shown[0]).toContain('Not delivered');
    expect(shown[0]).toContain('the stand-in refused 1 attempt (last answer errcode 43101)');
    expect(shown[1]).toContain('Delivered 2026-11-21 12:01:30 China time');
    expect(shown[1]).toContain('the stand-in refused 2 attempts (last answer errcode -1)');
    expect(text((await page('/stand-in/?lang=zh')).html)).toContain('替身拒绝了 2 次尝试（最后回答 errcode -1）');

    // The JSON list is as before: every receipt, refused ones included, whatever the browser asks for.
    const json = await rig.app.inject({ method: 'GET', url: '/stand-in/messages', headers: { accept: 'text/html,*/*;q=0.8' } });
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    const messages = (json.json() as { messages: Array<{ idempotencyKey: string; accepted: boolean }> }).messages;
    expect(messages.map((m) => [m.idempotencyKey, m.accepted])).toEqual([
      ['8:wec', false],
      ['7:wec', true],
      ['7:wec', false],
      ['7:wec', false],
    ]);
  });
});

describe('the stand-ins page, filtered', () => {
  let t: TestDb;
  beforeEach(async () => {
    t = await openTestDb();
    await insertDistributor(t.db, '10000001', { name_zh: '王丽华', name_en: 'Wang Lihua' });
    await insertDistributor(t.db, '10000002', { name_zh: '陈志强', name_en: 'Chen Zhiqiang' });
    await insertDistributor(t.db, '10000003', { name_zh: '王小明', name_en: 'Wang Xiaoming' });
    await rig.reopen({ people: standInPeople(t.db, APP_ID) });
  });
  afterEach(() => t.close());

  const keysOf = (html: string) => items(html).map((i) => /Idempotency key (\S+)/.exec(text(i))![1]);

  it('by person (an ADA or a name, their openids for WeChat) and by channel, the filter in the address', async () => {
    const worker = testWorker(t.db, rig.fetch, now);
    // 10000001's WeChat openid is the one their sign-in recorded; 10000003 has none (the app only).
    const wang = await addNotification(t.db, { ada: '10000001', openid: standInOpenId(APP_ID, '10000001') });
    const chen = await addNotification(t.db, { ada: '10000002', openid: 'o-chen' });
    const xiao = await addNotification(t.db, { ada: '10000003', openid: null, channels: ['ca'] });
    expect(await worker.runOnce()).toMatchObject({ sent: 5 });

    const byAda = await page('/stand-in/?lang=en&person=10000001');
    expect(keysOf(byAda.html).sort()).toEqual([`${wang.id}:ca`, `${wang.id}:wec`]);
    expect(text(byAda.html)).toContain(`Recipient (openid) ${standInOpenId(APP_ID, '10000001')} 王丽华 · 10000001`);
    expect(byAda.html).toContain('<input name="person" value="10000001"');

    // A name: everyone whose name holds it, each linked to their own filter.
    const byName = await page(`/stand-in/?lang=en&person=${encodeURIComponent('王')}`);
    expect(keysOf(byName.html).sort()).toEqual([`${wang.id}:ca`, `${wang.id}:wec`, `${xiao.id}:ca`].sort());
    expect(byName.html).toContain('href="/stand-in/?lang=en&amp;person=10000001"');
    expect(byName.html).toContain('href="/stand-in/?lang=en&amp;person=10000003"');
    expect(keysOf((await page('/stand-in/?lang=en&person=chen')).html).sort()).toEqual([`${chen.id}:ca`, `${chen.id}:wec`]);

    const wechatOnly = await page('/stand-in/?lang=en&person=10000001&channel=wechat');
    expect(keysOf(wechatOnly.html)).toEqual([`${wang.id}:wec`]);
    expect(wechatOnly.html).toContain('<option value="wechat" selected>');
    // The language switch and the JSON link keep the filter.
    expect(wechatOnly.html).toContain('href="/stand-in/?lang=zh&amp;person=10000001&amp;channel=wechat"');
    expect(wechatOnly.html).toContain('href="/stand-in/messages?person=10000001&amp;service=wechat"');
    const json = await rig.app.inject({ method: 'GET', url: '/stand-in/messages?person=10000001&service=wechat' });
    expect(json.json().messages.map((m: { idempotencyKey: string }) => m.idempotencyKey)).toEqual([`${wang.id}:wec`]);

    const push = await page('/stand-in/?lang=en&channel=push');
    expect(keysOf(push.html).sort()).toEqual([`${wang.id}:ca`, `${chen.id}:ca`, `${xiao.id}:ca`].sort());

    const nobody = text((await page('/stand-in/?lang=en&person=nobody')).html);
    expect(nobody).toContain('No distributor matches “nobody”');
    expect(nobody).toContain('No message matches the filter.');

    // What the address carries is escaped like everything else.
    const evil = await page(`/stand-in/?lang=en&person=${encodeURIComponent('"><script>alert(1)</script>')}`);
    expect(evil.html).not.toContain('<script');
    expect(evil.html).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it('shows all of a person’s messages, a page at a time, though thousands went to others since', async () => {
    const push = createWebhookAdapter({ url: `${STAND_IN}/stand-in/push`, secret: PUSH_SECRET, fetch: rig.fetch, now });
    const message = (ada: string, k: number) => pushMessage({ idempotencyKey: `${ada}-${k}:ca`, ada });
    for (let k = 1; k <= 205; k++) {
      clock += 1000;
      expect((await push.send(message('10000002', k), null)).status).toBe('sent');
    }
    // A first demo start's backlog to everyone else after them.
    for (let k = 1; k <= 1200; k++) expect((await push.send(message('10000001', k), null)).status).toBe('sent');

    const first = await page('/stand-in/?lang=en&person=10000002');
    expect(keysOf(first.html)).toEqual(Array.from({ length: 100 }, (_, i) => `10000002-${205 - i}:ca`));
    expect(text(first.html)).toContain('205 messages, 1–100 shown');
    expect(first.html).toContain('href="/stand-in/?lang=en&amp;person=10000002&amp;page=2" rel="next"');
    const last = await page('/stand-in/?lang=en&person=10000002&page=3');
    expect(keysOf(last.html)).toEqual(['10000002-5:ca', '10000002-4:ca', '10000002-3:ca', '10000002-2:ca', '10000002-1:ca']);
    expect(text(last.html)).toContain('205 messages, 201–205 shown');
    expect(last.html).toContain('href="/stand-in/?lang=en&amp;person=10000002&amp;page=2" rel="prev"');
    expect(last.html).not.toContain('rel="next"');
    // A page past the end shows the last one.
    expect(keysOf((await page('/stand-in/?lang=en&person=10000002&page=99')).html)).toHaveLength(5);
  });
});

describe('the stand-ins page in the app', () => {
  it('is there in demo mode only, without signing in, under the app security headers', async () => {
    const demo = await createTestApp({ DEMO: '1', NOTIFY_WORKER: '0' });
    const real = await createTestApp({ NOTIFY_WORKER: '0' });
    try {
      const res = await demo.app.inject({ method: 'GET', url: '/stand-in/' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('还没有发送任何消息');
      // Its inline style is allowed by the app's CSP.
      expect(res.headers['content-security-policy']).toMatch(/style-src 'self' 'unsafe-inline'/);
      expect((await real.app.inject({ method: 'GET', url: '/stand-in/' })).statusCode).toBe(404);
    } finally {
      await demo.close();
      await real.close();
    }
  });
});
