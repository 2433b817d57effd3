import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD, seedDatabase } from '../seed/index.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { EARLY_REQUESTS_FILE, ROUTE_PRELOADS_FILE } from '../plugins/web.ts';
import { entryChannel, entryLanguage, FIRST_PAGE_ID, withFirstPage, type FirstPage, type FirstPageBlock } from './first-page.ts';
import { RENDER_BUNDLE } from './page-renderer.ts';

// index.html as the web build writes it, in short: the starter, the root with its placeholder.
const INDEX =
  '<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" /><script>/* starter */</script>' +
  '</head>' +
  '<body><div id="root"><div class="boot"><div class="page__body"><div class="skeleton"></div></div></div></div>' +
  '<noscript>JavaScript</noscript></body></html>';
/** index.html with a page's preload links, as the BFF sends it (plugins/web.ts). */
const DOCUMENT = INDEX.replace(
  '</head>',
  '<script type="module" crossorigin src="/front/assets/index-1.js"></script><link rel="modulepreload" crossorigin href="/front/assets/runtime-1.js">' +
    '<link rel="preload" as="style" crossorigin href="/front/assets/page.css"><link rel="modulepreload" crossorigin href="/front/assets/page-1.js"></head>',
);
const PAGE_CSS = '.page-x{color:#123}';
const WEC_UA = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Mobile Safari/537.36';

const blockOf = (html: string): FirstPageBlock | null => {
  const m = new RegExp(`<script type="application/json" id="${FIRST_PAGE_ID}">(.*?)</script>`).exec(html);
  return m ? (JSON.parse(m[1]!) as FirstPageBlock) : null;
};
/** A web build of its own in a new directory: index.html (INDEX) and `files` by path. */
function webDistWith(prefix: string, files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  for (const [name, text] of Object.entries({ 'index.html': INDEX, ...files })) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}
const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('<noscript>'));

describe('a sign-in from the portal answered with its first page rendered', () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    const preloads = { js: [], css: ['assets/page.css'] };
    webDist = webDistWith('abo-first-page-', {
      // The pages the starter knows the first calls of (app/early-requests.ts): those rendered.
      [EARLY_REQUESTS_FILE]: JSON.stringify({ '/': [{}], '/income/servicefee': [{}] }),
      [ROUTE_PRELOADS_FILE]: JSON.stringify({ '*': preloads, '/': preloads, '/income/servicefee': preloads, '/achievement': preloads }),
      'assets/page.css': PAGE_CSS,
    });
    // The render bundle as apps/web's build makes it.
    execFileSync(
      'npx',
      [
        'vite',
        'build',
        '--ssr',
        'src/ssr/render-page.tsx',
        '--outDir',
        path.join(webDist, path.dirname(RENDER_BUNDLE)),
        '--logLevel',
        'error',
      ],
      // A production build, as `npm run build` makes it (vitest's NODE_ENV=test would make React's development JSX).
      {
        cwd: path.resolve(import.meta.dirname, '../../../web'),
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, NODE_ENV: 'production' },
      },
    );
    // Every test signs in afresh (a one-time token each).
    t = await createTestApp({ WEB_DIST: webDist, PAGE_RENDER: '1', LOGIN_RATE_LIMIT: '10000' });
    await seedDatabase(t.db, { distributors: 300, seed: 7, today: '2026-11-21' }, { fresh: true });
    // The render thread loads jsdom and the bundle (~1.5 s) before its first page.
    for (let i = 0; i < 100; i++) {
      const page = await open('/front/income/servicefee');
      if (page.markup) break;
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const sessionToken = async (ada = '10000001') => {
    const s = await t.app.inject({ method: 'POST', url: '/idp/session', payload: { username: ada, password: DEMO_PASSWORD } });
    return s.json().data.sessionToken as string;
  };
  async function open(url: string, headers: Record<string, string> = {}, token?: string) {
    const sessionTokenUsed = token ?? (await sessionToken());
    const res = await t.app.inject({
      method: 'GET',
      url: `${url}${url.includes('?') ? '&' : '?'}sessionToken=${encodeURIComponent(sessionTokenUsed)}`,
      headers: { 'user-agent': WEC_UA, ...headers },
    });
    const block = blockOf(res.body);
    const root = rootOf(res.body);
    return { res, block, root, token: sessionTokenUsed, markup: !root.includes('class="boot"') };
  }
  const exchangeAgain = async (token: string) =>
    (await t.app.inject({ method: 'POST', url: '/bff/v1/common/idaasToken', payload: { sessionToken: token, channel: 'wec' } })).json();

  it('renders the statement the statement call answers, with the exchange and that answer for the page to take', async () => {
    const page = await open('/front/income/servicefee');
    expect(page.res.statusCode).toBe(200);
    // The tokens and the user's figures are this answer's only.
    expect(page.res.headers['cache-control']).toBe('no-store');
    expect(page.res.headers['etag']).toBeUndefined();
    expect(page.markup).toBe(true);
    const block = page.block!;
    expect(block.token).toBe(page.token);
    expect(block.channel).toBe('wec');
    const exchange = JSON.parse(block.exchange.body);
    expect(exchange.code).toBe(0);
    const statementCall = block.answers.find((a) => a.path === '/bff/v1/income/statement');
    expect(statementCall).toBeDefined();
    // The call as the browser's api client sends it: the channel and the signed-in ada in the body.
    expect(JSON.parse(statementCall!.sent)).toMatchObject({ channel: 'wec', loginada: '10000001' });
    // The same statement, asked for with the tokens the page carries, is the one the markup shows.
    const asked = await t.app.inject({
      method: 'POST',
      url: '/bff/v1/income/statement',
      headers: { 'idaas-accesstoken': exchange.data.accessToken, 'idaas-idtoken': exchange.data.idToken },
      payload: JSON.parse(statementCall!.sent),
    });
    const statement = asked.json().data;
    expect(JSON.parse(statementCall!.body).data).toEqual(statement);
    expect(page.root).toContain(`data-net-fen="${statement.netFen}"`);
    // The page's stylesheets apply at once: the markup shows before the scripts run.
    expect(page.res.body).toContain(`<style>${PAGE_CSS}</style><link rel="stylesheet" crossorigin href="/front/assets/page.css" disabled>`);
    // The token was exchanged here, once.
    expect((await exchangeAgain(page.token)).code).not.toBe(0);
  });

  it("renders home in the visitor's language", async () => {
    const zh = await open('/front/');
    const en = await open('/front/', { 'accept-language': 'en-US,en;q=0.9' });
    expect(zh.markup && en.markup).toBe(true);
    expect(zh.res.body).toContain('<html lang="zh-CN"');
    expect(en.res.body).toContain('<html lang="en-US"');
    expect(en.root).not.toBe(zh.root);
    expect(zh.block!.answers.map((a) => a.path)).toContain('/bff/v1/home/summary');
  });

  it("makes the page's calls as the browser would: its user agent and canary cookie in the headers", async () => {
    const inject = vi.spyOn(t.app, 'inject');
    try {
      const page = await open('/front/income/servicefee', { cookie: 'canary=blue%20one; other=1' });
      expect(page.markup).toBe(true);
      const calls = inject.mock.calls.map((args) => (args as unknown[])[0] as { url: string; headers: Record<string, string> });
      const statement = calls.find((c) => c.url === '/bff/v1/income/statement');
      expect(statement?.headers).toMatchObject({ 'x-am-canary': 'blue one', 'idaas-deviceid': WEC_UA });
      expect(calls.find((c) => c.url === '/bff/v1/common/idaasToken')?.headers).toMatchObject({ 'x-am-canary': 'blue one' });
    } finally {
      inject.mockRestore();
    }
  });

  it('carries a refused exchange for the page to take, and renders nothing', async () => {
    const page = await open('/front/income/servicefee', {}, 'no-such-token');
    expect(page.res.statusCode).toBe(200);
    expect(page.res.headers['cache-control']).toBe('no-store');
    expect(page.markup).toBe(false);
    expect(JSON.parse(page.block!.exchange.body).code).not.toBe(0);
    expect(page.block!.answers).toEqual([]);
  });

  it('leaves the token alone where the page would not exchange it: staff, a prefetch, a page it does not render', async () => {
    for (const [url, headers] of [
      ['/front/income/servicefee?channel=iinquiry', {}],
      ['/front/income/servicefee', { 'sec-purpose': 'prefetch' }],
      ['/front/achievement', {}],
    ] as const) {
      const page = await open(url, headers);
      expect(page.block, url).toBeNull();
      expect(page.markup, url).toBe(false);
      expect(page.res.headers['cache-control'], url).toBe('no-cache');
      expect((await exchangeAgain(page.token)).code, url).toBe(0);
    }
  });
});

describe('PAGE_RENDER=0', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = webDistWith('abo-first-page-off-', {
      [EARLY_REQUESTS_FILE]: JSON.stringify({ '/': [{}] }),
      [RENDER_BUNDLE]: 'throw new Error("never loaded")',
    });
    t = await createTestApp({ WEB_DIST: webDist, PAGE_RENDER: '0' });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('sends pages with their placeholder and exchanges nothing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/front/?sessionToken=abc' });
    expect(res.statusCode).toBe(200);
    expect(blockOf(res.body)).toBeNull();
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('the first page in the document', () => {
  const page = (markup: string | null, lang: FirstPage['lang'] = 'zh-CN'): FirstPage => ({
    block: { token: 't', channel: 'wec', exchange: { status: 200, body: '{"x":"</script><script>alert(1)</script>"}' }, answers: [] },
    lang,
    markup,
  });

  it('puts the block before the starter with nothing in it able to close it, and the markup in the root', () => {
    const html = withFirstPage(DOCUMENT, page('<main>page</main>', 'en-US'), () => undefined);
    expect(html.indexOf(`id="${FIRST_PAGE_ID}"`)).toBeLessThan(html.indexOf('<script>/* starter */'));
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(blockOf(html)!.exchange.body).toContain('</script><script>alert(1)</script>');
    expect(rootOf(html)).toBe('<div id="root"><div data-first-page style="display:contents"><main>page</main></div></div>');
    expect(html).toContain('<html lang="en-US"');
  });

  it('hands the scripts to the starter, which adds them once the page has painted', () => {
    const html = withFirstPage(DOCUMENT, page('<main>page</main>'), () => undefined);
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain('modulepreload');
    expect(blockOf(html)!.scripts).toEqual({
      entry: '/front/assets/index-1.js',
      preload: ['/front/assets/runtime-1.js', '/front/assets/page-1.js'],
    });
    // Without markup the page is index.html's, scripts and all.
    const plain = withFirstPage(DOCUMENT, page(null), () => undefined);
    expect(plain).toContain('<script type="module" crossorigin src="/front/assets/index-1.js"></script>');
    expect(blockOf(plain)!.scripts).toBeUndefined();
  });

  it("carries the page's stylesheets, each also a disabled link for the app's code loader", () => {
    const html = withFirstPage(DOCUMENT, page('<main>page</main>'), (href) =>
      href === '/front/assets/page.css' ? '.a{color:red}' : undefined,
    );
    expect(html).toContain('<style>.a{color:red}</style><link rel="stylesheet" crossorigin href="/front/assets/page.css" disabled></head>');
    expect(html).not.toContain('rel="preload"');
    // Text that would close the style element goes as a link instead.
    const odd = withFirstPage(DOCUMENT, page('<main>page</main>'), () => '.a{content:"</style>"}');
    expect(odd).toContain('<link rel="stylesheet" crossorigin href="/front/assets/page.css"></head>');
  });

  it('keeps the placeholder and the preloads when there is no markup', () => {
    const html = withFirstPage(DOCUMENT, page(null, 'en-US'), () => '.a{}');
    expect(rootOf(html)).toContain('class="boot"');
    expect(html).toContain('<link rel="preload" as="style"');
    expect(html).toContain('<html lang="zh-CN"');
  });

  it('resolves the channel and the language as the starter and the app do with nothing stored', () => {
    expect(entryChannel(new URL('http://x/front/?channel=CA'), WEC_UA)).toBe('ca');
    expect(entryChannel(new URL('http://x/front/?channel=nope'), WEC_UA)).toBe('wec');
    expect(entryChannel(new URL('http://x/front/'), 'Mozilla/5.0 (Windows NT 10.0)')).toBe('ebiz');
    expect(entryLanguage(new URL('http://x/front/?lang=en'), 'zh-CN')).toBe('en-US');
    expect(entryLanguage(new URL('http://x/front/'), 'en-GB,en;q=0.8')).toBe('en-US');
    expect(entryLanguage(new URL('http://x/front/'), undefined)).toBe('zh-CN');
  });
});
