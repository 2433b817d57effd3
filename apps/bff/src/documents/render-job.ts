// What a document render thread is given: the document's model, read from the database on the
// main thread (render.ts), as plain data that clones into a worker. Turning it into bytes
// (pdfkit's layout, font subsetting, XLSX zipping) is the CPU-bound part kept off the event loop.
import { renderCertificatePdf, type CertificateModel } from './certificate-pdf.ts';
import { incomeSheetCsv, incomeSheetXlsx, type IncomeSheet } from './income-sheet.ts';
import { renderStatementPdf, type StatementModel } from './statement-pdf.ts';

export type RenderJob =
  | { kind: 'statement'; model: StatementModel }
  | { kind: 'certificate'; model: CertificateModel }
  | { kind: 'xlsx'; sheet: IncomeSheet }
  | { kind: 'csv'; sheet: IncomeSheet };

/** Renders a job on the calling thread: the render worker's body, and the renderer of tests and CLIs. */
export async function renderJob(job: RenderJob): Promise<Buffer> {
  switch (job.kind) {
    case 'statement':
      return renderStatementPdf(job.model);
    case 'certificate':
      return renderCertificatePdf(job.model);
    case 'xlsx':
      return incomeSheetXlsx(job.sheet);
    case 'csv':
      return incomeSheetCsv(job.sheet);
  }
}
