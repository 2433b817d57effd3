// The income and withholding certificates read back with pdftotext, on the demo seed: a calendar
// year's totals and annual tax equal the annual taxable income page's answer
// (/bff/v1/income/annualtaxable), a PY's months and totals the annual income page's
// (/bff/v1/income/distributorannualincome), and their arithmetic adds up.
import type { AnnualIncomeData, AnnualTaxableData, DocumentLang } from '@abo/contract';
import { describe, expect, it } from 'vitest';
import { useDemoApp } from '../testing/suite-app.ts';
import type { Session } from '../lib/session.ts';
import { amountsIn, checkArithmetic, missingAmounts, pdfText } from './document.test-support.ts';
import { dayLabel, money, monthLabel } from './format.ts';
import { renderDocument } from './render.ts';

const DIAMOND = '10000002';
const FOUNDERS_PLATINUM = '10000004';
const own = (ada: string): Session => ({ actor: ada, ada, channel: 'wec', staff: false });

/** The line that starts with `label` as a whole word ('2026年1月' is not '2026年10月'). */
const startsWithWord = (line: string, label: string) => line.trimStart().startsWith(`${label} `);

/** The amounts on the totals row (the line starting with 合计 / Total). */
function totalsRow(text: string, lang: DocumentLang): number[] {
  const label = lang === 'zh-CN' ? '合计' : 'Total';
  const line = text.split('\n').find((l) => l.trimStart().startsWith(label));
  if (!line) throw new Error('no totals row');
  return amountsIn(line);
}

describe('income certificates on the demo seed (today 2026-11-21)', () => {
  const demo = useDemoApp([DIAMOND, FOUNDERS_PLATINUM]);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read as JSON
  const data = async (ada: string, url: string, payload: object): Promise<any> => {
    const res = await demo.t.app.inject({ method: 'POST', url, headers: demo.headers(ada), payload: { channel: 'wec', ...payload } });
    return res.json().data;
  };

  for (const [ada, year, lang] of [
    [DIAMOND, '2026', 'zh-CN'],
    [DIAMOND, '2025', 'en-US'],
    [FOUNDERS_PLATINUM, '2024', 'zh-CN'],
  ] as const) {
    it(`calendar year ${year} of ${ada} (${lang}): the statements paid in it and the annual tax of the annual taxable page`, async () => {
      const doc = await renderDocument(demo.t.db, demo.t.config, own(ada), { kind: 'taxCertificate', year, lang });
      expect(doc).toMatchObject({ fileName: `income-certificate-${year}.pdf`, contentType: 'application/pdf' });
      const text = pdfText(doc.body);
      const page = (await data(ada, '/bff/v1/income/annualtaxable', { year })) as AnnualTaxableData;
      expect(page.statements.length).toBeGreaterThan(0);
      expect(text).toContain(ada);
      // Every statement paid in the year: its month, payment date and figures.
      for (const s of page.statements) {
        const line = text.split('\n').find((l) => startsWithWord(l, monthLabel(s.month, lang)) && l.includes(dayLabel(s.paidOn, lang)));
        expect(line, `${s.month} paid ${s.paidOn}`).toBeDefined();
        expect(amountsIn(line!)).toEqual([s.pretaxFen, s.taxFen, s.netFen]);
      }
      // The totals are the page's, and the annual tax worked out step by step as the page shows it.
      expect(totalsRow(text, lang)).toEqual([page.grossFen, page.withheldFen, page.grossFen - page.withheldFen]);
      const fens = [
        page.grossFen,
        page.incomeFen,
        page.basicDeductionFen,
        page.taxableFen,
        page.quickDeductionFen,
        page.annualTaxFen,
        page.withheldFen,
      ];
      expect(missingAmounts(text, [...fens, Math.abs(page.balanceFen)])).toEqual([]);
      const checked = checkArithmetic(text);
      expect(checked.products).toContainEqual({ base: page.grossFen, bp: page.incomeRatioPercent * 100, amount: page.incomeFen });
      if (page.taxableFen > 0) expect(checked.differences).toContain(page.taxableFen);
      expect(checked.taxes).toContain(page.annualTaxFen);
      expect(checked.differences).toContain(page.balanceFen);
    });
  }

  for (const [ada, py, lang] of [
    [DIAMOND, '25/26', 'en-US'],
    [DIAMOND, '26/27', 'zh-CN'],
    [FOUNDERS_PLATINUM, '24/25', 'en-US'],
  ] as const) {
    it(`PY ${py} of ${ada} (${lang}): the 12 months and the totals of the annual income page`, async () => {
      const doc = await renderDocument(demo.t.db, demo.t.config, own(ada), { kind: 'pyCertificate', py, lang });
      expect(doc).toMatchObject({ fileName: `income-certificate-py-${py.replace('/', '-')}.pdf`, contentType: 'application/pdf' });
      const text = pdfText(doc.body);
      const page = (await data(ada, '/bff/v1/income/distributorannualincome', { year: py })) as AnnualIncomeData;
      const lines = text.split('\n');
      for (const m of page.months) {
        const line = lines.find((l) => startsWithWord(l, monthLabel(m.month, lang)));
        expect(line, m.month).toBeDefined();
        expect(amountsIn(line!)).toEqual(m.hasStatement ? [m.pretaxFen, m.taxFen, m.netFen] : []);
      }
      expect(totalsRow(text, lang)).toEqual([page.totals.pretaxFen, page.totals.taxFen, page.totals.netFen]);
      expect(page.totals.pretaxFen).toBeGreaterThan(0);
      expect(text).toContain(money(page.totals.netFen));
    });
  }
});
