// The adapters' HTTP client: node:http(s) over keep-alive connections. It answers the small
// part of fetch()'s Response the adapters read (global fetch fits the same type, and the tests
// pass one answered by inject()); Node 20's fetch spends about three times the CPU per request
// on its web streams, which is most of what a worker draining thousands of pushes a second does.
import http from 'node:http';
import https from 'node:https';

export interface HttpRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Aborts the request and the reading of its answer (AbortSignal.timeout). */
  signal?: AbortSignal;
}

export interface HttpAnswer {
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
  arrayBuffer(): Promise<unknown>;
}

export type Fetch = (url: string, init?: HttpRequest) => Promise<HttpAnswer>;

/** Connections kept open per service: at least the worker's sends in flight. */
const MAX_SOCKETS = 128;
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS }),
};

/** Answers are small JSON; anything bigger is not an answer of these services. */
const MAX_ANSWER_BYTES = 1 << 20;

export const httpFetch: Fetch = (url, init = {}) =>
  new Promise<HttpAnswer>((resolve, reject) => {
    const target = new URL(url);
    const client = target.protocol === 'https:' ? https : target.protocol === 'http:' ? http : null;
    if (!client) {
      reject(new TypeError(`unsupported protocol ${target.protocol}`));
      return;
    }
    const body = init.body === undefined ? undefined : Buffer.from(init.body);
    const headers: Record<string, string | number> = { ...init.headers };
    if (body) headers['content-length'] = body.length;
    const req = client.request(
      target,
      {
        method: init.method ?? 'GET',
        headers,
        agent: agents[target.protocol as keyof typeof agents],
        ...(init.signal ? { signal: init.signal } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        let ended = false;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) req.destroy(new Error('answer too large'));
          else chunks.push(chunk);
        });
        res.on('error', reject);
        res.on('end', () => {
          ended = true;
          const text = Buffer.concat(chunks).toString('utf8');
          const status = res.statusCode ?? 0;
          resolve({
            ok: status >= 200 && status < 300,
            status,
            json: async () => JSON.parse(text) as unknown,
            arrayBuffer: async () => Buffer.from(text),
          });
        });
        res.on('close', () => {
          if (!ended) reject(init.signal?.aborted ? init.signal.reason : new Error('the connection closed before the answer ended'));
        });
      },
    );
    req.on('error', (err) => reject(init.signal?.aborted ? init.signal.reason : err));
    req.end(body);
  });
