// A PDF as one long image of its pages, for WeChat and the company's app: their webviews open a
// PDF by leaving the page (WeChat on Android cannot open one at all), but save an image with a
// long press. Drawn by pdf.js on @napi-rs/canvas, on a render thread (render-pool.ts), from the
// very PDF a desktop downloads, so the image never says anything the PDF does not.
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as NapiCanvas from '@napi-rs/canvas';
import type * as PdfJs from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Pixels per PDF point: an A4 page (595 pt) is 1 190 px wide, sharp on a 3× phone screen. */
const SCALE = 2;
/** Space between pages, in pixels (grey, so the page breaks show). */
const GAP = 24;

/**
 * pdf.js and the canvas (a native addon) load once per thread, when the first image is asked
 * for: not at the server's start, nor on a render thread that only makes PDFs.
 */
let pdfjs: Promise<typeof PdfJs> | null = null;
let canvasLib: Promise<typeof NapiCanvas> | null = null;
const standardFonts = `${path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;

/** The pages of `pdf`, top to bottom, as one PNG. */
export async function pdfPagesPng(pdf: Uint8Array): Promise<Buffer> {
  const [lib, { createCanvas }] = await Promise.all([
    (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs')),
    (canvasLib ??= import('@napi-rs/canvas')),
  ]);
  const doc = await lib.getDocument({
    // A copy: pdf.js takes the buffer over (transfers it), the caller may still hold it.
    data: new Uint8Array(pdf),
    isEvalSupported: false,
    standardFontDataUrl: standardFonts,
    verbosity: lib.VerbosityLevel.ERRORS,
  }).promise;
  try {
    const pages: NapiCanvas.Canvas[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const viewport = page.getViewport({ scale: SCALE });
      const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
      const context = canvas.getContext('2d');
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      // pdf.js's types name the DOM's canvas; @napi-rs/canvas is what it draws on in Node.
      await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
      page.cleanup();
      pages.push(canvas);
    }
    const width = Math.max(...pages.map((p) => p.width));
    const height = pages.reduce((sum, p) => sum + p.height, 0) + GAP * (pages.length - 1);
    const sheet = createCanvas(width, height);
    const context = sheet.getContext('2d');
    context.fillStyle = '#d9d9d9';
    context.fillRect(0, 0, width, height);
    let y = 0;
    for (const page of pages) {
      context.drawImage(page, 0, y);
      y += page.height + GAP;
    }
    return await sheet.encode('png');
  } finally {
    await doc.destroy();
  }
}
