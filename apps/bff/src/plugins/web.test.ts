import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeadersPlugin } from './security-headers.ts';
import { EARLY_REQUESTS_FILE, ROUTE_PRELOADS_FILE, routeKey, webPlugin, withEarlyRequests, withScriptSources } from './web.ts';

const INDEX = '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>';
const PRELOADS = {
  '*': { js: ['assets/app-frame-1.js', 'assets/not-found-page-1.js'], css: [] },
  '/': { js: ['assets/app-frame-1.js', 'assets/home-page-1.js'], css: ['assets/home-page-1.css'] },
  '/income/servicefee': { js: ['assets/app-frame-1.js', 'assets/servicefee-page-1.js'], css: [] },
};

describe('web plugin: pages with their preloads', () => {
  let app: FastifyInstance;
  let webDist: string;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'abo-web-plugin-'));
    fs.mkdirSync(path.join(webDist, '.vite'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
    fs.writeFileSync(path.join(webDist, ROUTE_PRELOADS_FILE), JSON.stringify(PRELOADS));
    fs.writeFileSync(path.join(webDist, 'assets', 'home-page-1.js'), 'export default 1');
    app = Fastify();
    await app.register(webPlugin, { webDist });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('keys page paths as the route table does', () => {
    expect(routeKey('/front/')).toBe('/');
    expect(routeKey('/front')).toBe('/');
    expect(routeKey('/front/Income/ServiceFee/?channel=wec')).toBe('/income/servicefee');
  });

  it("puts the page's chunks and styles into index.html as preload links", async () => {
    const res = await app.inject({ method: 'GET', url: '/front/income/ServiceFee?sessionToken=x' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/front/assets/servicefee-page-1.js"></head>');
    expect(res.body).not.toContain('home-page-1');
    const home = await app.inject({ method: 'GET', url: '/front/' });
    expect(home.body).toContain('<link rel="modulepreload" crossorigin href="/front/assets/home-page-1.js">');
    expect(home.body).toContain('<link rel="preload" as="style" crossorigin href="/front/assets/home-page-1.css">');
  });

  it('gives a path outside the route table the fallback preloads', async () => {
    const res = await app.inject({ method: 'GET', url: '/front/no/such/page' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('href="/front/assets/not-found-page-1.js"');
  });

  it('compresses the page as the browser accepts, and answers a matching ETag with 304', async () => {
    const br = await app.inject({ method: 'GET', url: '/front/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('home-page-1.js');
    const gzip = await app.inject({ method: 'GET', url: '/front/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(zlib.brotliDecompressSync(br.rawPayload).toString());
    expect(gzip.headers.etag).not.toBe(br.headers.etag);
    const again = await app.inject({
      method: 'GET',
      url: '/front/',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('still 404s a missing asset instead of answering the page', async () => {
    const res = await app.inject({ method: 'GET', url: '/front/assets/gone-1.js' });
    expect(res.statusCode).toBe(404);
    const hit = await app.inject({ method: 'GET', url: '/front/assets/home-page-1.js' });
    expect(hit.statusCode).toBe(200);
    expect(hit.headers['cache-control']).toContain('immutable');
  });
});

describe('web plugin: a build without the preload list', () => {
  it('serves index.html as built', async () => {
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'abo-web-plugin-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
    const app = Fastify();
    await app.register(webPlugin, { webDist });
    const res = await app.inject({ method: 'GET', url: '/front/income/servicefee' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
    await app.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });
});

describe("web plugin: index.html's inline script under the CSP", () => {
  // The web build's early token exchange (apps/web/src/features/auth/early-exchange.ts) is inline.
  const SCRIPT = '(function(w){w.started=1})(window)';
  const sha = `'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`;

  it("allows that script by its hash on pages only, never by 'unsafe-inline'", async () => {
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'abo-web-plugin-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX.replace('<head>', `<head><script>${SCRIPT}</script>`));
    fs.writeFileSync(path.join(webDist, 'assets', 'home-page-1.js'), 'export default 1');
    const app = Fastify();
    await app.register(securityHeadersPlugin, { portalOrigins: [], imageOrigins: [], connectOrigins: [] });
    await app.register(webPlugin, { webDist });
    for (const url of ['/front/', '/front/income/servicefee?sessionToken=x']) {
      const page = await app.inject({ method: 'GET', url });
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain(`script-src 'self' ${sha};`);
      expect(csp.match(/script-src[^;]*/)![0]).not.toContain('unsafe-inline');
    }
    const asset = await app.inject({ method: 'GET', url: '/front/assets/home-page-1.js' });
    expect(String(asset.headers['content-security-policy'])).toContain("script-src 'self';");
    await app.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('adds sources to script-src wherever it stands, and nothing without sources', () => {
    expect(withScriptSources("default-src 'self';script-src 'self';object-src 'none'", ["'sha256-a'"])).toBe(
      "default-src 'self';script-src 'self' 'sha256-a';object-src 'none'",
    );
    expect(withScriptSources("script-src 'self'", ["'sha256-a'", "'sha256-b'"])).toBe("script-src 'self' 'sha256-a' 'sha256-b'");
    expect(withScriptSources("default-src 'self'", [])).toBe("default-src 'self'");
  });
});

describe("web plugin: the page's early requests for index.html's starter", () => {
  // apps/web/src/app/early-requests.ts, as the web build writes it (apps/web/vite.config.ts).
  const EARLY = {
    '/': [{ path: '/bff/v1/common/dstInfo', body: {} }],
    '/income/servicefee': [{ path: '/bff/v1/income/statement', body: { month: { param: 'month' } } }],
  };
  const SCRIPT = '(function(w){w.started=1})(window)';
  const sha = `'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`;

  it("writes the current page's list just before the starter, and none for other pages, under the same CSP", async () => {
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'abo-web-plugin-'));
    fs.mkdirSync(path.join(webDist, '.vite'));
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX.replace('<head>', `<head><meta charset="UTF-8" /><script>${SCRIPT}</script>`));
    fs.writeFileSync(path.join(webDist, ROUTE_PRELOADS_FILE), JSON.stringify(PRELOADS));
    fs.writeFileSync(path.join(webDist, EARLY_REQUESTS_FILE), JSON.stringify(EARLY));
    const app = Fastify();
    await app.register(securityHeadersPlugin, { portalOrigins: [], imageOrigins: [], connectOrigins: [] });
    await app.register(webPlugin, { webDist });
    const fee = await app.inject({ method: 'GET', url: '/front/Income/ServiceFee?month=2026-10&sessionToken=x' });
    expect(fee.body).toContain(
      `<meta charset="UTF-8" /><script type="application/json" id="abo-early">${JSON.stringify(EARLY['/income/servicefee'])}</script><script>${SCRIPT}</script>`,
    );
    const home = await app.inject({ method: 'GET', url: '/front/' });
    expect(home.body).toContain(`<script type="application/json" id="abo-early">${JSON.stringify(EARLY['/'])}</script><script>`);
    const other = await app.inject({ method: 'GET', url: '/front/achievement' });
    expect(other.body).not.toContain('abo-early');
    // A data block runs nothing: the CSP allows the starter only, by its hash.
    for (const page of [fee, home, other]) expect(String(page.headers['content-security-policy'])).toContain(`script-src 'self' ${sha};`);
    await app.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('writes nothing without a starter or without requests, and nothing that closes the block', () => {
    expect(withEarlyRequests(INDEX, [{ path: '/x' }])).toBe(INDEX);
    const html = `<head><script>${SCRIPT}</script></head>`;
    expect(withEarlyRequests(html, [])).toBe(html);
    expect(withEarlyRequests(html, undefined)).toBe(html);
    const block = withEarlyRequests(html, [{ path: '</script><script>alert(1)</script>' }]);
    expect(block.match(/<\/script>/g)).toHaveLength(2);
    expect(JSON.parse(/id="abo-early">(.*?)<\/script>/.exec(block)![1]!)).toEqual([{ path: '</script><script>alert(1)</script>' }]);
  });
});
