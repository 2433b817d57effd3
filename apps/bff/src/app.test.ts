import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@abo/contract';
import { createTestApp, type TestApp } from './testing/test-app.ts';

describe('BFF platform behaviour', () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'abo-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.mkdirSync(path.join(webDist, '.vite'));
    fs.writeFileSync(path.join(webDist, '.vite', 'manifest.json'), '{"src/main.tsx":{}}');
    fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js.br'), zlib.brotliCompressSync('console.log(1)'));
    t = await createTestApp({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('answers getConfig without a token with 9900401 in the envelope and HTTP 200', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/bff/v1/common/getConfig', payload: { channel: 'ebiz' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: Code.UNAUTHORIZED, message: expect.any(String), success: false, data: null });
  });

  it('rejects a forged token the same way', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/bff/v1/common/getConfig',
      headers: { 'idaas-accesstoken': 'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.', 'idaas-idtoken': 'x.y.z' },
      payload: {},
    });
    expect(res.json().code).toBe(Code.UNAUTHORIZED);
  });

  it('reports health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('redirects / to /front/', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/front/');
  });

  it('serves index.html uncached for any page path, including deep links in any case', async () => {
    for (const url of ['/front/', '/front/INCENTIVEPLAN', '/front/income/servicefee?channel=wec']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves the precompressed variant of an asset when the browser accepts it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/front/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe('console.log(1)');
  });

  it('long-caches hashed assets and never falls back to HTML for a missing one', async () => {
    const hit = await t.app.inject({ method: 'GET', url: '/front/assets/index-abc123.js' });
    expect(hit.statusCode).toBe(200);
    expect(hit.headers['cache-control']).toContain('immutable');
    const miss = await t.app.inject({ method: 'GET', url: '/front/assets/gone-123.js' });
    expect(miss.statusCode).toBe(404);
    expect(miss.headers['content-type']).toContain('application/json');
  });

  it('keeps the build metadata (.vite/) to itself', async () => {
    for (const url of ['/front/.vite/manifest.json', '/front/%2evite/manifest.json', '/front/.VITE/manifest.json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('src/main.tsx');
    }
  });

  it('answers unknown API paths and bad JSON with the envelope, never a stack', async () => {
    const unknown = await t.app.inject({ method: 'POST', url: '/bff/v1/nope', payload: {} });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, data: null });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/bff/v1/common/getConfig',
      headers: { 'content-type': 'application/json' },
      payload: '{"channel":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: Code.BAD_REQUEST, success: false });
    expect(bad.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('sends security headers: CSP limiting framing to the portal, nosniff, referrer policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/front/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBeUndefined();
  });
});
