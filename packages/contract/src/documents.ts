// Files a distributor keeps: the monthly statement and the income certificates as PDF, income by
// month range as a spreadsheet. The BFF renders them; the web app asks for a short-lived link
// (/bff/v1/income/documentLink) and then downloads it (desktop) or opens it (WeChat, the app).
import { z } from 'zod';
import { baseBodySchema } from './common.ts';
import { calendarYearSchema, monthSchema, pySchema } from './months.ts';

/** The language a document is written in (the UI's language when it was asked for). */
export const documentLangSchema = z.enum(['zh-CN', 'en-US']);
export type DocumentLang = z.infer<typeof documentLangSchema>;

/**
 * How a PDF document is delivered: the PDF, or its pages as one long PNG image — for WeChat and
 * the company's app, whose webviews leave the page to open a PDF (WeChat on Android cannot open
 * one) but save an image with a long press.
 */
export const documentAsSchema = z.enum(['pdf', 'image']);
export type DocumentAs = z.infer<typeof documentAsSchema>;

/** What a document holds. Months must be queryable statement months of the distributor. */
export const documentRequestSchema = z.discriminatedUnion('kind', [
  /** One month's service-fee statement (PDF). */
  z.object({ kind: z.literal('statement'), lang: documentLangSchema, month: monthSchema, as: documentAsSchema.optional() }),
  /** Income and withholding certificate of a calendar year, by payment date (PDF). */
  z.object({ kind: z.literal('taxCertificate'), lang: documentLangSchema, year: calendarYearSchema, as: documentAsSchema.optional() }),
  /** Income and withholding certificate of a performance year (PDF). */
  z.object({ kind: z.literal('pyCertificate'), lang: documentLangSchema, py: pySchema, as: documentAsSchema.optional() }),
  /** Monthly income between two months, both ends included (XLSX or CSV). */
  z.object({
    kind: z.literal('incomeSheet'),
    lang: documentLangSchema,
    from: monthSchema,
    to: monthSchema,
    format: z.enum(['xlsx', 'csv']),
  }),
]);
export type DocumentRequest = z.infer<typeof documentRequestSchema>;

export const documentLinkBodySchema = baseBodySchema.extend({ document: documentRequestSchema });

/**
 * A one-time link to the file, valid for a few minutes and only in the browser that asked for it.
 * The URL holds nothing personal: an opaque random token.
 */
export const documentLinkDataSchema = z.object({
  url: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  expiresAt: z.string(),
});
export type DocumentLinkData = z.infer<typeof documentLinkDataSchema>;
