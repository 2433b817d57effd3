// Worker thread: renders a first page's markup with the web app's own modules (issue #36,
// apps/web/src/ssr/render-page.tsx, built into WEB_DIST/.ssr). Those modules are browser code:
// they read the window, the session storage and the address as they load and as they render, so
// this thread's globals are a jsdom window's, kept apart from the server's. The app's calls do not
// leave the thread as requests: each goes to the server thread (page-renderer.ts), which answers
// it in-process as the BFF answers the browser. One page at a time: the storage, the query cache
// and the language belong to the page being rendered.
import { parentPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { JSDOM } from 'jsdom';
import type { RenderRequest, RenderResult } from '@abo/contract/page-render';
import type { FromRenderWorker, RenderJob, ToRenderWorker } from './page-render-messages.ts';

const port = parentPort;
if (!port) throw new Error('page-render-worker must run as a worker thread');
const { bundle } = workerData as { bundle: string };

const dom = new JSDOM('<!doctype html><html><head></head><body><div id="root"></div></body></html>', {
  url: 'http://localhost/front/',
  pretendToBeVisual: true,
});
const w = dom.window;
let userAgent = w.navigator.userAgent;
Object.defineProperty(w.navigator, 'userAgent', { get: () => userAgent, configurable: true });
// What the app's modules read as browser globals (a page's module may read any of them as it loads).
const BROWSER_GLOBALS = [
  'window',
  'self',
  'document',
  'navigator',
  'location',
  'history',
  'sessionStorage',
  'localStorage',
  'matchMedia',
  'getComputedStyle',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'HTMLElement',
  'Element',
  'Node',
  'DocumentFragment',
  'MutationObserver',
  'ResizeObserver',
  'IntersectionObserver',
  'CustomEvent',
  'innerWidth',
  'innerHeight',
  'devicePixelRatio',
] as const;
for (const name of BROWSER_GLOBALS) {
  const value = name === 'window' || name === 'self' ? w : (w as unknown as Record<string, unknown>)[name];
  if (value !== undefined) Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
}

/** Calls of the page being rendered waiting for the server thread's answer, by id. */
const calls = new Map<number, (answer: { status: number; body: string }) => void>();
let nextCall = 0;
const ask = (url: URL, init: RequestInit): Promise<Response> => {
  const id = nextCall++;
  const headers = Object.fromEntries(new Headers(init.headers).entries());
  const body = typeof init.body === 'string' ? init.body : '';
  return new Promise((resolve) => {
    calls.set(id, ({ status, body: text }) =>
      resolve(new Response(text, { status, headers: { 'content-type': 'application/json; charset=utf-8' } })),
    );
    port.postMessage({ kind: 'call', id, path: url.pathname + url.search, headers, body } satisfies FromRenderWorker);
  });
};
// lib/api-client.ts asks this before fetching (in the browser, index.html's starter answers it).
(w as unknown as { __aboEarly: typeof ask }).__aboEarly = ask;

/** The web build's render bundle (apps/web/src/ssr/render-page.tsx). */
type RenderModule = { renderPage(request: RenderRequest): Promise<RenderResult> };
const loaded: Promise<RenderModule> = import(pathToFileURL(bundle).href);
void loaded.then(
  () => port.postMessage({ kind: 'ready' } satisfies FromRenderWorker),
  (err: unknown) => port.postMessage({ kind: 'broken', message: String(err) } satisfies FromRenderWorker),
);

const jobs: RenderJob[] = [];
let running = false;
async function drain(): Promise<void> {
  if (running) return;
  running = true;
  try {
    const { renderPage } = await loaded;
    for (let job = jobs.shift(); job; job = jobs.shift()) {
      dom.reconfigure({ url: job.url });
      userAgent = job.userAgent;
      w.localStorage.clear();
      w.document.cookie = job.canaryCookie ? `canary=${job.canaryCookie}` : 'canary=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
      try {
        const result = await renderPage(job);
        port!.postMessage({ kind: 'done', job: job.id, ...result } satisfies FromRenderWorker);
      } catch (err) {
        port!.postMessage({ kind: 'done', job: job.id, html: null, reason: String(err) } satisfies FromRenderWorker);
      }
    }
  } finally {
    running = false;
  }
}

port.on('message', (message: ToRenderWorker) => {
  if (message.kind === 'answer') {
    calls.get(message.id)?.(message);
    calls.delete(message.id);
    return;
  }
  jobs.push(message.job);
  void drain();
});
