// The monthly service-fee statement as a PDF: the statement page's answer (statementData), the
// promotion fee leg by leg (promotionData) and the payee of the pre-tax details page (pretaxData),
// read through the same queries as those pages, so the document and the pages cannot disagree.
// Every fee line shows arithmetic that checks: base × rate = amount; the promotion fee per line,
// own PV at the own bracket and each leg at the differential (own bracket − the leg's); leadership
// as passed up to you + your own 4% − passed up = kept; an annual bonus as fund × your units / all
// units; then pre-tax = the sum of the items, the withholding worked out, pre-tax − tax = net.
import type { DocumentLang, LocalText, PretaxData, PromotionData, StatementChangeData, StatementData } from '@abo/contract';
import { addMonths, applyBp, paysOut, pyOf, remunerationDeductionText, rulesForMonth } from '@abo/plan';
import type { Config } from '../config.ts';
import { readCloseState } from '../close/state.ts';
import type { DB } from '../db/index.ts';
import { chinaDay } from '../import/fields.ts';
import { pretaxData, promotionData, statementData } from '../income/income-presenter.ts';
import { legPeople, payeeOr404, promotionLegs, resolveMonth, statementOr404, volumeOf } from '../income/income-queries.ts';
import { statementChangeOf } from '../income/statement-change.ts';
import { nameViewerOf } from '../lib/name-policy.ts';
import type { Session } from '../lib/session.ts';
import { companyOf, ownerOf, type Owner } from './owner.ts';
import { money, moneyChange, moneyLess, monthLabel, dayLabel, percent, plain, rateBp } from './format.ts';
import { PdfWriter, type CellInput, type Column, type RowStyle } from './pdf.ts';
import { textsFor, type DocumentTexts } from './texts.ts';

/**
 * The statement number: `SF` + the month (YYYYMM) + `-` + the ADA + `-` + two check digits
 * (ISO 7064 MOD 97-10 over the month's and the ADA's digits, as IBANs use), e.g.
 * `SF202608-10000002-17`. The same ADA and month always give the same number (a statement is
 * written once per month by the close), the number names whose statement it is, and the check
 * digits catch a mistyped number when someone reads it out to the company.
 */
export function statementNumber(ada: string, month: string): string {
  const yyyymm = month.replace('-', '');
  const digits = `${yyyymm}${ada.replace(/\D/g, '')}`;
  const check = 98n - (BigInt(`${digits}00`) % 97n);
  return `SF${yyyymm}-${ada}-${String(check).padStart(2, '0')}`;
}

/**
 * The day a month's statement was issued: the day (China time) the close closed the month, as the
 * close recorded it (meta `close`, close/state.ts); for a month it recorded no time for (data
 * closed before it kept one), the first day after the month, the earliest a close can close it.
 */
function issuedOn(closedOn: Readonly<Record<string, string>> | undefined, month: string): string {
  const at = closedOn?.[month];
  const t = at ? Date.parse(at) : NaN;
  return Number.isFinite(t) ? chinaDay(new Date(t)) : `${addMonths(month, 1)}-01`;
}

/** Everything the statement shows. */
export interface StatementModel {
  lang: DocumentLang;
  company: { name: string; contact: string };
  owner: Owner;
  number: string;
  issuedOn: string;
  statement: StatementData & { month: string; paidOn: string };
  promotion: PromotionData;
  payee: PretaxData;
  /** Own personal-group BV of the month, fen (the own 4 % of leadership is worked out on it). */
  ownPgbvFen: number;
  leadershipRateBp: number;
  /** Against the statement before it, cause by cause (the service-fee page's "compared with"). */
  change: StatementChangeData;
}

/** Reads the statement of `month` (a queryable month, else the income pages' error) and what it shows. */
export async function loadStatement(db: DB, config: Config, session: Session, month: string, lang: DocumentLang): Promise<StatementModel> {
  const { ada } = session;
  const viewer = nameViewerOf(session);
  const { months } = await resolveMonth(db, ada, month);
  const [s, vol, payee, close, change] = await Promise.all([
    statementOr404(db, ada, month),
    volumeOf(db, ada, month),
    payeeOr404(db, ada),
    readCloseState(db),
    statementChangeOf(db, ada, viewer, month, undefined),
  ]);
  const promo = s.items.find((i) => i.code === 'PROMOTION');
  const legs = await promotionLegs(db, ada, month, promo);
  const people = await legPeople(
    db,
    legs.map((l) => l.legId).filter((id): id is string => id !== null),
  );
  const rules = rulesForMonth(month, { fallback: 'nearest' });
  const owner = ownerOf(viewer, payee, lang);
  return {
    lang,
    company: companyOf(config, lang),
    owner,
    // The number holds the ADA: masked where the ADA is.
    number: statementNumber(ada, month).replace(ada, owner.ada),
    issuedOn: issuedOn(close?.closedOn, month),
    statement: { ...statementData(s, months, vol), month, paidOn: s.paidOn },
    promotion: promotionData(month, months, promo, legs, vol, people, viewer),
    payee: pretaxData(month, months, s, payee, viewer),
    // The orders' own BV as the close stored it; a month closed before it was kept: PV × the PY's ratio.
    ownPgbvFen: vol ? (vol.pgbvFen ?? vol.pgpv * rules.bvFenPerPv) : 0,
    leadershipRateBp: rules.leadership.rateBp,
    change,
  };
}

const ITEM_COLUMNS: readonly Column[] = [{ share: 0.38 }, { share: 0.45 }, { share: 0.17, align: 'right' }];
const SUB: RowStyle = { indent: 10, size: 8 };

type Row = { cells: CellInput[]; style?: RowStyle };

const textOf = (t: LocalText, lang: DocumentLang) => (lang === 'zh-CN' ? t.zh : t.en);

/** `base × rate = amount` when it holds (it does whenever the item is base × rate). */
function product(baseFen: number, bp: number, amountFen: number): string | null {
  return baseFen !== 0 && bp !== 0 && applyBp(baseFen, bp) === amountFen ? `${money(baseFen)} × ${rateBp(bp)} = ${money(amountFen)}` : null;
}

/** Own PV at the own bracket, then each leg's group BV at the differential (own bracket − the leg's). */
function promotionRows(m: StatementModel, t: DocumentTexts): Row[] {
  const own = m.promotion.ownPercent;
  const rows = m.promotion.lines.map((l): Row => {
    if (l.legAdaMasked === null) {
      return {
        cells: [t.ownLine(plain(l.pv)), `${money(l.bvFen)} × ${percent(l.differentialPercent)} = ${money(l.amountFen)}`, ''],
        style: SUB,
      };
    }
    const name = l.legName ? textOf(l.legName, m.lang) : '';
    // The differential written out when it is own − leg (it is, unless the leg's bracket is above).
    const rate =
      own - l.legPercent === l.differentialPercent ? `(${percent(own)} − ${percent(l.legPercent)})` : percent(l.differentialPercent);
    return {
      cells: [t.legLine(l.legAdaMasked, name, plain(l.pv), l.isQ), `${money(l.bvFen)} × ${rate} = ${money(l.amountFen)}`, ''],
      style: SUB,
    };
  });
  if (m.promotion.lines.some((l) => l.isQ)) rows.push({ cells: [{ text: t.qLegNote, muted: true }], style: SUB });
  return rows;
}

type Item = StatementData['items'][number];

/** `base × rate = fen` where the BFF found it holds (derivation.baseTimesRate), else null. */
const baseTimesRate = (it: Item, fen: number): string | null =>
  it.derivation?.baseTimesRate ? `${money(it.baseBvFen)} × ${rateBp(it.rateBp)} = ${money(fen)}` : null;

function leadershipRows(m: StatementModel, t: DocumentTexts, it: Item): Row[] {
  const lead = it.leadership;
  if (!lead) return [];
  const pgpvBv = m.ownPgbvFen;
  return [
    { cells: [t.leadIn, baseTimesRate(it, lead.inFen) ?? money(lead.inFen), ''], style: SUB },
    { cells: [t.leadOwn, product(pgpvBv, m.leadershipRateBp, lead.ownFen) ?? money(lead.ownFen), ''], style: SUB },
    { cells: [t.leadUp, moneyLess(lead.upFen), ''], style: SUB },
    {
      cells: [t.leadKept, `${money(lead.inFen)} + ${money(lead.ownFen)} − ${money(lead.upFen)} = ${money(it.amountFen)}`, ''],
      style: SUB,
    },
  ];
}

/** One group per item: its row, then its lines (kept on one page). */
function itemRows(m: StatementModel, t: DocumentTexts): Row[][] {
  const groups: Row[][] = [];
  for (const it of m.statement.items) {
    const name = textOf(it.name, m.lang);
    const note = it.note ? textOf(it.note, m.lang) : '';
    const sub: Row[] = [];
    // Base and rate as they stand, with no "×" that would claim the amount is their product.
    const baseAndRate = `${t.base} ${money(it.baseBvFen)} · ${t.rate} ${rateBp(it.rateBp)}`;
    // How the amount is worked out is the BFF's (income-presenter derivationOf), as on the pages.
    const kind = it.derivation?.kind ?? 'stated';
    let calc = '';
    if (kind === 'product') {
      calc = baseTimesRate(it, it.amountFen) ?? '';
    } else if (kind === 'differential') {
      // The group's BV at the own bracket is where the fee starts, not what it is: no "=" here.
      calc = t.promotionBase(money(it.baseBvFen), rateBp(it.rateBp));
    } else if (kind === 'leadership') {
      sub.push(...leadershipRows(m, t, it));
    } else if (kind === 'share' && it.share) {
      sub.push({ cells: [t.fund, baseTimesRate(it, it.share.fundFen) ?? `${money(it.share.fundFen)} (${baseAndRate})`, ''], style: SUB });
      sub.push({
        cells: [t.units, `${money(it.share.fundFen)} × ${it.share.units} / ${it.share.totalUnits} = ${money(it.amountFen)}`, ''],
        style: SUB,
      });
    } else if (kind === 'unmet') {
      // Nothing paid though the item has a rate: its base and rate, and the note says why.
      calc = baseAndRate;
    } else if (it.code === 'ADJUSTMENT') {
      calc = t.adjustment;
    } else if (it.baseBvFen || it.rateBp) {
      calc = baseAndRate;
    }
    // The promotion fee's own lines, each of which multiplies out, whichever way the whole is shown.
    if (it.code === 'PROMOTION' && m.promotion.lines.length > 0) sub.push(...promotionRows(m, t));
    const rows: Row[] = [{ cells: [name, calc, money(it.amountFen)], style: {} }, ...sub];
    if (note) rows.push({ cells: [{ text: note, muted: true }], style: SUB });
    rows[rows.length - 1]!.style = { ...rows[rows.length - 1]!.style, rule: true };
    groups.push(rows);
  }
  return groups;
}

const CHANGE_COLUMNS: readonly Column[] = [{ share: 0.83 }, { share: 0.17, align: 'right' }];

/** Each cause of the change with its effect on net pay, then the two totals from → to. */
function changeRows(m: StatementModel, t: DocumentTexts): Row[] {
  const c = m.change;
  if (!c.from || !c.to) return [];
  const rows: Row[] = c.parts.map((p) => ({ cells: [textOf(p.text, m.lang), moneyChange(p.netFen)] }));
  if (rows.length === 0) rows.push({ cells: [{ text: t.changeNone, muted: true }, ''] });
  rows[rows.length - 1]!.style = { rule: true };
  rows.push(
    {
      cells: [`${t.changePretax}: ${money(c.from.pretaxFen)} → ${money(c.to.pretaxFen)}`, moneyChange(c.pretaxChangeFen)],
      style: { band: true },
    },
    {
      cells: [
        { text: `${t.changeNet}: ${money(c.from.netFen)} → ${money(c.to.netFen)}`, bold: true },
        { text: moneyChange(c.netChangeFen), bold: true },
      ],
      style: { band: true },
    },
  );
  return rows;
}

function withholdingRows(m: StatementModel, t: DocumentTexts): Row[] {
  const s = m.statement;
  const w = s.withholding;
  return [
    { cells: [t.income, '', money(w.pretaxFen)] },
    { cells: [t.deduction, textOf(remunerationDeductionText(w.pretaxFen), m.lang), moneyLess(w.deductionFen)] },
    {
      cells: [t.taxable, `${money(w.pretaxFen)} − ${money(w.deductionFen)} = ${money(w.taxableFen)}`, money(w.taxableFen)],
      style: { band: true },
    },
    { cells: [t.taxRate, '', percent(w.ratePercent)] },
    { cells: [t.quickDeduction, '', money(w.quickDeductionFen)] },
    {
      cells: [
        t.tax,
        `${money(w.taxableFen)} × ${percent(w.ratePercent)} − ${money(w.quickDeductionFen)} = ${money(w.taxFen)}`,
        money(w.taxFen),
      ],
      style: { band: true },
    },
    { cells: [{ text: t.taxFormula, muted: true }], style: SUB },
    { cells: [t.net, `${money(s.pretaxFen)} − ${money(s.taxFen)} = ${money(s.netFen)}`, money(s.netFen)], style: { band: true } },
  ];
}

/** The statement as a PDF. */
export async function renderStatementPdf(m: StatementModel): Promise<Buffer> {
  const t = textsFor(m.lang);
  const s = m.statement;
  const lastDay = `${addMonths(s.month, 1)}-01`;
  const monthEnd = new Date(Date.parse(`${lastDay}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const pdf = new PdfWriter({
    title: `${t.statementTitle} · ${monthLabel(s.month, m.lang)}`,
    author: m.company.name,
    subject: m.number,
    lang: m.lang,
  });
  pdf.masthead(
    [{ text: m.company.name, bold: true, size: 12 }, ...(m.company.contact ? [{ text: m.company.contact, muted: true }] : [])],
    [
      { text: t.statementTitle, bold: true, size: 14 },
      { text: monthLabel(s.month, m.lang), muted: true },
    ],
  );
  pdf.fields([
    [t.name, m.owner.name],
    [t.ada, m.owner.ada],
    [t.statementNo, m.number],
    [t.period, t.periodRange(dayLabel(`${s.month}-01`, m.lang), dayLabel(monthEnd, m.lang))],
    [t.py, pyOf(s.month)],
    [t.issued, dayLabel(m.issuedOn, m.lang)],
    [t.paidOn, paysOut(s.netFen) ? dayLabel(s.paidOn, m.lang) : t.nothingPaid],
  ]);
  if (s.volume) {
    pdf.heading(t.volume, 20);
    pdf.fields(
      [
        [t.ppv, plain(s.volume.ppv)],
        [t.gpv, plain(s.volume.gpv)],
        [t.pgpv, plain(s.volume.pgpv)],
        [t.bracket, percent(s.volume.bracketPercent)],
        [t.qLegs, String(s.volume.qLegs)],
      ],
      { perLine: 3, size: 8.5, labelShare: 0.62 },
    );
  }
  pdf.heading(t.items);
  pdf.table(
    ITEM_COLUMNS,
    [t.item, t.calculation, t.amount],
    [
      ...itemRows(m, t),
      [
        { cells: [t.pretax, t.itemsSum, money(s.pretaxFen)], style: { band: true } },
        { cells: [t.tax, '', moneyLess(s.taxFen)] },
        {
          cells: [
            { text: t.net, bold: true },
            `${money(s.pretaxFen)} − ${money(s.taxFen)} = ${money(s.netFen)}`,
            { text: money(s.netFen), bold: true },
          ],
          style: { band: true },
        },
      ],
    ],
  );
  if (m.change.compare !== null) {
    pdf.heading(t.comparedWith(monthLabel(m.change.compare, m.lang)));
    if (m.change.summary) pdf.paragraph({ text: textOf(m.change.summary, m.lang) });
    pdf.table(CHANGE_COLUMNS, [t.cause, t.changeOnNet], changeRows(m, t));
  }
  pdf.heading(t.withholding);
  pdf.table(ITEM_COLUMNS, [t.item, t.calculation, t.amount], withholdingRows(m, t));
  pdf.heading(t.payee, 40);
  pdf.fields([
    [t.payeeName, m.payee.payeeName],
    [t.bankName, m.payee.bankName],
    [t.bankCard, m.payee.bankCardMasked],
    [t.paidOn, paysOut(s.netFen) ? dayLabel(s.paidOn, m.lang) : t.nothingPaid],
  ]);
  pdf.paragraph({ text: `${t.privacyNote} ${t.generated}`, muted: true }, 7.5);
  return pdf.finish((page, pages) => `${m.company.name} · ${t.statementTitle} ${m.number} · ${t.page(page, pages)}`);
}
