// The documents' font subset (cff-subset.ts, with fonts.ts's kept shaping) against fontkit's own:
// the same text drawn by pdfkit both ways rasterises to the same pixels with poppler's pdftoppm
// (poppler-utils, as pdftotext for the other document tests), reads back as the same text, and
// the file with the subroutines inlined is still the smaller (for a statement's few hundred glyphs,
// a third of the size).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import { afterAll, describe, expect, it } from 'vitest';
import { pdfText } from './document.test-support.ts';
import { documentFonts } from './fonts.ts';

/** Latin, digits, the signs the documents print, and every 52nd ideograph of the basic block. */
const SAMPLE = [
  'ABO Inquiry — Statement SF202608-10000002-17: ¥1,234,567.89 × 21% − ¥0.50 … (PV/BV) [a-z] {x} @#&*+=<>?!',
  '服务费月结单 收入证明 预扣个人所得税 应纳税所得额 速算扣除数 合计 第1页/共2页 钻石 白金 领导奖 推广费',
  String.fromCodePoint(...Array.from({ length: 400 }, (_, i) => 0x4e00 + i * 52)),
].join('\n');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abo-cff-subset-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function render(font: Font): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', font: null as unknown as string });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc
    .font(font as unknown as string)
    .fontSize(20)
    .text(SAMPLE, { width: doc.page.width - 144 });
  doc.end();
  return ended;
}

/** The pages as grey pixels (PGM files), in order. */
function pixels(pdf: Buffer, name: string): Buffer[] {
  const file = path.join(dir, `${name}.pdf`);
  fs.writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-r', '50', '-gray', file, path.join(dir, name)]);
  return fs
    .readdirSync(dir)
    .filter((f) => f.startsWith(`${name}-`))
    .sort()
    .map((f) => fs.readFileSync(path.join(dir, f)));
}

describe('the documents’ font subset', () => {
  for (const weight of ['regular', 'bold'] as const) {
    it(`draws and reads back as fontkit's own subset does (${weight})`, async () => {
      const font = documentFonts()[weight];
      // fonts.ts hands pdfkit the parsed font as the prototype of its own: that is fontkit's.
      const parsed = Object.getPrototypeOf(font) as Font;
      const own = await render(parsed);
      // Twice: the second document's words come from the kept shaping.
      await render(font);
      const inlined = await render(font);

      const expected = pixels(own, `${weight}-own`);
      const actual = pixels(inlined, `${weight}-inlined`);
      expect(expected.length).toBeGreaterThan(0);
      expect(actual.length).toBe(expected.length);
      actual.forEach((page, i) => expect(page.equals(expected[i]!), `page ${i + 1}`).toBe(true));
      expect(pdfText(inlined)).toBe(pdfText(own));
      expect(pdfText(inlined)).toContain('预扣个人所得税');
      // Not smaller: a glyph could not be inlined and the subset fell back to fontkit's own.
      expect(inlined.length).toBeLessThan(own.length);
    });
  }
});
