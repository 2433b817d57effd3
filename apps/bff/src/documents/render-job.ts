// What a document render thread is given: the document's model, read from the database on the
// main thread (render.ts), as plain data that clones into a worker. Turning it into bytes
// (pdfkit's layout, font subsetting, XLSX zipping) is the CPU-bound part kept off the event loop.
import { renderCertificatePdf, type CertificateModel } from './certificate-pdf.ts';
import { incomeSheetCsv, incomeSheetXlsx, type IncomeSheet } from './income-sheet.ts';
import { pdfPagesPng } from './pdf-pages.ts';
import { renderStatementPdf, type StatementModel } from './statement-pdf.ts';

export type RenderJob =
  /** `image`: the PDF's pages as one PNG (pdf-pages.ts), for the webviews that cannot save a PDF. */
  | { kind: 'statement'; model: StatementModel; image?: boolean }
  | { kind: 'certificate'; model: CertificateModel; image?: boolean }
  | { kind: 'xlsx'; sheet: IncomeSheet }
  | { kind: 'csv'; sheet: IncomeSheet };

/** Renders a job on the calling thread: the render worker's body, and the renderer of tests and CLIs. */
export async function renderJob(job: RenderJob): Promise<Buffer> {
  switch (job.kind) {
    case 'statement': {
      const pdf = await renderStatementPdf(job.model);
      return job.image ? pdfPagesPng(pdf) : pdf;
    }
    case 'certificate': {
      const pdf = await renderCertificatePdf(job.model);
      return job.image ? pdfPagesPng(pdf) : pdf;
    }
    case 'xlsx':
      return incomeSheetXlsx(job.sheet);
    case 'csv':
      return incomeSheetCsv(job.sheet);
  }
}
