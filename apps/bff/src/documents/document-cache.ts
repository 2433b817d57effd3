// Rendered statements of closed months, kept in memory: a closed month's statement never changes
// while the data version stays (db/data-version.ts), and it is the document scripts and pages ask
// for again and again. An open (provisional) month is never kept: its figures move with each
// import. Bounded by bytes, least recently used first out.

export class DocumentCache {
  private readonly files = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): Buffer | undefined {
    const body = this.files.get(key);
    if (body) {
      // Most recently used last: Map keeps insertion order.
      this.files.delete(key);
      this.files.set(key, body);
    }
    return body;
  }

  put(key: string, body: Buffer): void {
    if (body.length > this.maxBytes) return;
    this.drop(key);
    while (this.bytes + body.length > this.maxBytes) {
      const oldest = this.files.keys().next();
      if (oldest.done) break;
      this.drop(oldest.value);
    }
    this.files.set(key, body);
    this.bytes += body.length;
  }

  private drop(key: string): void {
    const body = this.files.get(key);
    if (!body) return;
    this.files.delete(key);
    this.bytes -= body.length;
  }
}
