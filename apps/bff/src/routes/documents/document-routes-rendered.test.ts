// The links with the real renderer (documents/render.ts), as app.ts wires it: a statement comes
// back as a PDF, a spreadsheet as an attachment, a month the income pages refuse is refused on
// the link call.
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { Code } from '@abo/contract';
import { signInHeaders } from '../../testing/suite-app.ts';
import { LEADER, useIncomeApp } from '../income/income.test-support.ts';

const LINK = '/bff/v1/income/documentLink';
const cookieOf = (res: LightMyRequestResponse) => String(res.headers['set-cookie']).split(';')[0]!;

describe('document links with the real renderer', () => {
  const fx = useIncomeApp();

  const fetchDocument = async (document: object) => {
    const headers = await signInHeaders(fx.t.app, LEADER);
    const link = await fx.t.app.inject({ method: 'POST', url: LINK, headers, payload: { channel: 'wec', document } });
    expect(link.json()).toMatchObject({ code: Code.OK, success: true });
    return fx.t.app.inject({ method: 'GET', url: link.json().data.url, headers: { cookie: cookieOf(link) } });
  };

  it('hands out the statement as a PDF to show inline', async () => {
    const file = await fetchDocument({ kind: 'statement', lang: 'zh-CN', month: '2026-10' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^inline; filename="statement-2026-10\.pdf"/);
    expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('hands out the income spreadsheet as an attachment', async () => {
    const file = await fetchDocument({ kind: 'incomeSheet', lang: 'en-US', from: '2026-01', to: '2026-10', format: 'xlsx' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment; /);
    expect(file.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it('refuses a month the income pages refuse, in the envelope of the link call', async () => {
    const headers = await signInHeaders(fx.t.app, LEADER);
    const res = await fx.t.app.inject({
      method: 'POST',
      url: LINK,
      headers,
      payload: { channel: 'wec', document: { kind: 'statement', lang: 'zh-CN', month: '2019-01' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: Code.BAD_REQUEST, success: false, message: expect.stringContaining('2019-01') });
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});
