// The income and withholding certificate as a PDF, for the annual IIT reconciliation: month by
// month pre-tax, tax withheld and net, with totals, either
// - of a calendar (tax) year by payment date: the statements paid in the year, the rows and the
//   annual tax of the annual taxable income page (statementTotalsPaidIn, annualTaxableData), or
// - of a performance year: its 12 months as the annual income page shows them
//   (pyStatementTotals, twelveMonths),
// through the same queries and presenter as those pages, so its totals are theirs.
// Each carries a verification code (db/certificate-issues.ts): issued once per person, period and
// amounts, it prints the day of its first issue, the amounts' digest and the public address that
// checks it (routes/certificate).
import { formatCertificateCode, shortDigest, type AnnualIncomeData, type AnnualTaxableData, type DocumentLang } from '@abo/contract';
import { serviceFeeAnnualTax, toMonthKey } from '@abo/plan';
import type { Config } from '../config.ts';
import { issueCertificate } from '../db/certificate-issues.ts';
import type { DB } from '../db/index.ts';
import { chinaDay } from '../import/fields.ts';
import { sumTotals, type Totals } from '../income/income-data.ts';
import { annualTaxableData, twelveMonths } from '../income/income-presenter.ts';
import { personOr404, pyStatementTotals, statementTotalsPaidIn } from '../income/income-queries.ts';
import { nameViewerOf } from '../lib/name-policy.ts';
import type { Session } from '../lib/session.ts';
import { certificateDigest, type CertificateAmounts } from './certificate-digest.ts';
import { money, moneyLess, monthLabel, dayLabel, percent } from './format.ts';
import { companyOf, ownerOf, type Owner } from './owner.ts';
import { PdfWriter, type CellInput, type Column, type RowStyle } from './pdf.ts';
import { textsFor, type DocumentTexts } from './texts.ts';

interface CertificateBase {
  lang: DocumentLang;
  company: { name: string; contact: string };
  owner: Owner;
  /** The day it was first issued with these amounts (China time). */
  issuedOn: string;
  /** The verification code (grouped), the digest's first 16 hex characters (grouped) and where to check it. */
  verification: { code: string; digest: string; url: string };
}

/** What a certificate shows of its year. */
type CertificateFigures =
  | { kind: 'taxCertificate'; year: string; taxable: AnnualTaxableData }
  | { kind: 'pyCertificate'; py: string; months: AnnualIncomeData['months']; totals: Totals };

export type CertificateModel = CertificateBase & CertificateFigures;

type Base = Omit<CertificateBase, 'issuedOn' | 'verification'>;

async function base(db: DB, config: Config, session: Session, lang: DocumentLang): Promise<Base> {
  const person = await personOr404(db, session.ada);
  return { lang, company: companyOf(config, lang), owner: ownerOf(nameViewerOf(session), person, lang) };
}

/** Where the check page is: PUBLIC_URL, as other printed addresses (notifications/delivery/settings.ts). */
export function verifyUrl(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>, code: string): string {
  const origin = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
  return `${origin}/front/verify?code=${code}`;
}

/** The amounts as printed, issued: the certificate's code and the day of its first issue. */
async function issued(
  db: DB,
  config: Config,
  ada: string,
  amounts: CertificateAmounts,
): Promise<Pick<CertificateBase, 'issuedOn' | 'verification'>> {
  const digest = certificateDigest(amounts);
  const issue = { ada, kind: amounts.kind, period: amounts.period, digest, totals: amounts.totals };
  const got = await issueCertificate(db, issue, new Date(), chinaDay(config.today()));
  const code = formatCertificateCode(got.code);
  return { issuedOn: got.issuedOn, verification: { code, digest: shortDigest(digest), url: verifyUrl(config, code) } };
}

/** The amounts the certificate prints, for its digest. */
export function certificateAmounts(m: CertificateFigures): CertificateAmounts {
  if (m.kind === 'taxCertificate') {
    const d = m.taxable;
    return {
      kind: m.kind,
      period: m.year,
      rows: d.statements.map((s) => ({
        month: s.month,
        paidOn: s.paidOn,
        amounts: { pretaxFen: s.pretaxFen, taxFen: s.taxFen, netFen: s.netFen },
      })),
      totals: {
        pretaxFen: d.grossFen,
        taxFen: d.withheldFen,
        netFen: d.statements.reduce((a, s) => a + s.netFen, 0),
        annualTaxFen: d.annualTaxFen,
        balanceFen: d.balanceFen,
      },
    };
  }
  return {
    kind: m.kind,
    period: m.py,
    rows: m.months.map((x) => ({
      month: x.month,
      paidOn: x.hasStatement ? x.paidOn : null,
      amounts: x.hasStatement ? { pretaxFen: x.pretaxFen, taxFen: x.taxFen, netFen: x.netFen } : null,
    })),
    totals: { pretaxFen: m.totals.pretaxFen, taxFen: m.totals.taxFen, netFen: m.totals.netFen },
  };
}

/** A calendar year's certificate: what /bff/v1/income/annualtaxable answers for the year. */
export async function loadTaxCertificate(
  db: DB,
  config: Config,
  session: Session,
  year: string,
  lang: DocumentLang,
): Promise<CertificateModel> {
  const [b, paid] = await Promise.all([base(db, config, session, lang), statementTotalsPaidIn(db, session.ada, year)]);
  const totals = sumTotals(paid);
  const taxable = annualTaxableData(year, [year], paid, serviceFeeAnnualTax(totals.pretaxFen, totals.taxFen), toMonthKey(config.today()));
  const own = { kind: 'taxCertificate', year, taxable } as const;
  return { ...b, ...own, ...(await issued(db, config, session.ada, certificateAmounts(own))) };
}

/** A PY's certificate: what /bff/v1/income/distributorannualincome answers for the PY. */
export async function loadPyCertificate(
  db: DB,
  config: Config,
  session: Session,
  py: string,
  lang: DocumentLang,
): Promise<CertificateModel> {
  const [b, rows] = await Promise.all([base(db, config, session, lang), pyStatementTotals(db, session.ada, py)]);
  const months = twelveMonths(py, rows);
  const own = { kind: 'pyCertificate', py, months, totals: sumTotals(months) } as const;
  return { ...b, ...own, ...(await issued(db, config, session.ada, certificateAmounts(own))) };
}

const MONTH_COLUMNS: readonly Column[] = [
  { share: 0.2 },
  { share: 0.2 },
  { share: 0.2, align: 'right' },
  { share: 0.2, align: 'right' },
  { share: 0.2, align: 'right' },
];
const STEP_COLUMNS: readonly Column[] = [{ share: 0.34 }, { share: 0.48 }, { share: 0.18, align: 'right' }];
const TOTAL: RowStyle = { band: true };

type Row = { cells: CellInput[]; style?: RowStyle };

const bold = (text: string) => ({ text, bold: true });

function totalRow(t: DocumentTexts, x: Totals): Row {
  return { cells: [bold(t.total), '', bold(money(x.pretaxFen)), bold(money(x.taxFen)), bold(money(x.netFen))], style: TOTAL };
}

/** The annual tax worked out as the annual taxable income page shows it, each step with its arithmetic. */
function annualTaxRows(t: DocumentTexts, d: AnnualTaxableData): Row[] {
  const balance = d.balanceFen > 0 ? t.toPay : d.balanceFen < 0 ? t.toRefund : t.settled;
  return [
    { cells: [t.gross, '', money(d.grossFen)] },
    {
      cells: [
        t.incomeRatio(percent(d.incomeRatioPercent)),
        `${money(d.grossFen)} × ${percent(d.incomeRatioPercent)} = ${money(d.incomeFen)}`,
        money(d.incomeFen),
      ],
    },
    { cells: [t.basicDeduction, '', moneyLess(d.basicDeductionFen)] },
    {
      // Never below zero: an income under the deduction leaves nothing taxable.
      cells: [
        t.taxable,
        d.taxableFen > 0 ? `${money(d.incomeFen)} − ${money(d.basicDeductionFen)} = ${money(d.taxableFen)}` : '',
        money(d.taxableFen),
      ],
      style: TOTAL,
    },
    { cells: [t.taxRate, '', percent(d.ratePercent)] },
    { cells: [t.quickDeduction, '', money(d.quickDeductionFen)] },
    {
      cells: [
        t.annualTax,
        `${money(d.taxableFen)} × ${percent(d.ratePercent)} − ${money(d.quickDeductionFen)} = ${money(d.annualTaxFen)}`,
        money(d.annualTaxFen),
      ],
      style: TOTAL,
    },
    { cells: [t.withheld, '', moneyLess(d.withheldFen)] },
    {
      cells: [
        bold(balance),
        `${money(d.annualTaxFen)} − ${money(d.withheldFen)} = ${money(d.balanceFen)}`,
        bold(money(Math.abs(d.balanceFen))),
      ],
      style: TOTAL,
    },
  ];
}

/** The certificate as a PDF. */
export async function renderCertificatePdf(m: CertificateModel): Promise<Buffer> {
  const t = textsFor(m.lang);
  const period = m.kind === 'taxCertificate' ? t.taxCertificateOf(m.year) : t.pyCertificateOf(m.py);
  const pdf = new PdfWriter({ title: `${t.certificateTitle} · ${period}`, author: m.company.name, subject: period, lang: m.lang });
  pdf.masthead(
    [{ text: m.company.name, bold: true, size: 12 }, ...(m.company.contact ? [{ text: m.company.contact, muted: true }] : [])],
    [
      { text: t.certificateTitle, bold: true, size: 14 },
      { text: period, muted: true },
    ],
  );
  pdf.fields([
    [t.name, m.owner.name],
    [t.ada, m.owner.ada],
    [m.kind === 'taxCertificate' ? t.taxYear : t.py, m.kind === 'taxCertificate' ? m.year : m.py],
    [t.issuedOn, dayLabel(m.issuedOn, m.lang)],
  ]);
  pdf.gap(4);
  pdf.paragraph(t.certifies(m.owner.name), 9);
  const header = [t.statementMonth, t.paidOn, t.pretax, t.tax, t.net];
  if (m.kind === 'taxCertificate') {
    const d = m.taxable;
    pdf.heading(t.paidInYear(d.year));
    pdf.paragraph({ text: t.byPaymentDate, muted: true }, 8);
    if (!d.complete) pdf.paragraph({ text: t.yearSoFar(d.year), muted: true }, 8);
    pdf.table(MONTH_COLUMNS, header, [
      ...d.statements.map((s) => ({
        cells: [monthLabel(s.month, m.lang), dayLabel(s.paidOn, m.lang), money(s.pretaxFen), money(s.taxFen), money(s.netFen)],
        style: { rule: true },
      })),
      totalRow(t, { pretaxFen: d.grossFen, taxFen: d.withheldFen, netFen: d.statements.reduce((a, s) => a + s.netFen, 0) }),
    ]);
    pdf.heading(t.annualTaxTitle);
    pdf.table(STEP_COLUMNS, [t.item, '', t.amount], annualTaxRows(t, d));
    pdf.paragraph({ text: t.taxNote, muted: true }, 8);
  } else {
    pdf.heading(t.monthsOfPy(m.py));
    pdf.table(
      MONTH_COLUMNS,
      [t.month, t.paidOn, t.pretax, t.tax, t.net],
      [
        ...m.months.map((x) => ({
          cells: x.hasStatement
            ? [
                monthLabel(x.month, m.lang),
                x.paidOn ? dayLabel(x.paidOn, m.lang) : '',
                money(x.pretaxFen),
                money(x.taxFen),
                money(x.netFen),
              ]
            : [monthLabel(x.month, m.lang), { text: t.noStatement, muted: true }, '—', '—', '—'],
          style: { rule: true },
        })),
        totalRow(t, m.totals),
      ],
    );
  }
  pdf.heading(t.verifyTitle);
  pdf.fields([
    [t.verifyCode, m.verification.code],
    [t.verifyDigest, m.verification.digest],
  ]);
  pdf.paragraph(t.verifyAt(m.verification.url), 8);
  pdf.paragraph(
    { text: `${t.issuedBy}: ${m.company.name} · ${t.issuedOn}: ${dayLabel(m.issuedOn, m.lang)} · ${t.generated}`, muted: true },
    7.5,
  );
  return pdf.finish((page, pages) => `${m.company.name} · ${t.certificateTitle} · ${period} · ${t.page(page, pages)}`);
}
