// The OpenAPI document for integrators: every envelope call of the contract and the IdP, with
// its request body and answer, generated from the routes' zod schemas; nothing internal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, type EndpointPath } from '@abo/contract';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { OPENAPI_PATH } from './openapi.ts';

type Operation = {
  requestBody?: { content: Record<string, { schema: { type?: string; properties?: object } }> };
  responses: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }>;
  security?: unknown[];
  tags?: string[];
};
type Document = { openapi: string; info: { title: string }; paths: Record<string, Record<string, Operation>> };

describe(OPENAPI_PATH, () => {
  let t: TestApp;
  let doc: Document;

  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => t.close());

  it('is an OpenAPI 3.1 document', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.title).toBeTruthy();
    for (const [path, item] of Object.entries(doc.paths)) {
      expect(path, path).toMatch(/^\//);
      for (const [method, op] of Object.entries(item)) {
        expect(['get', 'post', 'put', 'patch', 'delete', 'head', 'options'], `${method} ${path}`).toContain(method);
        expect(Object.keys(op.responses).length, `${method} ${path} responses`).toBeGreaterThan(0);
      }
    }
  });

  it('describes every envelope call registered under /bff/v1 with its body and its envelope answer', () => {
    // The analytics collector takes whatever the SDK sends: no body schema, no envelope.
    const isEnvelopeCall = (url: string) => url in ENDPOINTS && !('collector' in ENDPOINTS[url as EndpointPath]);
    const envelope = t.app.routeList.filter((r) => r.method === 'POST' && r.url.startsWith('/bff/v1/') && isEnvelopeCall(r.url));
    expect(envelope.length).toBeGreaterThan(50);
    for (const { url, public: open } of envelope) {
      const op = doc.paths[url]?.post;
      expect(op, url).toBeDefined();
      expect(op!.requestBody?.content['application/json']?.schema.type, `${url} body`).toBe('object');
      const answer = op!.responses['200']?.content?.['application/json']?.schema;
      expect(Object.keys(answer?.properties ?? {}).sort(), `${url} answer`).toEqual(['code', 'data', 'message', 'success']);
      // A call needing a session says so; a public one (the token exchange) does not.
      expect(op!.security !== undefined, `${url} security`).toBe(!open);
    }
  });

  it('describes the IdP’s calls, with the body where the route checks one', () => {
    const idp = t.app.routeList.filter((r) => r.url.startsWith('/idp/') && !r.url.startsWith('/idp/assets/') && r.method !== 'HEAD');
    expect(idp.length).toBeGreaterThan(3);
    for (const { method, url } of idp) expect(doc.paths[url]?.[method.toLowerCase()], `${method} ${url}`).toBeDefined();
    expect(doc.paths['/idp/session']?.post?.requestBody).toBeDefined();
  });

  it('leaves out pages, assets, stand-ins, probes and itself', () => {
    for (const path of Object.keys(doc.paths)) {
      expect(path, path).toMatch(/^\/(bff\/v1\/|idp\/|\.well-known\/jwks\.json$)/);
      expect(path, path).not.toMatch(/^\/idp\/assets\//);
    }
  });
});

describe(`${OPENAPI_PATH} in production`, () => {
  it('is off unless OPENAPI=1', async () => {
    const off = await createTestApp({ NODE_ENV: 'production' });
    try {
      expect((await off.app.inject({ method: 'GET', url: OPENAPI_PATH })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
    const on = await createTestApp({ NODE_ENV: 'production', OPENAPI: '1' });
    try {
      const res = await on.app.inject({ method: 'GET', url: OPENAPI_PATH });
      expect(res.statusCode).toBe(200);
      expect(res.json().paths['/bff/v1/income/statement']).toBeDefined();
    } finally {
      await on.close();
    }
  });
});
