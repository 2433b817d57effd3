// How a document file is answered: its headers, and the files rendered when their link was made,
// kept until the link is opened.

/** A rendered document (documents/render.ts). */
export interface RenderedFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

const isPdf = (contentType: string) => /^application\/pdf\b/i.test(contentType);
const isImage = (contentType: string) => /^image\//i.test(contentType);

/**
 * Content-Disposition with a plain ASCII name for old clients and the real (Chinese) one as
 * RFC 5987 `filename*`. PDFs and page images are `inline`, so WeChat's and the app's webviews
 * show them (a webview drops what it is told to download); spreadsheets are attachments.
 */
export function contentDisposition(file: Pick<RenderedFile, 'fileName' | 'contentType'>): string {
  const kind = isPdf(file.contentType) || isImage(file.contentType) ? 'inline' : 'attachment';
  const fallback = file.fileName.replace(/[^\x20-\x7e]|["\\/%]/g, '_');
  // encodeURIComponent leaves ' ( ) * unescaped, which RFC 5987's attr-char does not allow.
  const encoded = encodeURIComponent(file.fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * The answer's Content-Security-Policy: the app's, except that a PDF may be shown. Chrome shows
 * a PDF through an <embed> in a document it makes up, which `object-src 'none'` blocks ("This
 * content is blocked"); the PDF's own origin is allowed instead. Everything else stays as strict.
 */
export function fileCsp(appCsp: string, contentType: string): string {
  return isPdf(contentType) ? appCsp.replace(/object-src 'none'/, "object-src 'self'") : appCsp;
}

/**
 * The files rendered when their links were made, for the open that follows (usually within
 * seconds, and on the same process): the file is rendered once, not twice. At most `maxBytes`
 * are kept, the oldest going first; a file not here (another process made the link, or it was
 * pushed out) is rendered again from the link's request.
 */
export class RenderedFiles {
  private readonly files = new Map<string, { file: RenderedFile; expiresAt: number }>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get size(): number {
    return this.files.size;
  }

  put(key: string, file: RenderedFile, expiresAt: number, now: number): void {
    if (file.body.length > this.maxBytes) return;
    for (const [k, v] of this.files) if (v.expiresAt <= now) this.drop(k);
    while (this.bytes + file.body.length > this.maxBytes) {
      const oldest = this.files.keys().next();
      if (oldest.done) break;
      this.drop(oldest.value);
    }
    this.files.set(key, { file, expiresAt });
    this.bytes += file.body.length;
  }

  /** The file kept for `key`, removed: a link is opened once. */
  take(key: string, now: number): RenderedFile | undefined {
    const entry = this.files.get(key);
    if (!entry) return undefined;
    this.drop(key);
    return entry.expiresAt > now ? entry.file : undefined;
  }

  private drop(key: string): void {
    const entry = this.files.get(key);
    if (!entry) return;
    this.files.delete(key);
    this.bytes -= entry.file.body.length;
  }
}
