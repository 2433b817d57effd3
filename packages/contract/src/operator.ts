// The operators' import page (docs/operators.md): a company's operator uploads the day's CSV
// files, reads the same `file:line:column` problems the CLI prints, confirms, watches the import
// and the close run, and reads a history of imports. Operator accounts are staff accounts with
// the operator role (signed in through the staff sign-in, channel iinquiry); customer-service
// staff get FORBIDDEN on every call here.
//
// Calls (all answer the envelope):
//   POST /bff/v1/operator/imports/upload   multipart/form-data: up to three file parts, each named
//        by its file (distributors.csv, orders.csv, attendance.csv), and a field `replace`
//        ('true' | 'false'). Starts the check; answers { run } with status 'checking'.
//   POST /bff/v1/operator/imports/get      { id }          → { run }
//   POST /bff/v1/operator/imports/list     { limit? }      → { runs, busy }
//   POST /bff/v1/operator/imports/confirm  { id }          → { run } (status 'importing')
//   POST /bff/v1/operator/imports/discard  { id }          → { run } (status 'discarded')
import { z } from 'zod';
import { baseBodySchema } from './common.ts';
import { monthSchema } from './months.ts';

/**
 * The two calls outside the endpoint table (endpoints.ts): the upload is multipart/form-data, not
 * JSON, and the audit export answers a file. Both need the staff headers of every iinquiry call
 * (`channel: iinquiry`, `ada-token`, `jwks`): the upload's body carries no channel.
 */
export const IMPORT_UPLOAD_PATH = '/bff/v1/operator/imports/upload';
export const AUDIT_EXPORT_PATH = '/bff/v1/operator/auditExport';

/** The files an import takes, by name (the CLI's names). */
export const IMPORT_FILE_NAMES = ['distributors.csv', 'orders.csv', 'attendance.csv'] as const;
export const importFileNameSchema = z.enum(IMPORT_FILE_NAMES);
export type ImportFileName = z.infer<typeof importFileNameSchema>;

/**
 * Where a run stands:
 * - checking: the files are being read and checked (nothing written);
 * - rejected: the check found problems (`issues`); nothing was written; upload corrected files;
 * - checked: no problem; `check` says what confirming would write;
 * - importing, closing: confirmed, being written / the months being closed (`progress`);
 * - done: written and closed (`imported`, `close`);
 * - failed: stopped with `error`; nothing of the import was written unless `imported` is set
 *   (then the import landed and the close failed: the next import or `npm run close` closes);
 * - discarded: the operator dropped it before confirming; its files are deleted.
 */
export const importRunStatusSchema = z.enum(['checking', 'rejected', 'checked', 'importing', 'closing', 'done', 'failed', 'discarded']);
export type ImportRunStatus = z.infer<typeof importRunStatusSchema>;

/** One problem in a file, as the CLI prints it: `file:line:column field: message`. */
export const importIssueSchema = z.object({
  file: z.string(),
  /** 1-based; 0 for a problem with the file as a whole. */
  line: z.number().int(),
  /** 1-based; 0 for the whole row or file. */
  column: z.number().int(),
  field: z.string(),
  message: z.string(),
});
export type ImportIssueView = z.infer<typeof importIssueSchema>;

/** Rows per file, and how many of them are (or would be) new or changed. */
export const importCountsSchema = z.object({
  distributors: z.object({ rows: z.number().int(), added: z.number().int(), updated: z.number().int() }),
  orders: z.object({ rows: z.number().int(), added: z.number().int() }),
  attendance: z.object({ rows: z.number().int(), added: z.number().int() }),
  /** The months the orders and attendance fall in. */
  months: z.array(monthSchema),
  /** Whether anything is (or would be) written: the same files twice write nothing the second time. */
  changed: z.boolean(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

/** What the close after the import did. */
export const importCloseResultSchema = z.object({
  /** Months closed by this run, oldest first. */
  closed: z.array(monthSchema),
  closedThrough: monthSchema.nullable(),
  /** Months written as provisional (the open month). */
  open: z.array(monthSchema),
  distributors: z.number().int(),
  /** The CLI's summary line. */
  summary: z.string(),
  seconds: z.number(),
});

export const importProgressSchema = z.object({
  /** The phase, as the CLI's progress bars name it ('read orders.csv', 'check', 'write', a close phase). */
  phase: z.string(),
  done: z.number(),
  total: z.number(),
});

export const importRunSchema = z.object({
  id: z.string(),
  status: importRunStatusSchema,
  /** The files are the whole dataset (the CLI's --replace). */
  replace: z.boolean(),
  files: z.array(z.object({ name: importFileNameSchema, bytes: z.number().int(), sha256: z.string() })),
  uploadedBy: z.string(),
  /** ISO times. */
  uploadedAt: z.string(),
  confirmedBy: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** The check's problems: how many, and the first ones in file and line order. */
  issues: z.object({ total: z.number().int(), shown: z.array(importIssueSchema) }),
  /** What the check found: what confirming would write. */
  check: importCountsSchema.nullable(),
  /** What the import wrote. */
  imported: importCountsSchema.nullable(),
  close: importCloseResultSchema.nullable(),
  /** While checking, importing or closing. */
  progress: importProgressSchema.nullable(),
  /** Why the run failed, in words an operator can act on (never a stack trace). */
  error: z.string().nullable(),
});
export type ImportRun = z.infer<typeof importRunSchema>;

export const importRunIdBodySchema = baseBodySchema.extend({ id: z.string().min(1).max(64) });
export const importRunDataSchema = z.object({ run: importRunSchema });

export const importRunsBodySchema = baseBodySchema.extend({ limit: z.number().int().min(1).max(100).optional() });
export const importRunsDataSchema = z.object({
  /** Newest first; `issues.shown` is empty here (read one run for its problems). */
  runs: z.array(importRunSchema),
  /** The run being checked, imported or closed now, in any process on this database: a second one is refused. */
  busy: z.string().nullable(),
});
export type ImportRuns = z.infer<typeof importRunsDataSchema>;

/** A day, `YYYY-MM-DD` (China time, as the audit log's days are read). */
const daySchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'day must be YYYY-MM-DD');

/**
 * POST /bff/v1/operator/auditExport: the audit log's entries between two days (both included),
 * optionally of one staff member or distributor (`actor`) and/or about one distributor
 * (`subjectAda`). Answers the file itself (Content-Disposition: attachment), CSV or JSON, or an
 * envelope when refused. The CLI's `npm run audit -- export` writes the same file.
 */
export const auditExportBodySchema = baseBodySchema.extend({
  from: daySchema,
  to: daySchema,
  actor: z.string().trim().min(1).max(64).optional(),
  subjectAda: z
    .string()
    .regex(/^\d{4,12}$/, 'ada must be 4–12 digits')
    .optional(),
  format: z.enum(['csv', 'json']),
});
export type AuditExportBody = z.infer<typeof auditExportBodySchema>;

/** The columns of an audit export, in order (CSV header; JSON objects' keys). */
export const AUDIT_EXPORT_COLUMNS = ['at', 'actor', 'subjectAda', 'action', 'channel'] as const;
