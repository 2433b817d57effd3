// The documents a distributor keeps (packages/contract/src/documents.ts): the monthly statement and
// the income certificates as PDF, income by month range as XLSX or CSV — always of the session's
// distributor (session.ada), names shown as the pages show them (lib/name-policy.ts, staff too).
// A request the income pages would refuse (a month that is not a queryable statement month, a start
// after the end) is refused with the same error, and a spreadsheet covers at most 36 months. File
// names hold nothing personal: what, and when.
// The model is read here, on the caller's thread (it needs the database); the bytes are made by
// `run`, a render pool thread in the server (render-pool.ts), this thread by default.
import type { DocumentRequest } from '@abo/contract';
import { toMonthKey } from '@abo/plan';
import type { Config } from '../config.ts';
import { readCloseState } from '../close/state.ts';
import { dataVersion } from '../db/data-version.ts';
import type { DB } from '../db/index.ts';
import { badRequest } from '../lib/app-error.ts';
import { nameViewerOf } from '../lib/name-policy.ts';
import type { Session } from '../lib/session.ts';
import { loadPyCertificate, loadTaxCertificate } from './certificate-pdf.ts';
import type { DocumentCache } from './document-cache.ts';
import { loadIncomeSheet } from './income-sheet.ts';
import { renderJob, type RenderJob } from './render-job.ts';
import { loadStatement } from './statement-pdf.ts';

export interface RenderedDocument {
  fileName: string;
  contentType: string;
  body: Buffer;
}

const PDF = 'application/pdf';
const PNG = 'image/png';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const CSV = 'text/csv; charset=utf-8';

export interface RenderOptions {
  /** Makes the bytes of a job (default: renderJob on this thread). */
  run?: (job: RenderJob) => Promise<Buffer>;
  /** Keeps closed months' statements (default: none kept). */
  cache?: DocumentCache;
}

/**
 * The cache key of a statement, or null for a month not closed yet (its figures are provisional).
 * The key holds everything the PDF depends on: whose statement, who looks (names are masked per
 * viewer, lib/name-policy.ts), the month, the language and the data version, which every close,
 * import and re-seed moves.
 */
async function closedStatementKey(
  db: DB,
  config: Config,
  session: Session,
  req: Extract<DocumentRequest, { kind: 'statement' }>,
): Promise<string | null> {
  const [state, version] = await Promise.all([readCloseState(db), dataVersion(db)]);
  if (req.month >= (state?.open ?? toMonthKey(config.today()))) return null;
  return JSON.stringify([session.ada, nameViewerOf(session).ada, req.month, req.lang, req.as ?? 'pdf', version]);
}

export async function renderDocument(
  db: DB,
  config: Config,
  session: Session,
  req: DocumentRequest,
  { run = renderJob, cache }: RenderOptions = {},
): Promise<RenderedDocument> {
  // As sessionOf: a staff session reads a distributor only once one is chosen.
  if (!session.ada) throw badRequest('Staff queries need a queryAda');
  // A PDF document as its pages' image (WeChat, the app), else the PDF.
  const image = req.kind !== 'incomeSheet' && req.as === 'image';
  const type = image ? PNG : PDF;
  switch (req.kind) {
    case 'statement': {
      const fileName = `statement-${req.month}.${image ? 'png' : 'pdf'}`;
      const key = cache ? await closedStatementKey(db, config, session, req) : null;
      const kept = key === null ? undefined : cache?.get(key);
      if (kept) return { fileName, contentType: type, body: kept };
      const model = await loadStatement(db, config, session, req.month, req.lang);
      const body = await run({ kind: 'statement', model, image });
      if (key !== null) cache?.put(key, body);
      return { fileName, contentType: type, body };
    }
    case 'taxCertificate': {
      const model = await loadTaxCertificate(db, config, session, req.year, req.lang);
      return {
        fileName: `income-certificate-${req.year}.${image ? 'png' : 'pdf'}`,
        contentType: type,
        body: await run({ kind: 'certificate', model, image }),
      };
    }
    case 'pyCertificate': {
      const model = await loadPyCertificate(db, config, session, req.py, req.lang);
      // '25/26' → 'py-25-26': no slash in a file name.
      return {
        fileName: `income-certificate-py-${req.py.replace('/', '-')}.${image ? 'png' : 'pdf'}`,
        contentType: type,
        body: await run({ kind: 'certificate', model, image }),
      };
    }
    case 'incomeSheet': {
      const sheet = await loadIncomeSheet(db, session.ada, req.from, req.to, req.lang);
      const fileName = `income-${req.from}-to-${req.to}.${req.format}`;
      return req.format === 'xlsx'
        ? { fileName, contentType: XLSX, body: await run({ kind: 'xlsx', sheet }) }
        : { fileName, contentType: CSV, body: await run({ kind: 'csv', sheet }) };
    }
  }
}
