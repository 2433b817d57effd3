import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type LocalText } from '@abo/contract';
import { monthlyStatement, remunerationWithholding, annualComprehensiveTax, type StatementInput } from '@abo/plan';
import type { DB } from '../../db/index.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { insertDistributor, insertStaff, markDataReplaced, TEST_PASSWORD } from '../../testing/fixtures.ts';

const LEADER = '10000004';
const LEG_A = '20000001';
const LEG_B = '20000002';
const STRANGER = '10000003';
const SHORT = '10000006';
const CARD = '6222020200112233445';
const NATIONAL_ID = '11010519491231002X';

/** Months 2025-09 … 2026-10 (Sep 2025 to Oct 2026): 14 statements over two PYs. */
const MONTHS = Array.from({ length: 14 }, (_, i) => {
  const d = new Date(Date.UTC(2025, 8 + i, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
});

async function insertMonth(db: DB, ada: string, month: string, ppv: number, pgpv: number, bracket: number, qLegs: number, pin: number) {
  const row: Record<string, unknown> = {
    ada,
    month,
    ppv,
    gpv: pgpv,
    pgpv,
    bv_fen: pgpv * 100,
    bracket,
    is_q: bracket >= 21 ? 1 : 0,
    q_legs: qLegs,
    apv: pgpv,
    is_sp: 0,
    pin_code: pin,
    new_customers: 0,
    points: 0,
    compliant: 1,
    closed: 1,
  };
  await db
    .insertInto('monthly_results')
    .values(row as never)
    .execute();
}

async function seed(db: DB) {
  await insertDistributor(db, LEADER, {
    name_zh: '王小明',
    name_en: 'Wang Xiaoming',
    bank_card: CARD,
    national_id: NATIONAL_ID,
    tree_pos: 0,
    tree_size: 3,
    pin_code: 342,
  });
  await insertDistributor(db, LEG_A, { sponsor_ada: LEADER, name_zh: '李一', name_en: 'Li Yi', tree_pos: 1, depth: 1 });
  await insertDistributor(db, LEG_B, { sponsor_ada: LEADER, name_zh: '张二', name_en: 'Zhang Er', tree_pos: 2, depth: 1 });
  await insertDistributor(db, STRANGER, { tree_pos: 10, pin_code: 230 });
  for (const [i, month] of MONTHS.entries()) {
    const input: StatementInput = {
      month,
      ppv: 800 + i * 37,
      legs: [
        { id: LEG_A, pgpv: 2500 + i * 410 },
        { id: LEG_B, pgpv: i % 3 === 0 ? 11_000 : 3_100 + i * 90 },
      ],
      ...(i === 2 ? { adjustments: [{ code: 'RETURN', name: { zh: '退货调整', en: 'Return' }, amountFen: -1234 }] } : {}),
    };
    const s = monthlyStatement(input);
    await db
      .insertInto('statements')
      .values({ ada: LEADER, month, pretax_fen: s.pretaxFen, tax_fen: s.taxFen, net_fen: s.netFen, items: JSON.stringify(s.items) })
      .execute();
    await insertMonth(db, LEADER, month, s.ppv, s.pgpv, s.bracketPercent, s.qLegs, i < 4 ? 330 : 342);
  }
}

describe('income calls', () => {
  let t: TestApp;
  const headers: Record<string, Record<string, string>> = {};

  const signIn = async (ada: string) => {
    const s = await t.app.inject({ method: 'POST', url: '/idp/session', payload: { username: ada, password: TEST_PASSWORD } });
    const x = await t.app.inject({
      method: 'POST',
      url: '/bff/v1/common/idaasToken',
      payload: { sessionToken: s.json().data.sessionToken, channel: 'wec' },
    });
    const { accessToken, idToken } = x.json().data;
    headers[ada] = { 'idaas-accesstoken': accessToken, 'idaas-idtoken': idToken, channel: 'wec' };
  };
  const call = async (ada: string, path: string, payload: object = {}, extra: Record<string, string> = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/bff/v1/income/${path}`,
      payload: { channel: 'wec', ...payload },
      headers: { ...headers[ada], ...extra },
    });
    return { raw: res.body, body: res.json() };
  };

  beforeAll(async () => {
    t = await createTestApp();
    await seed(t.db);
    await signIn(LEADER);
    await signIn(STRANGER);
    // A statement stored in the short form without leg lines: the lines are rebuilt from the legs' months.
    await insertDistributor(t.db, SHORT, { tree_pos: 20, tree_size: 3 });
    await insertDistributor(t.db, '20000006', { sponsor_ada: SHORT, tree_pos: 21, depth: 1, name_zh: '赵六' });
    await insertDistributor(t.db, '20000007', { sponsor_ada: SHORT, tree_pos: 22, depth: 1 });
    const st = monthlyStatement({
      month: '2026-10',
      ppv: 900,
      legs: [
        { id: '20000006', pgpv: 3000 },
        { id: '20000007', pgpv: 12_000 },
      ],
    });
    const short = st.items.map((i) => ({ code: i.code, base: i.baseBvFen, rate: i.rateBp, amount: i.amountFen }));
    await t.db
      .insertInto('statements')
      .values({
        ada: SHORT,
        month: '2026-10',
        pretax_fen: st.pretaxFen,
        tax_fen: st.taxFen,
        net_fen: st.netFen,
        items: JSON.stringify(short),
      })
      .execute();
    await insertMonth(t.db, SHORT, '2026-10', 900, st.pgpv, st.bracketPercent, st.qLegs, 330);
    await insertMonth(t.db, '20000006', '2026-10', 500, 3000, 12, 0, 320);
    await insertMonth(t.db, '20000007', '2026-10', 500, 12_000, 21, 0, 330);
    await signIn(SHORT);
  });
  afterAll(() => t.close());

  it('gives every month a statement whose items sum to pre-tax, with tax by the withholding table and net = pre-tax − tax', async () => {
    for (const month of MONTHS) {
      const { body } = await call(LEADER, 'statement', { month });
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

  it('defaults to the latest statement month and lists the queryable months', async () => {
    const { body } = await call(LEADER, 'commissiondetail');
    expect(body.data.month).toBe('2026-10');
    expect(body.data.months).toEqual([...MONTHS].reverse());
    expect(body.data.volume).toMatchObject({ qLegs: expect.any(Number), bracketPercent: expect.any(Number) });
  });

  it('refuses a month that is not queryable, with a clear message', async () => {
    for (const path of ['statement', 'promotionservicefee', 'pretaxdetails', 'commissiondetail']) {
      const { body } = await call(LEADER, path, { month: '2019-01' });
      expect(body).toMatchObject({ code: Code.BAD_REQUEST, success: false });
      expect(body.message).toContain('2019-01 cannot be queried');
    }
    const bad = await call(LEADER, 'statement', { month: '2026-13' });
    expect(bad.body.success).toBe(false);
  });

  it('queries a month range: only queryable months, start before end, totals = sum of rows', async () => {
    const { body } = await call(LEADER, 'query', { from: '2025-12', to: '2026-03' });
    expect(body.data.rows.map((r: { month: string }) => r.month)).toEqual(['2025-12', '2026-01', '2026-02', '2026-03']);
    const sum = body.data.rows.reduce((a: number, r: { netFen: number }) => a + r.netFen, 0);
    expect(body.data.totals.netFen).toBe(sum);
    const outside = await call(LEADER, 'query', { from: '2025-08', to: '2026-03' });
    expect(outside.body).toMatchObject({ code: Code.BAD_REQUEST });
    expect(outside.body.message).toContain('2025-08');
    const reversed = await call(LEADER, 'query', { from: '2026-03', to: '2025-12' });
    expect(reversed.body.message).toContain('after the end month');
    const missing = await call(LEADER, 'query', { from: '2026-03' });
    expect(missing.body.success).toBe(false);
  });

  it('lists a PY of statements with totals', async () => {
    const { body } = await call(LEADER, 'statements', { year: '25/26' });
    expect(body.data.rows).toHaveLength(12);
    expect(body.data.pys).toEqual(['26/27', '25/26']);
    expect(body.data.totals.pretaxFen).toBe(body.data.rows.reduce((a: number, r: { pretaxFen: number }) => a + r.pretaxFen, 0));
    const current = await call(LEADER, 'statements');
    expect(current.body.data).toMatchObject({ py: '26/27', latestMonth: '2026-10' });
    expect(current.body.data.rows.map((r: { month: string }) => r.month)).toEqual(['2026-10', '2026-09']);
  });

  it('breaks the promotion fee into per-leg lines that add up, legs masked', async () => {
    const { body, raw } = await call(LEADER, 'promotionservicefee', { month: '2026-01' });
    const d = body.data;
    expect(d.lines).toHaveLength(3);
    expect(d.lines[0].legAdaMasked).toBeNull();
    expect(d.lines.reduce((a: number, l: { amountFen: number }) => a + l.amountFen, 0)).toBe(d.amountFen);
    expect(d.lines.map((l: { legName: LocalText | null }) => l.legName?.zh)).toContain('李一');
    expect(raw).not.toContain(LEG_A);
    expect(d.lines.some((l: { legAdaMasked: string }) => l.legAdaMasked === '200******01')).toBe(true);
  });

  it('names a promotion leg in full only while it is the frontline; a leg that moved, or is known by name only, is masked', async () => {
    const MOVER = '10000008';
    await insertDistributor(t.db, MOVER, { tree_pos: 30, tree_size: 3, name_zh: '周八', name_en: 'Zhou Ba' });
    await insertDistributor(t.db, '20000081', {
      sponsor_ada: MOVER,
      tree_pos: 31,
      tree_size: 2,
      depth: 1,
      name_zh: '吴八一',
      name_en: 'Wu Bayi',
    });
    // Sponsored by 20000081 now (it was a leg of MOVER when the statement was made).
    await insertDistributor(t.db, '20000811', {
      sponsor_ada: '20000081',
      tree_pos: 32,
      depth: 2,
      name_zh: '郑八一一',
      name_en: 'Zheng Bayiyi',
    });
    const leg = (legId: string | null, pv: number, name?: string) => ({
      legId,
      ...(name ? { name } : {}),
      pv,
      bvFen: pv * 100,
      legPercent: 0,
      isQ: false,
      differentialPercent: 3,
      amountFen: pv * 3,
    });
    const items = [
      {
        code: 'PROMOTION',
        baseBvFen: 190_000,
        rateBp: 300,
        amountFen: 5_700,
        legs: [leg(null, 100), leg('20000081', 1000), leg('20000811', 500, '郑八一一'), leg('29999999', 300, '孙悟空')],
      },
    ];
    await t.db
      .insertInto('statements')
      .values({ ada: MOVER, month: '2026-10', pretax_fen: 5_700, tax_fen: 0, net_fen: 5_700, items: JSON.stringify(items) })
      .execute();
    await signIn(MOVER);
    const { body, raw } = await call(MOVER, 'promotionservicefee', { month: '2026-10' });
    const byLeg = Object.fromEntries(
      body.data.lines.map((l: { legAdaMasked: string | null; legName: LocalText | null }) => [
        l.legAdaMasked,
        [l.legName?.zh ?? null, l.legName?.en ?? null],
      ]),
    );
    expect(byLeg).toEqual({
      null: [null, null],
      '200******81': ['吴八一', 'Wu Bayi'],
      '200******11': ['郑八**', 'Zheng B***'],
      '299******99': ['孙*空', '孙*空'],
    });
    for (const hidden of ['郑八一一', 'Zheng Bayiyi', '孙悟空']) expect(raw).not.toContain(hidden);
  });

  it('rebuilds per-leg lines with the plan engine when the stored item has none', async () => {
    const { body } = await call(SHORT, 'promotionservicefee');
    const d = body.data;
    expect(d.lines).toHaveLength(3);
    expect(d.lines.reduce((a: number, l: { amountFen: number }) => a + l.amountFen, 0)).toBe(d.amountFen);
    expect(d.lines.find((l: { isQ: boolean }) => l.isQ).amountFen).toBe(0);
    expect(d.lines.map((l: { legName: LocalText | null }) => l.legName?.zh)).toContain('赵六');
    const s = (await call(SHORT, 'statement')).body.data;
    expect(s.items.reduce((a: number, i: { amountFen: number }) => a + i.amountFen, 0)).toBe(s.pretaxFen);
    expect(s.items[0]).toMatchObject({ name: { zh: '市场推广服务费', en: 'Market promotion service fee' }, baseBvFen: expect.any(Number) });
  });

  it('shows pre-tax details with the withholding worked out and only masked card and id', async () => {
    const { body, raw } = await call(LEADER, 'pretaxdetails', { month: '2026-10' });
    const d = body.data;
    expect(d.pretaxFen - d.taxFen).toBe(d.netFen);
    expect(d.withholding.taxFen).toBe(d.taxFen);
    expect(d.withholding.pretaxFen - d.withholding.deductionFen).toBe(d.withholding.taxableFen);
    expect(d.bankCardMasked).toBe('622* **** *45');
    expect(d.nationalIdMasked).toBe('110******2X');
    for (const secret of [CARD, NATIONAL_ID, '6222 0202', '13800138000']) expect(raw).not.toContain(secret);
  });

  it('gives 12 months of a PY whose totals equal the sum of the months', async () => {
    const { body } = await call(LEADER, 'distributorannualincome', { year: '25/26' });
    const d = body.data;
    expect(d.months).toHaveLength(12);
    for (const k of ['pretaxFen', 'taxFen', 'netFen'] as const) {
      expect(d.totals[k]).toBe(d.months.reduce((a: number, m: Record<string, number>) => a + m[k]!, 0));
    }
    const statements = await call(LEADER, 'statements', { year: '25/26' });
    expect(d.totals).toEqual(statements.body.data.totals);
    const bad = await call(LEADER, 'distributorannualincome', { year: '2025' });
    expect(bad.body.success).toBe(false);
  });

  it('works out the annual taxable income of a calendar year', async () => {
    const { body } = await call(LEADER, 'annualtaxable', { year: '2026' });
    const d = body.data;
    expect(d.months).toHaveLength(12);
    expect(d.grossFen).toBe(d.months.reduce((a: number, m: { grossFen: number }) => a + m.grossFen, 0));
    expect(d.withheldFen).toBe(d.months.reduce((a: number, m: { withheldFen: number }) => a + m.withheldFen, 0));
    expect(d.incomeFen).toBe(Math.round(d.grossFen * 0.8));
    expect(d.taxableFen).toBe(Math.max(0, d.incomeFen - 6_000_000));
    expect(d.annualTaxFen).toBe(annualComprehensiveTax(d.taxableFen));
    expect(d.balanceFen).toBe(d.annualTaxFen - d.withheldFen);
    expect(d.complete).toBe(false);
    expect(d.years).toEqual(['2026', '2025']);
  });

  it('reviews a year: totals, best month, growth, pins reached', async () => {
    const { body } = await call(LEADER, 'annualreview', { year: '26/27' });
    const d = body.data;
    expect(d.monthsPaid).toBe(2);
    expect(d.netFen).toBe(d.months.reduce((a: number, m: { netFen: number }) => a + m.netFen, 0));
    expect(d.bestMonth.netFen).toBe(
      Math.max(...d.months.filter((m: { hasStatement: boolean }) => m.hasStatement).map((m: { netFen: number }) => m.netFen)),
    );
    expect(d.previous.py).toBe('25/26');
    expect(d.comparedMonths).toBe(2);
    const prevSame = (await call(LEADER, 'query', { from: '2025-09', to: '2025-10' })).body.data.totals;
    expect(d.previousSamePeriod).toEqual(prevSame);
    expect(d.growthPercent).toBe(Math.round(((d.netFen - prevSame.netFen) / prevSame.netFen) * 1000) / 10);
    const last = await call(LEADER, 'annualreview', { year: '25/26' });
    expect(last.body.data.pinsReached).toEqual([expect.objectContaining({ code: '342', month: '2026-01' })]);
  });

  it('gives the type index this PY per item', async () => {
    const { body } = await call(LEADER, 'types');
    const d = body.data;
    expect(d.latestMonth).toBe('2026-10');
    expect(d.types.reduce((a: number, x: { pyAmountFen: number }) => a + x.pyAmountFen, 0)).toBe(d.pyTotals.pretaxFen);
    expect(d.types.reduce((a: number, x: { latestAmountFen: number }) => a + x.latestAmountFen, 0)).toBe(d.latest.pretaxFen);
  });

  it('answers a distributor without statements with empty data, not errors', async () => {
    for (const path of [
      'statement',
      'promotionservicefee',
      'pretaxdetails',
      'types',
      'statements',
      'distributorannualincome',
      'annualtaxable',
      'annualreview',
    ]) {
      const { body } = await call(STRANGER, path);
      expect(body.code, path).toBe(0);
    }
    expect((await call(STRANGER, 'statement')).body.data).toMatchObject({ month: null, items: [], pretaxFen: 0 });
    expect((await call(STRANGER, 'annualreview')).body.data).toMatchObject({ monthsPaid: 0, bestMonth: null, previous: null });
  });

  it("never shows another distributor's income", async () => {
    const { body } = await call(STRANGER, 'statement', {}, { queryAda: LEADER });
    expect(body).toMatchObject({ code: Code.FORBIDDEN, success: false });
    const up = await call(LEADER, 'statement', {}, { queryAda: STRANGER });
    expect(up.body.success).toBe(false);
  });

  it('lets staff read a distributor named by queryAda, audited, with the same masking', async () => {
    await insertStaff(t.db, 'staff01');
    const login = await t.app.inject({
      method: 'POST',
      url: '/idp/okta/session',
      payload: { username: 'staff01', password: TEST_PASSWORD },
    });
    const { adaToken, oktaIdTokenKey } = login.json().data;
    const staffHeaders = { channel: 'iinquiry', jwks: oktaIdTokenKey, 'ada-token': adaToken };
    const res = await t.app.inject({
      method: 'POST',
      url: '/bff/v1/income/pretaxdetails',
      payload: { channel: 'iinquiry' },
      headers: { ...staffHeaders, queryAda: LEADER },
    });
    expect(res.json()).toMatchObject({ code: 0, data: { month: '2026-10', bankCardMasked: '622* **** *45', payeeName: '王小明' } });
    // Staff see the distributor's view: the distributor's frontline legs named in full.
    const promo = await t.app.inject({
      method: 'POST',
      url: '/bff/v1/income/promotionservicefee',
      payload: { channel: 'iinquiry', month: '2026-01' },
      headers: { ...staffHeaders, queryAda: LEADER },
    });
    expect(promo.json().data.lines.map((l: { legName: LocalText | null }) => l.legName)).toEqual(
      (await call(LEADER, 'promotionservicefee', { month: '2026-01' })).body.data.lines.map(
        (l: { legName: LocalText | null }) => l.legName,
      ),
    );
    expect(promo.body).toContain('李一');
    expect(res.body).not.toContain(CARD);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('actor', '=', 'staff01').execute();
    expect(audit.some((a) => a.subject_ada === LEADER && a.action.includes('/bff/v1/income/pretaxdetails'))).toBe(true);
    const without = await t.app.inject({
      method: 'POST',
      url: '/bff/v1/income/statement',
      payload: { channel: 'iinquiry' },
      headers: staffHeaders,
    });
    expect(without.json().success).toBe(false);
  });
  it('answers a statement again from its cache byte for byte, and anew once the data is replaced', async () => {
    const first = await call(LEADER, 'statement', { month: '2026-10' });
    const again = await call(LEADER, 'statement', { month: '2026-10' });
    expect(again.raw).toBe(first.raw);
    const items = JSON.stringify([{ code: 'PROMOTION', baseBvFen: 100_000, rateBp: 100, amountFen: 1_000 }]);
    await t.db
      .updateTable('statements')
      .set({ pretax_fen: 1_000, items })
      .where('ada', '=', LEADER)
      .where('month', '=', '2026-10')
      .execute();
    await markDataReplaced(t.db);
    const after = await call(LEADER, 'statement', { month: '2026-10' });
    expect(after.body.data.pretaxFen).toBe(1_000);
    expect(after.body.data.items).toHaveLength(1);
  });
});
