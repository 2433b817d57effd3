import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { auditAction, recordRead } from './audit.ts';

describe('the audit log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('records a read as its route (as declared, not as spelt)', async () => {
    const action = auditAction({ method: 'POST', url: '/BFF/v1/Income/Statement?x=1', routeOptions: { url: '/bff/v1/income/statement' } });
    expect(action).toBe('POST /bff/v1/income/statement');
    expect(auditAction({ method: 'GET', url: '/nowhere', routeOptions: {} })).toBe('GET /nowhere');
    await recordRead(t.db, { actor: 'staff01', subjectAda: '10000001', action, channel: 'iinquiry' }, '2026-11-21T00:00:00.000Z');
    expect(await t.db.selectFrom('audit_log').select(['actor', 'subject_ada', 'action', 'channel', 'at']).execute()).toEqual([
      { actor: 'staff01', subject_ada: '10000001', action, channel: 'iinquiry', at: '2026-11-21T00:00:00.000Z' },
    ]);
  });
});
