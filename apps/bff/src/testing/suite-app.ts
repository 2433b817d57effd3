// One test app per describe block, and a distributor's sign-in headers: the setup that the route
// tests of several areas share.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { TEST_PASSWORD } from './fixtures.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export interface SuiteApp {
  /** The app of the enclosing describe (there once its beforeAll has run). */
  readonly t: TestApp;
}

/**
 * A test app for the enclosing describe (with `env` over the test configuration): created and
 * given `setup` in a beforeAll of its own, closed after the block's tests.
 */
export function useTestApp(setup: (t: TestApp) => Promise<void> = async () => undefined, env: Record<string, string> = {}): SuiteApp {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp(env);
    await setup(t);
  });
  afterAll(() => t?.close());
  return {
    get t() {
      if (!t) throw new Error('the test app is used before its beforeAll ran');
      return t;
    },
  };
}

/** Signs a distributor in as the web app does (IdP session, then idaasToken): the headers of their calls. */
export async function signInHeaders(app: FastifyInstance, ada: string, password = TEST_PASSWORD): Promise<Record<string, string>> {
  const s = await app.inject({ method: 'POST', url: '/idp/session', payload: { username: ada, password } });
  const x = await app.inject({
    method: 'POST',
    url: '/bff/v1/common/idaasToken',
    payload: { sessionToken: s.json().data.sessionToken, channel: 'wec' },
  });
  const { accessToken, idToken } = x.json().data;
  return { 'idaas-accesstoken': accessToken, 'idaas-idtoken': idToken };
}
