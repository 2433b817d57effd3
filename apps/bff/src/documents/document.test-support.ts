// Reading generated documents back in tests: a PDF's text through poppler's pdftotext (the .ci/run
// check installs poppler-utils), the arithmetic written in it, an XLSX's cells.
import { execFileSync } from 'node:child_process';
import { applyBp } from '@abo/plan';
import { strFromU8, unzipSync } from 'fflate';
import { money } from './format.ts';

/** The text of a PDF as pdftotext lays it out (pages separated by form feeds). */
export function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');
}

/** '¥1,234.56' → 123456, '-¥1.00' → -100. */
export function fenOf(text: string): number {
  const m = /^(-?)¥([\d,]+)\.(\d{2})$/.exec(text.trim());
  if (!m) throw new Error(`not an amount: ${text}`);
  const fen = Number(m[2]!.replace(/,/g, '')) * 100 + Number(m[3]);
  return m[1] ? -fen : fen;
}

/** Every amount on a line, in order. */
export function amountsIn(line: string): number[] {
  return [...line.matchAll(/-?¥[\d,]+\.\d{2}/g)].map((m) => fenOf(m[0]));
}

const M = String.raw`(-?¥[\d,]+\.\d{2})`;
const P = String.raw`(\d+(?:\.\d+)?)%`;

/** '21' → 2100 basis points. */
const bpOf = (percent: string) => Math.round(Number(percent) * 100);

export interface Checked {
  /** `¥base × r% = ¥amount` (rounded half up to the fen, as the plan engine rounds). */
  products: { base: number; bp: number; amount: number }[];
  /** `¥bv × (own% − leg%) = ¥amount`. */
  differentials: { bv: number; bp: number; amount: number }[];
  /** `¥fund × units / all = ¥amount` (a share rounds down, the fen left go to the largest remainders). */
  shares: { fund: number; units: number; total: number; amount: number }[];
  /** `¥in + ¥own − ¥up = ¥kept`. */
  sums: number[];
  /** `¥a − ¥b = ¥c`. */
  differences: number[];
  /** `¥taxable × r% − ¥quick = ¥tax`. */
  taxes: number[];
}

/**
 * Finds every calculation written in `text` and checks it; throws on the first that does not
 * hold. The withholding's tax is worked out on the exact taxable income (a fraction of a fen
 * above 4 000 CNY) while the rounded one is printed, so that one line may differ by a fen.
 */
export function checkArithmetic(text: string): Checked {
  const out: Checked = { products: [], differentials: [], shares: [], sums: [], differences: [], taxes: [] };
  const fail = (line: string) => {
    throw new Error(`does not add up: ${line.trim()}`);
  };
  for (const line of text.split('\n')) {
    for (const m of line.matchAll(new RegExp(`${M} × ${P} = ${M}`, 'g'))) {
      const [base, bp, amount] = [fenOf(m[1]!), bpOf(m[2]!), fenOf(m[3]!)];
      if (applyBp(base, bp) !== amount) fail(line);
      out.products.push({ base, bp, amount });
    }
    for (const m of line.matchAll(new RegExp(`${M} × \\(${P} − ${P}\\) = ${M}`, 'g'))) {
      const [bv, bp, amount] = [fenOf(m[1]!), bpOf(m[2]!) - bpOf(m[3]!), fenOf(m[4]!)];
      if (applyBp(bv, bp) !== amount) fail(line);
      out.differentials.push({ bv, bp, amount });
    }
    for (const m of line.matchAll(new RegExp(`${M} × (\\d+) / (\\d+) = ${M}`, 'g'))) {
      const [fund, units, total, amount] = [fenOf(m[1]!), Number(m[2]), Number(m[3]), fenOf(m[4]!)];
      if (Math.abs((fund * units) / total - amount) >= 1) fail(line);
      out.shares.push({ fund, units, total, amount });
    }
    for (const m of line.matchAll(new RegExp(`${M} \\+ ${M} − ${M} = ${M}`, 'g'))) {
      const [a, b, c, d] = [1, 2, 3, 4].map((i) => fenOf(m[i]!)) as [number, number, number, number];
      if (a + b - c !== d) fail(line);
      out.sums.push(d);
    }
    for (const m of line.matchAll(new RegExp(`(?<!\\+ )${M} − ${M} = ${M}`, 'g'))) {
      const [a, b, c] = [1, 2, 3].map((i) => fenOf(m[i]!)) as [number, number, number];
      if (a - b !== c) fail(line);
      out.differences.push(c);
    }
    for (const m of line.matchAll(new RegExp(`${M} × ${P} − ${M} = ${M}`, 'g'))) {
      const [taxable, bp, quick, tax] = [fenOf(m[1]!), bpOf(m[2]!), fenOf(m[3]!), fenOf(m[4]!)];
      if (Math.abs(applyBp(taxable, bp) - quick - tax) > 1) fail(line);
      out.taxes.push(tax);
    }
  }
  return out;
}

/** The amounts of `text` missing from it (each written as the pages write money). */
export function missingAmounts(text: string, fens: readonly number[]): string[] {
  return fens.map(money).filter((m) => !text.includes(m));
}

/** The cells of an XLSX's first sheet, row by row: shared strings as text, numbers as numbers, empty cells as null. */
export function xlsxRows(xlsx: Buffer): (string | number | null)[][] {
  const files = unzipSync(new Uint8Array(xlsx));
  const shared = [...strFromU8(files['xl/sharedStrings.xml'] ?? new Uint8Array()).matchAll(/<si><t[^>]*>([^<]*)<\/t><\/si>/g)].map(
    (m) => m[1]!,
  );
  const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
  return [...sheet.matchAll(/<row [^>]*>(.*?)<\/row>/g)].map((row) =>
    [...row[1]!.matchAll(/<c ([^>]*?)(?:\/>|>(?:<v>([^<]*)<\/v>)?<\/c>)/g)].map((c) => {
      const value = c[2];
      if (value === undefined) return null;
      return /\bt="s"/.test(c[1]!) ? shared[Number(value)]! : Number(value);
    }),
  );
}
