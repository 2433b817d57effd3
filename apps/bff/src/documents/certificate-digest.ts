// The digest of the amounts an income certificate prints (issue #32): SHA-256 (hex) of a canonical
// text of its month rows and totals, one line each, so the check page (routes/certificate) can show
// what a bank compares with the document, and a correction of any amount gets a new code.
import { createHash } from 'node:crypto';
import type { CertificateKind, CertificateTotals } from '@abo/contract';

/** One month row as printed: no statement → null amounts. */
export interface CertificateRow {
  month: string;
  paidOn: string | null;
  amounts: { pretaxFen: number; taxFen: number; netFen: number } | null;
}

export interface CertificateAmounts {
  kind: CertificateKind;
  period: string;
  rows: readonly CertificateRow[];
  totals: CertificateTotals;
}

/** Bumped if the serialisation ever changes, so old and new digests never compare equal by accident. */
const VERSION = 'abo-certificate-amounts/1';

/**
 * The canonical text: a version line, `kind|period`, one `month|paidOn|pretax|tax|net` line per
 * row in order (`-` where nothing is printed), then `total|pretax|tax|net|annualTax|balance`.
 * Integers in fen, no separators: the same amounts always give the same text.
 */
export function canonicalAmounts(a: CertificateAmounts): string {
  const t = a.totals;
  const opt = (v: number | undefined) => (v === undefined ? '-' : String(v));
  return [
    VERSION,
    `${a.kind}|${a.period}`,
    ...a.rows.map((r) =>
      [r.month, r.paidOn ?? '-', ...(r.amounts ? [r.amounts.pretaxFen, r.amounts.taxFen, r.amounts.netFen] : ['-', '-', '-'])].join('|'),
    ),
    ['total', t.pretaxFen, t.taxFen, t.netFen, opt(t.annualTaxFen), opt(t.balanceFen)].join('|'),
  ].join('\n');
}

export function certificateDigest(a: CertificateAmounts): string {
  return createHash('sha256').update(canonicalAmounts(a), 'utf8').digest('hex');
}
