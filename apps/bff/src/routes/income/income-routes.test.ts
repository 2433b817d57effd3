import { describe, expect, it } from 'vitest';
import { Code, type LocalText } from '@abo/contract';
import { applyBp, paymentDateOf, remunerationWithholding } from '@abo/plan';
import { insertStaff, markDataReplaced, TEST_PASSWORD } from '../../testing/fixtures.ts';
import { CARD, LEADER, MONTHS, NATIONAL_ID, STRANGER, useIncomeApp } from './income.test-support.ts';

describe('income calls: statements and pre-tax details', () => {
  const fx = useIncomeApp();

  it('gives every month a statement whose items sum to pre-tax, with tax by the withholding table and net = pre-tax − tax', async () => {
    for (const month of MONTHS) {
      const { body } = await fx.call(LEADER, 'statement', { month });
      expect(body.code).toBe(0);
      const d = body.data;
      expect(d.month).toBe(month);
      expect(d.items.reduce((a: number, i: { amountFen: number }) => a + i.amountFen, 0)).toBe(d.pretaxFen);
      expect(d.taxFen).toBe(remunerationWithholding(d.pretaxFen));
      expect(d.withholding.taxFen).toBe(d.taxFen);
      expect(d.pretaxFen - d.taxFen).toBe(d.netFen);
      const promo = d.items.find((i: { code: string }) => i.code === 'PROMOTION');
      expect(promo.baseBvFen).toBeGreaterThan(0);
      expect(promo.legCount).toBe(3);
    }
  });

  it('says how each item is worked out, and claims base × rate only where it multiplies out to the fen', async () => {
    type Item = {
      code: string;
      baseBvFen: number;
      rateBp: number;
      amountFen: number;
      derivation: { kind: string; baseTimesRate: boolean };
    };
    const kinds = new Set<string>();
    for (const month of MONTHS) {
      const items = (await fx.call(LEADER, 'commissiondetail', { month })).body.data.items as Item[];
      for (const it of items) {
        kinds.add(`${it.code}:${it.derivation.kind}`);
        if (it.derivation.kind === 'product') expect(applyBp(it.baseBvFen, it.rateBp), `${month} ${it.code}`).toBe(it.amountFen);
        if (it.derivation.kind === 'unmet') expect(it.amountFen, `${month} ${it.code}`).toBe(0);
      }
    }
    // The leader's legs sit below the own bracket: the promotion fee is the differential, not base × rate.
    expect(kinds).toContain('PROMOTION:differential');
    // Leadership stored without what came up and went on is shown as stored, not as base × rate.
    expect(kinds).toContain('LEADERSHIP:stated');
  });

  it("carries each statement's payment date, the 15th of the month after, on every statement answer", async () => {
    for (const path of ['statement', 'commissiondetail', 'pretaxdetails']) {
      expect((await fx.call(LEADER, path, { month: '2025-12' })).body.data.paidOn, path).toBe('2026-01-15');
    }
    const list = (await fx.call(LEADER, 'statements', { year: '25/26' })).body.data.rows;
    expect(list.map((r: { month: string; paidOn: string }) => r.paidOn)).toEqual(
      list.map((r: { month: string }) => paymentDateOf(r.month)),
    );
    const range = (await fx.call(LEADER, 'query', { from: '2026-08', to: '2026-08' })).body.data.rows;
    expect(range).toEqual([expect.objectContaining({ month: '2026-08', paidOn: '2026-09-15' })]);
    const year = (await fx.call(LEADER, 'distributorannualincome', { year: '26/27' })).body.data.months;
    expect(year.slice(0, 3).map((m: { paidOn: string | null }) => m.paidOn)).toEqual(['2026-10-15', '2026-11-15', null]);
    expect((await fx.call(LEADER, 'annualreview', { year: '26/27' })).body.data.bestMonth.paidOn).toMatch(/^2026-1[01]-15$/);
    expect((await fx.call(STRANGER, 'statement')).body.data.paidOn).toBeNull();
    expect((await fx.call(STRANGER, 'pretaxdetails')).body.data.paidOn).toBeNull();
  });

  it('defaults to the latest statement month and lists the queryable months', async () => {
    const { body } = await fx.call(LEADER, 'commissiondetail');
    expect(body.data.month).toBe('2026-10');
    expect(body.data.months).toEqual([...MONTHS].reverse());
    expect(body.data.volume).toMatchObject({ qLegs: expect.any(Number), bracketPercent: expect.any(Number) });
  });

  it('refuses a month that is not queryable, with a clear message', async () => {
    for (const path of ['statement', 'promotionservicefee', 'pretaxdetails', 'commissiondetail']) {
      const { body } = await fx.call(LEADER, path, { month: '2019-01' });
      expect(body).toMatchObject({ code: Code.BAD_REQUEST, success: false });
      expect(body.message).toContain('2019-01 cannot be queried');
    }
    const bad = await fx.call(LEADER, 'statement', { month: '2026-13' });
    expect(bad.body.success).toBe(false);
  });

  it('queries a month range: only queryable months, start before end, totals = sum of rows', async () => {
    const { body } = await fx.call(LEADER, 'query', { from: '2025-12', to: '2026-03' });
    expect(body.data.rows.map((r: { month: string }) => r.month)).toEqual(['2025-12', '2026-01', '2026-02', '2026-03']);
    const sum = body.data.rows.reduce((a: number, r: { netFen: number }) => a + r.netFen, 0);
    expect(body.data.totals.netFen).toBe(sum);
    const outside = await fx.call(LEADER, 'query', { from: '2025-08', to: '2026-03' });
    expect(outside.body).toMatchObject({ code: Code.BAD_REQUEST });
    expect(outside.body.message).toContain('2025-08');
    const reversed = await fx.call(LEADER, 'query', { from: '2026-03', to: '2025-12' });
    expect(reversed.body.message).toContain('after the end month');
    const missing = await fx.call(LEADER, 'query', { from: '2026-03' });
    expect(missing.body.success).toBe(false);
  });

  it('lists a PY of statements with totals', async () => {
    const { body } = await fx.call(LEADER, 'statements', { year: '25/26' });
    expect(body.data.rows).toHaveLength(12);
    expect(body.data.pys).toEqual(['26/27', '25/26']);
    expect(body.data.totals.pretaxFen).toBe(body.data.rows.reduce((a: number, r: { pretaxFen: number }) => a + r.pretaxFen, 0));
    const current = await fx.call(LEADER, 'statements');
    expect(current.body.data).toMatchObject({ py: '26/27', latestMonth: '2026-10' });
    expect(current.body.data.rows.map((r: { month: string }) => r.month)).toEqual(['2026-10', '2026-09']);
  });

  it('shows pre-tax details with the withholding worked out and only masked card and id', async () => {
    const { body, raw } = await fx.call(LEADER, 'pretaxdetails', { month: '2026-10' });
    const d = body.data;
    expect(d.pretaxFen - d.taxFen).toBe(d.netFen);
    expect(d.withholding.taxFen).toBe(d.taxFen);
    expect(d.withholding.pretaxFen - d.withholding.deductionFen).toBe(d.withholding.taxableFen);
    expect(d.bankCardMasked).toBe('622* **** *45');
    expect(d.nationalIdMasked).toBe('110******2X');
    for (const secret of [CARD, NATIONAL_ID, '6222 0202', '13800138000']) expect(raw).not.toContain(secret);
  });

  it("never shows another distributor's income", async () => {
    const { body } = await fx.call(STRANGER, 'statement', {}, { queryAda: LEADER });
    expect(body).toMatchObject({ code: Code.FORBIDDEN, success: false });
    const up = await fx.call(LEADER, 'statement', {}, { queryAda: STRANGER });
    expect(up.body.success).toBe(false);
  });

  it('lets staff read a distributor named by queryAda, audited, with the same masking', async () => {
    await insertStaff(fx.t.db, 'staff01');
    const login = await fx.t.app.inject({
      method: 'POST',
      url: '/idp/okta/session',
      payload: { username: 'staff01', password: TEST_PASSWORD },
    });
    const { adaToken, oktaIdTokenKey } = login.json().data;
    const staffHeaders = { channel: 'iinquiry', jwks: oktaIdTokenKey, 'ada-token': adaToken };
    const res = await fx.t.app.inject({
      method: 'POST',
      url: '/bff/v1/income/pretaxdetails',
      payload: { channel: 'iinquiry' },
      headers: { ...staffHeaders, queryAda: LEADER },
    });
    expect(res.json()).toMatchObject({ code: 0, data: { month: '2026-10', bankCardMasked: '622* **** *45', payeeName: '王小明' } });
    // Staff see the distributor's view: the distributor's frontline legs named in full.
    const promo = await fx.t.app.inject({
      method: 'POST',
      url: '/bff/v1/income/promotionservicefee',
      payload: { channel: 'iinquiry', month: '2026-01' },
      headers: { ...staffHeaders, queryAda: LEADER },
    });
    expect(promo.json().data.lines.map((l: { legName: LocalText | null }) => l.legName)).toEqual(
      (await fx.call(LEADER, 'promotionservicefee', { month: '2026-01' })).body.data.lines.map(
        (l: { legName: LocalText | null }) => l.legName,
      ),
    );
    expect(promo.body).toContain('李一');
    expect(res.body).not.toContain(CARD);
    const audit = await fx.t.db.selectFrom('audit_log').selectAll().where('actor', '=', 'staff01').execute();
    expect(audit.some((a) => a.subject_ada === LEADER && a.action.includes('/bff/v1/income/pretaxdetails'))).toBe(true);
    const without = await fx.t.app.inject({
      method: 'POST',
      url: '/bff/v1/income/statement',
      payload: { channel: 'iinquiry' },
      headers: staffHeaders,
    });
    expect(without.json().success).toBe(false);
  });

  it('answers a statement again from its cache byte for byte, and anew once the data is replaced', async () => {
    const first = await fx.call(LEADER, 'statement', { month: '2026-10' });
    const again = await fx.call(LEADER, 'statement', { month: '2026-10' });
    expect(again.raw).toBe(first.raw);
    const items = JSON.stringify([{ code: 'PROMOTION', baseBvFen: 100_000, rateBp: 100, amountFen: 1_000 }]);
    await fx.t.db
      .updateTable('statements')
      .set({ pretax_fen: 1_000, items })
      .where('ada', '=', LEADER)
      .where('month', '=', '2026-10')
      .execute();
    await markDataReplaced(fx.t.db);
    const after = await fx.call(LEADER, 'statement', { month: '2026-10' });
    expect(after.body.data.pretaxFen).toBe(1_000);
    expect(after.body.data.items).toHaveLength(1);
  });
});
