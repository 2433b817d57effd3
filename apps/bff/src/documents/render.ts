// The documents a distributor keeps (packages/contract/src/documents.ts): the monthly statement and
// the income certificates as PDF, income by month range as XLSX or CSV — always of the session's
// distributor (session.ada), names shown as the pages show them (lib/name-policy.ts, staff too).
// A request the income pages would refuse (a month that is not a queryable statement month, a start
// after the end) is refused with the same error, and a spreadsheet covers at most 36 months. File
// names hold nothing personal: what, and when.
import type { DocumentRequest } from '@abo/contract';
import type { Config } from '../config.ts';
import type { DB } from '../db/index.ts';
import { badRequest } from '../lib/app-error.ts';
import type { Session } from '../plugins/auth.ts';
import { loadPyCertificate, loadTaxCertificate, renderCertificatePdf } from './certificate-pdf.ts';
import { incomeSheetCsv, incomeSheetXlsx, loadIncomeSheet } from './income-sheet.ts';
import { loadStatement, renderStatementPdf } from './statement-pdf.ts';

export interface RenderedDocument {
  fileName: string;
  contentType: string;
  body: Buffer;
}

const PDF = 'application/pdf';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const CSV = 'text/csv; charset=utf-8';

export async function renderDocument(db: DB, config: Config, session: Session, req: DocumentRequest): Promise<RenderedDocument> {
  // As sessionOf: a staff session reads a distributor only once one is chosen.
  if (!session.ada) throw badRequest('Staff queries need a queryAda');
  switch (req.kind) {
    case 'statement': {
      const m = await loadStatement(db, config, session, req.month, req.lang);
      return { fileName: `statement-${req.month}.pdf`, contentType: PDF, body: await renderStatementPdf(m) };
    }
    case 'taxCertificate': {
      const m = await loadTaxCertificate(db, config, session, req.year, req.lang);
      return { fileName: `income-certificate-${req.year}.pdf`, contentType: PDF, body: await renderCertificatePdf(m) };
    }
    case 'pyCertificate': {
      const m = await loadPyCertificate(db, config, session, req.py, req.lang);
      // '25/26' → 'py-25-26': no slash in a file name.
      return { fileName: `income-certificate-py-${req.py.replace('/', '-')}.pdf`, contentType: PDF, body: await renderCertificatePdf(m) };
    }
    case 'incomeSheet': {
      const s = await loadIncomeSheet(db, session.ada, req.from, req.to, req.lang);
      const fileName = `income-${req.from}-to-${req.to}.${req.format}`;
      return req.format === 'xlsx'
        ? { fileName, contentType: XLSX, body: await incomeSheetXlsx(s) }
        : { fileName, contentType: CSV, body: incomeSheetCsv(s) };
    }
  }
}
