// The page layout every PDF document shares, over pdfkit: A4, the embedded font (fonts.ts),
// headings, label/value blocks and tables whose rows never split across a page — a row that does
// not fit starts the next page, under the table's header again — and a footer "page x / y" on
// every page. Text is real text (searchable, copyable), in one font for Chinese and Latin.
import type { DocumentLang } from '@abo/contract';
import PDFDocument from 'pdfkit';
import { documentFonts } from './fonts.ts';

const MARGIN = { top: 50, bottom: 56, left: 50, right: 50 };
const INK = '#1f2328';
const MUTED = '#59636e';
const RULE = '#d0d7de';
const BAND = '#f3f5f7';
/** Space between a cell's text and its row's edges. */
const PAD = 3;

export interface PdfMeta {
  title: string;
  /** Who issued the document (the company). */
  author: string;
  subject: string;
  lang: DocumentLang;
}

export interface Cell {
  text: string;
  bold?: boolean;
  muted?: boolean;
  /** Font size, points; the table's size by default. */
  size?: number;
}

export interface Column {
  /** Share of the content width (the shares of a table add up to 1). */
  share: number;
  align?: 'left' | 'right';
}

export interface RowStyle {
  /** A shaded band behind the row (totals). */
  band?: boolean;
  /** A rule under the row. */
  rule?: boolean;
  /** Left indent of the first cell, points (lines under an item). */
  indent?: number;
  size?: number;
}

export type CellInput = string | Cell;

export interface TableRow {
  /** One per column; a single cell spans the table. */
  cells: readonly CellInput[];
  style?: RowStyle;
}

const cellOf = (c: CellInput): Cell => (typeof c === 'string' ? { text: c } : c);

export class PdfWriter {
  private readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly ended: Promise<void>;
  /** Drawn again at the top of a page a table continues on. */
  private repeatHeader: (() => void) | null = null;

  constructor(meta: PdfMeta) {
    const fonts = documentFonts();
    this.doc = new PDFDocument({
      size: 'A4',
      margins: MARGIN,
      bufferPages: true,
      // No default font (pdfkit would load Helvetica): every text picks 'regular' or 'bold' first.
      // Not the parsed font either: pdfkit caches a default font under no name, so each later
      // font('regular') would open the font again and compare name tables to find it the same.
      font: null as unknown as string,
      lang: meta.lang,
      displayTitle: true,
      info: { Title: meta.title, Author: meta.author, Subject: meta.subject, Creator: 'ABO Inquiry' },
    });
    this.doc.registerFont('regular', fonts.regular as unknown as string);
    this.doc.registerFont('bold', fonts.bold as unknown as string);
    this.doc.on('data', (c: Buffer) => this.chunks.push(c));
    this.ended = new Promise((resolve, reject) => {
      this.doc.on('end', resolve);
      this.doc.on('error', reject);
    });
    this.doc.fillColor(INK);
  }

  private get width(): number {
    return this.doc.page.width - MARGIN.left - MARGIN.right;
  }

  private get limit(): number {
    return this.doc.page.height - MARGIN.bottom;
  }

  private font(cell: Cell, size: number): void {
    this.doc
      .font(cell.bold ? 'bold' : 'regular')
      .fontSize(cell.size ?? size)
      .fillColor(cell.muted ? MUTED : INK);
  }

  /** A new page when `height` does not fit on this one (a table's header comes again). */
  private ensure(height: number): void {
    if (this.doc.y + height <= this.limit) return;
    this.doc.addPage();
    this.repeatHeader?.();
  }

  /** Blank space, points. */
  gap(points: number): void {
    this.doc.y += points;
  }

  /** Two blocks side by side: `left` lines (the issuer) and `right` lines (the title, right-aligned). */
  masthead(left: readonly CellInput[], right: readonly CellInput[]): void {
    const top = this.doc.y;
    const leftWidth = this.width * 0.42;
    const rightWidth = this.width - leftWidth;
    let yLeft = top;
    for (const c of left.map(cellOf)) {
      this.font(c, 9);
      this.doc.text(c.text, MARGIN.left, yLeft, { width: leftWidth - PAD });
      yLeft = this.doc.y;
    }
    let yRight = top;
    for (const c of right.map(cellOf)) {
      this.font(c, 9);
      this.doc.text(c.text, MARGIN.left + leftWidth, yRight, { width: rightWidth, align: 'right' });
      yRight = this.doc.y;
    }
    this.doc.y = Math.max(yLeft, yRight) + 6;
    this.hr();
  }

  /** A horizontal rule across the content width. */
  hr(): void {
    const y = this.doc.y;
    this.doc
      .moveTo(MARGIN.left, y)
      .lineTo(MARGIN.left + this.width, y)
      .lineWidth(0.6)
      .strokeColor(RULE)
      .stroke();
    this.doc.y = y + 6;
  }

  /** A section heading, kept on the page with at least `keepWith` points of what follows. */
  heading(text: string, keepWith = 60): void {
    this.gap(6);
    this.ensure(18 + keepWith);
    this.font({ text, bold: true }, 11);
    this.doc.text(text, MARGIN.left, this.doc.y, { width: this.width });
    this.doc.y += 2;
  }

  /** A paragraph across the content width. */
  paragraph(input: CellInput, size = 8.5): void {
    const c = cellOf(input);
    this.font(c, size);
    const h = this.doc.heightOfString(c.text, { width: this.width });
    this.ensure(h);
    this.doc.text(c.text, MARGIN.left, this.doc.y, { width: this.width });
    this.doc.y += 2;
  }

  /** Label / value pairs, `perLine` pairs to a line, labels muted in `labelShare` of a pair's width. */
  fields(pairs: readonly (readonly [string, string])[], opts: { perLine?: number; size?: number; labelShare?: number } = {}): void {
    const { perLine = 2, size = 9, labelShare = 0.42 } = opts;
    const colWidth = this.width / perLine;
    const labelWidth = colWidth * labelShare;
    for (let i = 0; i < pairs.length; i += perLine) {
      const line = pairs.slice(i, i + perLine);
      this.doc.fontSize(size);
      const h = Math.max(
        ...line.map(([label, value]) =>
          Math.max(
            this.doc.font('regular').heightOfString(label, { width: labelWidth - PAD }),
            this.doc.font('bold').heightOfString(value, { width: colWidth - labelWidth - PAD }),
          ),
        ),
      );
      this.ensure(h + PAD);
      const y = this.doc.y;
      line.forEach(([label, value], j) => {
        const x = MARGIN.left + j * colWidth;
        this.font({ text: label, muted: true }, size);
        this.doc.text(label, x, y, { width: labelWidth - PAD });
        this.font({ text: value, bold: true }, size);
        this.doc.text(value, x + labelWidth, y, { width: colWidth - labelWidth - PAD });
      });
      this.doc.y = y + h + PAD;
    }
  }

  /** A cell's width: its column's, or the whole table's for a row of one cell (a note under an item). */
  private cellWidth(columns: readonly Column[], cells: readonly Cell[], i: number): number {
    return cells.length === 1 ? this.width : columns[i]!.share * this.width;
  }

  private textWidth(columns: readonly Column[], cells: readonly Cell[], style: RowStyle, i: number): number {
    return this.cellWidth(columns, cells, i) - 2 * PAD - (i === 0 ? (style.indent ?? 0) : 0);
  }

  private rowHeight(columns: readonly Column[], cells: readonly Cell[], style: RowStyle): number {
    const heights = cells.map((c, i) => {
      this.font(c, style.size ?? 9);
      return this.doc.heightOfString(c.text || ' ', { width: this.textWidth(columns, cells, style, i) });
    });
    return Math.max(...heights) + 2 * PAD;
  }

  /** Draws a row; `h` is its height when the caller has measured it already (measuring wraps every cell). */
  private drawRow(columns: readonly Column[], cells: readonly Cell[], style: RowStyle, h = this.rowHeight(columns, cells, style)): void {
    const size = style.size ?? 9;
    const indent = style.indent ?? 0;
    this.ensure(h);
    const y = this.doc.y;
    if (style.band) this.doc.rect(MARGIN.left, y, this.width, h).fill(BAND);
    let x = MARGIN.left;
    cells.forEach((c, i) => {
      this.font(c, size);
      const dx = PAD + (i === 0 ? indent : 0);
      const align = cells.length === 1 ? 'left' : (columns[i]?.align ?? 'left');
      this.doc.text(c.text, x + dx, y + PAD, { width: this.textWidth(columns, cells, style, i), align });
      x += this.cellWidth(columns, cells, i);
    });
    this.doc.y = y + h;
    if (style.rule) {
      this.doc
        .moveTo(MARGIN.left, this.doc.y)
        .lineTo(MARGIN.left + this.width, this.doc.y)
        .lineWidth(0.4)
        .strokeColor(RULE)
        .stroke();
    }
  }

  /**
   * A table: its header, then `rows`, each kept whole on a page (the header comes again on the
   * next page). An array of rows is a group kept on one page (an item and its lines), unless it
   * is taller than a page.
   */
  table(columns: readonly Column[], header: readonly CellInput[], rows: readonly (TableRow | readonly TableRow[])[]): void {
    const headStyle: RowStyle = { rule: true, size: 8.5 };
    const headCells = header.map(cellOf).map((c) => ({ ...c, bold: true, muted: true }));
    const head = () => this.drawRow(columns, headCells, headStyle);
    this.ensure(40);
    head();
    this.repeatHeader = head;
    const room = this.limit - MARGIN.top - this.rowHeight(columns, headCells, headStyle);
    for (const entry of rows) {
      const group = ('cells' in entry ? [entry as TableRow] : (entry as readonly TableRow[])).map((r) => {
        const cells = r.cells.map(cellOf);
        const style = r.style ?? {};
        return { cells, style, height: this.rowHeight(columns, cells, style) };
      });
      const height = group.reduce((a, r) => a + r.height, 0);
      if (height <= room) this.ensure(height);
      for (const r of group) this.drawRow(columns, r.cells, r.style, r.height);
    }
    this.repeatHeader = null;
    this.doc.y += 4;
  }

  /** Writes the footer on every page ("page x / y" and `note`) and answers the file. */
  async finish(footer: (page: number, pages: number) => string): Promise<Buffer> {
    const { start, count } = this.doc.bufferedPageRange();
    for (let i = start; i < start + count; i++) {
      this.doc.switchToPage(i);
      // Writing inside the bottom margin would start a new page: lift the margin while writing there.
      this.doc.page.margins.bottom = 0;
      this.font({ text: '', muted: true }, 7.5);
      this.doc.text(footer(i - start + 1, count), MARGIN.left, this.doc.page.height - MARGIN.bottom + 18, {
        width: this.width,
        align: 'center',
        lineBreak: false,
      });
      this.doc.page.margins.bottom = MARGIN.bottom;
    }
    this.doc.end();
    await this.ended;
    return Buffer.concat(this.chunks);
  }
}
