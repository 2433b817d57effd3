import { describe, expect, it } from 'vitest';
import { contentDisposition, fileCsp, RenderedFiles, type RenderedFile } from './file-answer.ts';

const pdf = 'application/pdf';
const file = (bytes: number): RenderedFile => ({ fileName: 'f.pdf', contentType: pdf, body: Buffer.alloc(bytes) });

describe('contentDisposition', () => {
  it('shows PDFs inline and downloads spreadsheets', () => {
    expect(contentDisposition({ fileName: 'statement-2026-10.pdf', contentType: pdf })).toBe(
      `inline; filename="statement-2026-10.pdf"; filename*=UTF-8''statement-2026-10.pdf`,
    );
    expect(contentDisposition({ fileName: 'income.csv', contentType: 'text/csv; charset=utf-8' })).toMatch(/^attachment; /);
    expect(contentDisposition({ fileName: 'income.xlsx', contentType: 'application/vnd.ms-excel' })).toMatch(/^attachment; /);
  });

  it('gives a Chinese name as RFC 5987 filename* and an ASCII stand-in, and nothing that breaks the header', () => {
    expect(contentDisposition({ fileName: '2026年10月 服务费结单.pdf', contentType: pdf })).toBe(
      `inline; filename="2026_10_ _____.pdf"; filename*=UTF-8''2026%E5%B9%B410%E6%9C%88%20%E6%9C%8D%E5%8A%A1%E8%B4%B9%E7%BB%93%E5%8D%95.pdf`,
    );
    const odd = contentDisposition({ fileName: `a"b\\c/d%e'(f)*\r\nSet-Cookie: x=1.pdf`, contentType: pdf });
    expect(odd).not.toMatch(/[\r\n]/);
    expect(odd).toBe(
      `inline; filename="a_b_c_d_e'(f)*__Set-Cookie: x=1.pdf"; filename*=UTF-8''a%22b%5Cc%2Fd%25e%27%28f%29%2A%0D%0ASet-Cookie%3A%20x%3D1.pdf`,
    );
  });
});

describe('fileCsp', () => {
  const app = "default-src 'self'; object-src 'none'; frame-ancestors 'self'";
  it("lets the browser's viewer show a PDF, and changes nothing for other files", () => {
    expect(fileCsp(app, pdf)).toBe("default-src 'self'; object-src 'self'; frame-ancestors 'self'");
    expect(fileCsp(app, 'text/csv')).toBe(app);
  });
});

describe('RenderedFiles', () => {
  it('hands a file out once, and not after its link expired', () => {
    const files = new RenderedFiles(100);
    files.put('a', file(10), 1000, 0);
    files.put('b', file(10), 1000, 0);
    expect(files.take('a', 999)?.body.length).toBe(10);
    expect(files.take('a', 999)).toBeUndefined();
    expect(files.take('b', 1000)).toBeUndefined();
    expect(files.size).toBe(0);
  });

  it('keeps at most its bytes, dropping expired files first and then the oldest', () => {
    const files = new RenderedFiles(100);
    files.put('old', file(40), 5000, 0);
    files.put('expires', file(40), 10, 0);
    files.put('new', file(40), 5000, 20);
    expect(files.size).toBe(2);
    expect(files.take('expires', 20)).toBeUndefined();
    files.put('newer', file(70), 5000, 30);
    expect(files.take('old', 30)).toBeUndefined();
    expect(files.take('new', 30)).toBeUndefined();
    expect(files.take('newer', 30)?.body.length).toBe(70);
    files.put('huge', file(101), 5000, 30);
    expect(files.size).toBe(0);
  });
});
