// The certificate's verification code end to end (issue #32): a certificate rendered for a
// distributor is issued a code printed on it; the public check answers it without a session,
// the same amounts keep their code, a correction gets a new one and the old one says so.
import { Code, CERTIFICATE_CHECK_PATH, type CertificateCheckData, type Envelope } from '@abo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../documents/document.test-support.ts';
import { renderDocument } from '../../documents/render.ts';
import type { Session } from '../../lib/session.ts';
import { insertDistributor } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { CHECKS_PER_MINUTE } from './certificate-check-routes.ts';

const ADA = '10000001';
const own: Session = { actor: ADA, ada: ADA, channel: 'wec', staff: false };
const CODE = /\b[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{2}\b/;

describe('certificate verification codes', () => {
  let t: TestApp;
  /** Each test checks from an address of its own: the budget is per client address. */
  let address = 0;
  const check = async (code: string, remoteAddress = `10.0.0.${++address}`) => {
    const res = await t.app.inject({ method: 'GET', url: `${CERTIFICATE_CHECK_PATH}?code=${encodeURIComponent(code)}`, remoteAddress });
    return { status: res.statusCode, body: res.json() as Envelope<CertificateCheckData> };
  };
  const certificate = async (kind: 'pyCertificate' | 'taxCertificate', lang: 'zh-CN' | 'en-US' = 'zh-CN') => {
    const doc = await renderDocument(
      t.db,
      t.config,
      own,
      kind === 'pyCertificate' ? { kind, py: '25/26', lang } : { kind, year: '2025', lang },
    );
    const text = pdfText(doc.body);
    const code = CODE.exec(text)?.[0];
    if (!code) throw new Error(`no code in\n${text}`);
    return { text, code };
  };

  beforeAll(async () => {
    t = await createTestApp();
    await insertDistributor(t.db, ADA, { name_zh: '李秘密', name_en: 'Secret Li' });
    await t.db
      .insertInto('statements')
      .values([
        { ada: ADA, month: '2025-09', pretax_fen: 500_000, tax_fen: 40_000, net_fen: 460_000, items: '[]', paid_on: '2025-10-15' },
        { ada: ADA, month: '2025-10', pretax_fen: 300_000, tax_fen: 20_000, net_fen: 280_000, items: '[]', paid_on: '2025-11-15' },
      ])
      .execute();
  });
  afterAll(() => t?.close());

  it('prints the code, the digest and the check address on the certificate, in both languages', async () => {
    const zh = await certificate('pyCertificate', 'zh-CN');
    expect(zh.text).toContain('验证码');
    expect(zh.text).toContain(`/front/verify?code=${zh.code}`);
    const en = await certificate('pyCertificate', 'en-US');
    expect(en.text).toContain('Verification code');
    // The same amounts: the same code, whatever the language.
    expect(en.code).toBe(zh.code);
    const { body } = await check(zh.code);
    expect(zh.text).toContain(body.data!.digest.slice(0, 4));
    expect(zh.text.replace(/\s/g, '')).toContain(`${body.data!.digest.slice(0, 4)}-${body.data!.digest.slice(4, 8)}`);
  });

  it('answers a code without a session: when, what, the totals and the digest, never a name or an ADA', async () => {
    const { code } = await certificate('pyCertificate');
    const { status, body } = await check(code.toLowerCase().replace(/-/g, ''));
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: Code.OK, success: true });
    expect(body.data).toMatchObject({
      code,
      kind: 'pyCertificate',
      period: '25/26',
      issuedOn: '2026-11-21',
      company: { zh: t.config.COMPANY_NAME_ZH, en: t.config.COMPANY_NAME_EN },
      totals: { pretaxFen: 800_000, taxFen: 60_000, netFen: 740_000 },
      newer: null,
    });
    expect(body.data!.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(body.data!.issuedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const raw = JSON.stringify(body);
    for (const secret of [ADA, '李秘密', 'Secret Li']) expect(raw).not.toContain(secret);
  });

  it('gives a tax year its own code with the annual tax it prints', async () => {
    const { code } = await certificate('taxCertificate');
    const { body } = await check(code);
    expect(body.data).toMatchObject({ kind: 'taxCertificate', period: '2025', totals: { pretaxFen: 800_000, taxFen: 60_000 } });
    expect(body.data!.totals.annualTaxFen).toEqual(expect.any(Number));
    expect(body.data!.code).not.toBe((await certificate('pyCertificate')).code);
  });

  it('gives a corrected certificate a new code, the old code says a newer one exists (when, not its amounts)', async () => {
    /** October 2025's statement corrected to these tax and net amounts. */
    const octoberTax = (taxFen: number, netFen: number) =>
      t.db
        .updateTable('statements')
        .set({ tax_fen: taxFen, net_fen: netFen })
        .where('ada', '=', ADA)
        .where('month', '=', '2025-10')
        .execute();
    const before = await certificate('pyCertificate');
    expect((await certificate('pyCertificate')).code).toBe(before.code);
    await octoberTax(21_000, 279_000);
    const after = await certificate('pyCertificate');
    expect(after.code).not.toBe(before.code);
    const old = (await check(before.code)).body.data!;
    const now = (await check(after.code)).body.data!;
    expect(now.newer).toBeNull();
    expect(now.totals).toEqual({ pretaxFen: 800_000, taxFen: 61_000, netFen: 739_000 });
    expect(old.newer).toEqual({ issuedOn: now.issuedOn, issuedAt: now.issuedAt });
    expect(old.digest).not.toBe(now.digest);
    expect(JSON.stringify(old)).not.toContain('61000');
    await octoberTax(20_000, 280_000);
    // The correction put back: the first amounts, their first code, current again.
    expect((await certificate('pyCertificate')).code).toBe(before.code);
    expect((await check(before.code)).body.data!.newer).toBeNull();
    expect((await check(after.code)).body.data!.newer).toMatchObject({ issuedOn: '2026-11-21' });
  });

  it('answers an unknown and a malformed code alike: not found, nothing else', async () => {
    const unknown = await check('0000-0000-0000-00');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      code: Code.NOT_FOUND,
      message: 'No certificate was issued with this verification code',
      success: false,
      data: null,
    });
    for (const bad of ['', 'abc', "' or 1=1 --", 'UUUU-UUUU-UUUU-UU']) expect((await check(bad)).body, bad).toEqual(unknown.body);
    const missing = await t.app.inject({ method: 'GET', url: CERTIFICATE_CHECK_PATH, remoteAddress: '10.0.1.1' });
    expect(missing.json()).toEqual(unknown.body);
  });

  it(`allows ${CHECKS_PER_MINUTE} checks a minute from one address, then refuses`, async () => {
    const { code } = await certificate('pyCertificate');
    for (let i = 0; i < CHECKS_PER_MINUTE; i++) expect((await check('0000-0000-0000-00', '10.0.2.1')).status).toBe(404);
    const refused = await check(code, '10.0.2.1');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: Code.RATE_LIMITED, success: false, data: null });
    // Another address is not held back.
    expect((await check(code, '10.0.2.2')).status).toBe(200);
  });
});
