import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { DEMO_PASSWORD, seedDatabase } from '../../seed/index.ts';

// The demo accounts on a seeded database: figures must reconcile across the achievement calls.
describe('achievement calls on the demo seed', () => {
  let t: TestApp;
  const headers: Record<string, Record<string, string>> = {};

  const signIn = async (ada: string) => {
    const s = await t.app.inject({ method: 'POST', url: '/idp/session', payload: { username: ada, password: DEMO_PASSWORD } });
    const sessionToken = s.json().data.sessionToken as string;
    const x = await t.app.inject({ method: 'POST', url: '/bff/v1/common/idaasToken', payload: { sessionToken, channel: 'wec' } });
    const { accessToken, idToken } = x.json().data;
    headers[ada] = { 'idaas-accesstoken': accessToken, 'idaas-idtoken': idToken };
  };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const call = async (path: string, payload: object = {}, ada = '10000001'): Promise<any> => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/bff/v1/achievement/${path}`,
      payload: { channel: 'wec', ...payload },
      headers: headers[ada],
    });
    const body = res.json();
    expect(body.success, `${path}: ${body.message}`).toBe(true);
    return body.data;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await seedDatabase(t.db, { distributors: 600, seed: 42, today: '2026-11-21' }, { fresh: true });
    await signIn('10000001');
    await signIn('10000002');
  }, 120_000);
  afterAll(() => t.close());

  it('10000001: overview, top-up, composition and estimate agree on this month', async () => {
    const o = await call('overview');
    expect(o.pinCode).toBe(330);
    expect(o.current).not.toBeNull();
    const top = await call('topup');
    expect(top.apv).toBe(o.current.apv);
    expect(top.bracket).toBe(o.current.bracket);
    const c = await call('composition');
    const counted = c.legs.filter((l: { counted: boolean }) => l.counted).reduce((s: number, l: { pgpv: number }) => s + l.pgpv, 0);
    expect(c.ppv + counted + c.otherLegs.pgpv).toBe(c.apv);
    expect(c.apv).toBe(o.current.apv);
    const e = await call('estimate');
    expect(e.before.pgpv).toBe(o.current.pgpv);
    expect(e.before.bracketPercent).toBe(o.current.bracket);
    const m = await call('overallmarket');
    expect(m.months.at(-1).gpv).toBe(o.current.gpv);
  });

  it('10000001: extra PV that crosses a bracket boundary moves the bracket', async () => {
    const base = await call('estimate');
    const need = base.before.pvForNextBracket;
    expect(need).toBeGreaterThan(0);
    const below = await call('estimate', { extraPpv: need - 1 });
    const at = await call('estimate', { extraPpv: need });
    expect(below.after.bracketPercent).toBe(base.before.bracketPercent);
    expect(at.after.bracketPercent).toBeGreaterThan(base.before.bracketPercent);
  });

  it('10000001: pin counters come from this PY’s closed months', async () => {
    const r = await call('rank');
    const closed = r.pyMonths.filter((m: { state: string }) => m.state === 'closed');
    expect(r.counters.spMonths).toBe(closed.filter((m: { isSp: boolean }) => m.isSp).length);
    expect(r.pins.find((p: { above: boolean }) => p.above).pinCode).toBeGreaterThan(330);
  });

  it('10000002: Q legs are left out of APV', async () => {
    const c = await call('composition', {}, '10000002');
    const counted = c.legs.filter((l: { counted: boolean }) => l.counted).reduce((s: number, l: { pgpv: number }) => s + l.pgpv, 0);
    expect(c.ppv + counted + c.otherLegs.pgpv).toBe(c.apv);
    const r = await call('rank', {}, '10000002');
    expect(r.pinCode).toBeGreaterThanOrEqual(380);
  });
});
