// One test app per describe block, and a distributor's sign-in headers: the setup that the route
// tests of several areas share.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { DEMO_PASSWORD, seedDatabase } from '../seed/index.ts';
import { TEST_PASSWORD } from './fixtures.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export interface SuiteApp {
  /** The app of the enclosing describe (there once its beforeAll has run). */
  readonly t: TestApp;
}

/**
 * A test app for the enclosing describe (with `env` over the test configuration): created and
 * given `setup` in a beforeAll of its own (allowed `timeout` ms, else the suite's default), closed
 * after the block's tests.
 */
export function useTestApp(
  setup: (t: TestApp) => Promise<void> = async () => undefined,
  env: Record<string, string> = {},
  timeout?: number,
): SuiteApp {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp(env);
    await setup(t);
  }, timeout);
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

export interface DemoApp extends SuiteApp {
  /** The sign-in headers of one of the distributors useDemoApp signed in. */
  headers(ada: string): Record<string, string>;
}

/**
 * A test app on the demo seed (300 distributors, seed 7, today 2026-11-21: README's demo
 * accounts) for the enclosing describe, with `adas` signed in once each (sign-ins are rate limited
 * per account). Seeding takes a while on a busy machine: its beforeAll may take two minutes.
 */
export function useDemoApp(adas: readonly string[]): DemoApp {
  const headers = new Map<string, Record<string, string>>();
  const s = useTestApp(
    async (t) => {
      await seedDatabase(t.db, { distributors: 300, seed: 7, today: '2026-11-21' }, { fresh: true });
      for (const ada of adas) headers.set(ada, await signInHeaders(t.app, ada, DEMO_PASSWORD));
    },
    {},
    120_000,
  );
  return {
    get t() {
      return s.t;
    },
    headers: (ada) => {
      const h = headers.get(ada);
      if (!h) throw new Error(`${ada} was not signed in by useDemoApp`);
      return h;
    },
  };
}
