// The public check of an income certificate's verification code (certificate-code.ts): anyone
// holding the PDF (a bank) asks whether it was issued, when, and the digest of its amounts. No
// session; rate-limited per client address. Outside the endpoint table (endpoints.ts), which holds
// the spec's POST calls: this is a GET a plain browser makes.
//
//   GET /bff/v1/public/certificateCheck?code=7KQ4-M2X9-HD3P-W8
//   → the envelope; data as below. An unknown or malformed code: NOT_FOUND, nothing else said.
import { z } from 'zod';
import { localTextSchema } from './text.ts';

/** Any text: what cannot be a code is answered as an unknown one (the route). */
export const certificateCheckQuerySchema = z.object({ code: z.string().default('') });

/** The certificate's two kinds: a calendar (tax) year by payment date, or a performance year. */
export const certificateKindSchema = z.enum(['taxCertificate', 'pyCertificate']);
export type CertificateKind = z.infer<typeof certificateKindSchema>;

/** The totals the certificate prints, fen: the totals row, and on a tax year's the annual tax and its balance. */
export const certificateTotalsSchema = z.object({
  pretaxFen: z.number().int(),
  taxFen: z.number().int(),
  netFen: z.number().int(),
  annualTaxFen: z.number().int().optional(),
  balanceFen: z.number().int().optional(),
});
export type CertificateTotals = z.infer<typeof certificateTotalsSchema>;

export const certificateCheckDataSchema = z.object({
  /** The code, grouped as printed. */
  code: z.string(),
  kind: certificateKindSchema,
  /** `2025` (tax year) or `25/26` (PY). */
  period: z.string(),
  /** The day printed on it as issued on (China time). */
  issuedOn: z.string(),
  /** When it was issued, China time `YYYY-MM-DD HH:mm`. */
  issuedAt: z.string(),
  company: localTextSchema,
  totals: certificateTotalsSchema,
  /** SHA-256 (hex) of the amounts it prints; the document prints the first 16 characters. */
  digest: z.string(),
  /** A later certificate of the same person, kind and period with other amounts (a correction): when only. */
  newer: z.object({ issuedOn: z.string(), issuedAt: z.string() }).nullable(),
});
export type CertificateCheckData = z.infer<typeof certificateCheckDataSchema>;
