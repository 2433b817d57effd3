// The statement PDF read back with pdftotext, on the demo seed: it names the distributor with
// their full ADA and the statement number, holds every amount of the statement page's answer
// (/bff/v1/income/statement), and every line of it adds up — the Diamond's August statement with
// its annual bonuses and promotion legs, a leader's with promotion legs, in both languages.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { Code, type DocumentLang, type PromotionData, type StatementChangeData, type StatementData } from '@abo/contract';
import { monthlyStatement, paymentDateOf } from '@abo/plan';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { insertDistributor } from '../testing/fixtures.ts';
import { signInHeaders, useDemoApp, useTestApp } from '../testing/suite-app.ts';
import type { Session } from '../lib/session.ts';
import { amountsIn, checkArithmetic, missingAmounts, pdfText } from './document.test-support.ts';
import { money, moneyChange, plain } from './format.ts';
import { renderDocument } from './render.ts';
import { statementNumber } from './statement-pdf.ts';

const DIAMOND = '10000002';
const FOUNDERS_PLATINUM = '10000004';
const NO_STATEMENTS = '10000003';
const LANGS: DocumentLang[] = ['zh-CN', 'en-US'];

const own = (ada: string): Session => ({ actor: ada, ada, channel: 'wec', staff: false });

/** Every amount (fen) the statement answer holds. */
function answerAmounts(s: StatementData): number[] {
  const w = s.withholding;
  const fens = [s.pretaxFen, s.taxFen, s.netFen, w.pretaxFen, w.deductionFen, w.taxableFen, w.quickDeductionFen, w.taxFen];
  for (const it of s.items) {
    fens.push(it.amountFen, it.baseBvFen);
    if (it.share) fens.push(it.share.fundFen);
    if (it.leadership) fens.push(it.leadership.inFen, it.leadership.ownFen, it.leadership.upFen);
  }
  return fens;
}

/** The last amount on the first line that starts with `label` (an item's or a total's row). */
function rowAmount(lines: readonly string[], label: string): number {
  const line = lines.find((l) => l.trimStart().startsWith(label));
  if (!line) throw new Error(`no row ${label}`);
  return amountsIn(line).at(-1)!;
}

/** Checks a statement's text against the statement and promotion answers of the same month. */
function checkStatement(text: string, s: StatementData, promo: PromotionData, lang: DocumentLang) {
  expect(missingAmounts(text, answerAmounts(s))).toEqual([]);
  if (s.volume) for (const pv of [s.volume.ppv, s.volume.gpv, s.volume.pgpv]) expect(text).toContain(plain(pv));

  const lines = text.split('\n');
  const checked = checkArithmetic(text);
  // The item rows: each amount as the answer has it, and together the pre-tax total.
  const tx = (t: { zh: string; en: string }) => (lang === 'zh-CN' ? t.zh : t.en);
  const itemAmounts = s.items.map((it) => rowAmount(lines, tx(it.name)));
  expect(itemAmounts).toEqual(s.items.map((it) => it.amountFen));
  const pretax = rowAmount(lines, lang === 'zh-CN' ? '税前收入' : 'Pre-tax income');
  expect(pretax).toBe(s.pretaxFen);
  expect(itemAmounts.reduce((a, b) => a + b, 0)).toBe(pretax);
  // Pre-tax − tax = net, written out (and checked by checkArithmetic).
  expect(text).toContain(`${money(s.pretaxFen)} − ${money(s.taxFen)} = ${money(s.netFen)}`);
  expect(checked.differences).toContain(s.netFen);
  expect(checked.taxes).toContain(s.taxFen);
  // The promotion fee line by line: own PV at the own bracket, each leg at its differential.
  const promotion = s.items.find((i) => i.code === 'PROMOTION');
  if (promotion && promo.lines.length > 0) {
    const own = promo.lines.find((l) => l.legAdaMasked === null)!;
    const legs = promo.lines.filter((l) => l.legAdaMasked !== null);
    expect(checked.products).toContainEqual({ base: own.bvFen, bp: own.differentialPercent * 100, amount: own.amountFen });
    expect(checked.differentials.map((d) => d.amount)).toEqual(legs.map((l) => l.amountFen));
    expect(checked.differentials.map((d) => d.bv)).toEqual(legs.map((l) => l.bvFen));
    expect(own.amountFen + checked.differentials.reduce((a, d) => a + d.amount, 0)).toBe(promotion.amountFen);
    for (const l of legs) expect(text).toContain(l.legAdaMasked);
  }
  for (const it of s.items) {
    if (it.share)
      expect(checked.shares).toContainEqual({
        fund: it.share.fundFen,
        units: it.share.units,
        total: it.share.totalUnits,
        amount: it.amountFen,
      });
    if (it.leadership) expect(checked.sums).toContain(it.amountFen);
  }
  return checked;
}

describe('the statement PDF on the demo seed (today 2026-11-21)', () => {
  const demo = useDemoApp([DIAMOND, FOUNDERS_PLATINUM, NO_STATEMENTS]);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read as JSON
  const call = async (ada: string, url: string, payload: object = {}): Promise<any> => {
    const res = await demo.t.app.inject({ method: 'POST', url, headers: demo.headers(ada), payload: { channel: 'wec', ...payload } });
    return res.json();
  };
  const person = (ada: string) =>
    demo.t.db.selectFrom('distributors').select(['name_zh', 'name_en', 'sponsor_ada']).where('ada', '=', ada).executeTakeFirstOrThrow();

  for (const [ada, month, who] of [
    [DIAMOND, '2026-08', 'the Diamond, August: annual bonuses, leadership and promotion legs'],
    [FOUNDERS_PLATINUM, '2026-10', 'a leader with promotion legs'],
  ] as const) {
    for (const lang of LANGS) {
      it(`${who} (${ada} ${month}, ${lang}): name, full ADA, number, every amount, and it adds up`, async () => {
        const doc = await renderDocument(demo.t.db, demo.t.config, own(ada), { kind: 'statement', month, lang });
        expect(doc).toMatchObject({ fileName: `statement-${month}.pdf`, contentType: 'application/pdf' });
        expect(doc.body.subarray(0, 5).toString()).toBe('%PDF-');
        const text = pdfText(doc.body);
        const p = await person(ada);
        expect(text).toContain(lang === 'zh-CN' ? p.name_zh : p.name_en);
        expect(text).toContain(ada);
        expect(text).toContain(statementNumber(ada, month));
        const s = (await call(ada, '/bff/v1/income/statement', { month })).data as StatementData;
        const promo = (await call(ada, '/bff/v1/income/promotionservicefee', { month })).data as PromotionData;
        expect(promo.lines.filter((l) => l.legAdaMasked !== null).length).toBeGreaterThan(1);
        if (ada === DIAMOND)
          expect(s.items.filter((i) => i.share !== null).map((i) => i.code)).toEqual(['EMERALD_ANNUAL', 'DIAMOND_ANNUAL']);
        checkStatement(text, s, promo, lang);
        // Compared with the month before, as the service-fee page's card: every cause's amount, the totals.
        const change = (await call(ada, '/bff/v1/income/statementChange', { month })).data as StatementChangeData;
        expect(change.compare).not.toBeNull();
        expect(text).toContain(lang === 'zh-CN' ? `与${change.compare!.slice(0, 4)}年` : 'Compared with ');
        expect(change.parts.length).toBeGreaterThan(0);
        for (const part of change.parts) expect(text).toContain(moneyChange(part.netFen));
        expect(text).toContain(`${money(change.from!.netFen)} → ${money(change.to!.netFen)}`);
        expect(text).toContain(moneyChange(change.netChangeFen));
        // The payment date, the masked card (never the full one) and a footer on every page.
        const payee = (await call(ada, '/bff/v1/income/pretaxdetails', { month })).data;
        expect(text).toContain(payee.bankCardMasked);
        const card = await demo.t.db
          .selectFrom('distributors')
          .select(['bank_card', 'national_id'])
          .where('ada', '=', ada)
          .executeTakeFirstOrThrow();
        expect(text.replace(/\s/g, '')).not.toContain(card.bank_card);
        expect(text).not.toContain(card.national_id);
        const pages = text.split('\f').filter((pg) => pg.trim() !== '');
        pages.forEach((pg, i) =>
          expect(pg).toContain(lang === 'zh-CN' ? `第 ${i + 1} / ${pages.length} 页` : `Page ${i + 1} / ${pages.length}`),
        );
      });
    }
  }

  it('sets the title and author and embeds the CJK font as a subset', async () => {
    const doc = await renderDocument(demo.t.db, demo.t.config, own(DIAMOND), { kind: 'statement', month: '2026-08', lang: 'zh-CN' });
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'abo-doc-')), 'statement.pdf');
    fs.writeFileSync(file, doc.body);
    try {
      const info = execFileSync('pdfinfo', [file]).toString('utf8');
      expect(info).toMatch(/Title:\s+服务费月结单 · 2026年8月/);
      expect(info).toMatch(new RegExp(`Author:\\s+${demo.t.config.COMPANY_NAME_ZH}`));
      const fonts = execFileSync('pdffonts', [file]).toString('utf8');
      // "ABCDEF+Name": a subset; "yes yes yes": embedded, subset, with a Unicode map (text can be copied).
      expect(fonts).toMatch(/[A-Z]{6}\+NotoSansHans-Regular\s+CID Type 0C\s+Identity-H\s+yes yes yes/);
    } finally {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });

  it('as an image for WeChat and the app: the PDF’s pages, one under another, in one PNG', async () => {
    const req = { kind: 'statement', month: '2026-08', lang: 'zh-CN' } as const;
    const pdf = await renderDocument(demo.t.db, demo.t.config, own(DIAMOND), req);
    const png = await renderDocument(demo.t.db, demo.t.config, own(DIAMOND), { ...req, as: 'image' });
    expect(png).toMatchObject({ fileName: 'statement-2026-08.png', contentType: 'image/png' });
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', ['-'], { input: pdf.body }).toString('utf8'))![1]);
    expect(pages).toBeGreaterThanOrEqual(2);
    const image = await loadImage(png.body);
    // A4 (595 × 842 pt) at 2 px a point, pages stacked with a 24 px gap.
    expect(image.width).toBe(1191);
    expect(image.height).toBe(pages * 1684 + (pages - 1) * 24);
    // Each page carries ink: dark pixels in its upper half.
    const canvas = createCanvas(image.width, image.height);
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    for (let page = 0; page < pages; page++) {
      const { data } = context.getImageData(0, page * (1684 + 24), image.width, 842);
      let dark = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i]! < 96 && data[i + 1]! < 96 && data[i + 2]! < 96) dark++;
      expect(dark, `page ${page + 1}`).toBeGreaterThan(2_000);
    }
  });

  it('shows staff the document the distributor sees (names policy), and masks a downline member’s ADA to a leader', async () => {
    const req = { kind: 'statement', month: '2026-10', lang: 'zh-CN' } as const;
    const mine = pdfText((await renderDocument(demo.t.db, demo.t.config, own(FOUNDERS_PLATINUM), req)).body);
    const staff = pdfText(
      (await renderDocument(demo.t.db, demo.t.config, { actor: 'staff01', ada: FOUNDERS_PLATINUM, channel: 'iinquiry', staff: true }, req))
        .body,
    );
    expect(staff).toBe(mine);
    // A member two levels down, read by the leader above their sponsor: not the leader's frontline.
    const frontline = await demo.t.db.selectFrom('distributors').select('ada').where('sponsor_ada', '=', FOUNDERS_PLATINUM).execute();
    const deeper = await demo.t.db
      .selectFrom('distributors')
      .innerJoin('statements', 'statements.ada', 'distributors.ada')
      .select(['distributors.ada', 'distributors.name_zh', 'statements.month'])
      .where(
        'distributors.sponsor_ada',
        'in',
        frontline.map((f) => f.ada),
      )
      .orderBy('statements.month', 'desc')
      .executeTakeFirstOrThrow();
    const text = pdfText(
      (
        await renderDocument(
          demo.t.db,
          demo.t.config,
          { actor: FOUNDERS_PLATINUM, ada: deeper.ada, channel: 'wec', staff: false },
          { ...req, month: deeper.month },
        )
      ).body,
    );
    expect(text).not.toContain(deeper.name_zh);
    expect(text).not.toContain(deeper.ada);
    expect(text).toContain(`${deeper.ada.slice(0, 3)}******${deeper.ada.slice(-2)}`);
  });

  it('refuses a month that is not a queryable statement month with the statement page’s error', async () => {
    for (const [ada, month] of [
      [DIAMOND, '2019-01'],
      [DIAMOND, '2026-11'],
      [NO_STATEMENTS, '2026-08'],
    ] as const) {
      const page = await call(ada, '/bff/v1/income/statement', { month });
      expect(page).toMatchObject({ success: false, code: Code.BAD_REQUEST });
      await expect(renderDocument(demo.t.db, demo.t.config, own(ada), { kind: 'statement', month, lang: 'en-US' })).rejects.toMatchObject({
        code: page.code,
        message: page.message,
        httpStatus: 400,
      });
    }
    // A staff session without a distributor chosen reads nobody.
    await expect(
      renderDocument(
        demo.t.db,
        demo.t.config,
        { actor: 'staff01', ada: '', channel: 'iinquiry', staff: true },
        { kind: 'statement', month: '2026-08', lang: 'zh-CN' },
      ),
    ).rejects.toMatchObject({ code: Code.BAD_REQUEST });
  });
});

describe('the statement PDF of stored legs, an adjustment and a long statement', () => {
  const LEADER = '10000004';
  const headers: Record<string, string> = {};
  const s = useTestApp(async (t) => {
    await insertDistributor(t.db, LEADER, { name_zh: '王小明', name_en: 'Wang Xiaoming', tree_size: 3 });
    await insertDistributor(t.db, '20000001', { sponsor_ada: LEADER, name_zh: '李一', name_en: 'Li Yi', tree_pos: 1, depth: 1 });
    await insertDistributor(t.db, '20000002', { sponsor_ada: LEADER, name_zh: '张二', name_en: 'Zhang Er', tree_pos: 2, depth: 1 });
    const legs = [
      { id: '20000001', gpv: 2500 },
      { id: '20000002', gpv: 11_000 },
    ];
    // 2026-09: the engine's own items (legs stored with the promotion item) and an adjustment;
    // 2026-10: sixty adjustments, more lines than a page holds.
    for (const [month, count] of [
      ['2026-09', 1],
      ['2026-10', 60],
    ] as const) {
      const adjustments = Array.from({ length: count }, (_, i) => ({
        code: `R${i}`,
        name: { zh: `退货调整 ${i + 1}`, en: `Return ${i + 1}` },
        amountFen: -1234 - i,
      }));
      const st = monthlyStatement({ month, ppv: 900, legs, adjustments });
      await t.db
        .insertInto('statements')
        .values({
          ada: LEADER,
          month,
          pretax_fen: st.pretaxFen,
          tax_fen: st.taxFen,
          net_fen: st.netFen,
          items: JSON.stringify(st.items),
          paid_on: paymentDateOf(month),
        })
        .execute();
    }
    Object.assign(headers, await signInHeaders(t.app, LEADER));
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read as JSON
  const call = async (url: string, month: string): Promise<any> =>
    (await s.t.app.inject({ method: 'POST', url, headers, payload: { channel: 'wec', month } })).json().data;

  for (const lang of LANGS) {
    it(`adds up with the stored legs and an adjustment (${lang})`, async () => {
      const doc = await renderDocument(s.t.db, s.t.config, own(LEADER), { kind: 'statement', month: '2026-09', lang });
      const text = pdfText(doc.body);
      const st = (await call('/bff/v1/income/statement', '2026-09')) as StatementData;
      expect(st.items.map((i) => i.code)).toContain('ADJUSTMENT');
      checkStatement(text, st, await call('/bff/v1/income/promotionservicefee', '2026-09'), lang);
      expect(text).toContain(lang === 'zh-CN' ? '王小明' : 'Wang Xiaoming');
      expect(text).toContain(lang === 'zh-CN' ? '李一' : 'Li Yi');
    });
  }

  it('breaks a long statement into pages, the table header and the footer on each, every line once', async () => {
    const doc = await renderDocument(s.t.db, s.t.config, own(LEADER), { kind: 'statement', month: '2026-10', lang: 'zh-CN' });
    const text = pdfText(doc.body);
    const pages = text.split('\f').filter((pg) => pg.trim() !== '');
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((pg, i) => {
      expect(pg).toContain(`第 ${i + 1} / ${pages.length} 页`);
      // The items' table, or the comparison's after it (each of the 60 adjustments is a cause there too).
      expect(pg).toMatch(/项目\s+计算\s+金额|原因\s+对实发的影响/);
    });
    expect(text).toMatch(/原因\s+对实发的影响/);
    for (let i = 1; i <= 60; i++) expect(text.match(new RegExp(`退货调整 ${i}\\s`, 'g'))).toHaveLength(1);
    checkStatement(
      text,
      await call('/bff/v1/income/statement', '2026-10'),
      await call('/bff/v1/income/promotionservicefee', '2026-10'),
      'zh-CN',
    );
  });
});
