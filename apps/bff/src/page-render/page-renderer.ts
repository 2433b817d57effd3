// The server thread's side of the first page's render (issue #36): one worker thread
// (page-render-worker.ts) renders pages one at a time with the web app's own modules; each call a
// page makes comes back here and is answered by `answer` (the BFF, in-process). A render that is
// not done within its time, or that would wait behind others, is not made: the page then goes out
// as before (index.html's placeholder), so a slow render never holds a page back.
import fs from 'node:fs';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../lib/worker-thread.ts';
import type { RenderResult } from '@abo/contract/page-render';
import type { FromRenderWorker, RenderJob, ToRenderWorker } from './page-render-messages.ts';

/** Written by the web build (apps/web/package.json, `vite build --ssr`), inside WEB_DIST. */
export const RENDER_BUNDLE = '.ssr/render-page.mjs';

export interface PageCall {
  path: string;
  headers: Record<string, string>;
  body: string;
}
export interface PageAnswer {
  status: number;
  body: string;
}

export interface PageRenderer {
  /** Starts the render thread now rather than at the first page (the server does, as it starts). */
  warm(): void;
  /** The page's markup, answering its calls with `answer`; or why not, within `ms`. */
  render(job: Omit<RenderJob, 'id'>, answer: (call: PageCall) => Promise<PageAnswer>, ms: number): Promise<RenderResult>;
  close(): Promise<void>;
}

/** Renders that may wait behind the one being made: past that a page goes out unrendered. */
const WAITING_MAX = 2;

interface Pending {
  answer: (call: PageCall) => Promise<PageAnswer>;
  done: (outcome: RenderResult) => void;
}

/**
 * The page renderer when the web build has the render bundle (null otherwise: pages go out as
 * before). Its thread starts with `warm` or the first page, and loads jsdom and the bundle (~1.5 s)
 * before its first render; until then pages go out unrendered.
 */
export function createPageRenderer(webDist: string, onBroken: (message: string) => void): PageRenderer | null {
  const bundle = path.join(webDist, RENDER_BUNDLE);
  if (!fs.existsSync(bundle)) return null;
  let worker: Worker | null = null;
  let ready = false;
  let broken = false;
  let nextJob = 0;
  // In the order sent: the thread renders them in that order, so a call is the oldest one's.
  const pending = new Map<number, Pending>();
  const send = (message: ToRenderWorker) => worker?.postMessage(message);
  const fail = (message: string) => {
    if (broken) return;
    broken = true;
    for (const job of pending.values()) job.done({ html: null, reason: 'renderer stopped' });
    pending.clear();
    onBroken(message);
  };

  const onMessage = (message: FromRenderWorker) => {
    if (message.kind === 'ready') ready = true;
    else if (message.kind === 'broken') fail(message.message);
    else if (message.kind === 'call') {
      const current = pending.values().next().value;
      const reply = (a: PageAnswer) => send({ kind: 'answer', id: message.id, ...a });
      if (!current) reply({ status: 503, body: '' });
      else current.answer(message).then(reply, () => reply({ status: 500, body: '' }));
    } else {
      const { kind: _done, job, ...result } = message;
      pending.get(job)?.done(result);
      pending.delete(job);
    }
  };
  const warm = () => {
    if (worker || broken) return;
    worker = startWorker(new URL('./page-render-worker.ts', import.meta.url), 'page-render-worker', { bundle });
    // It serves requests while the server runs; it does not keep a process alive by itself.
    worker.unref();
    worker.on('message', onMessage);
    worker.on('error', (err) => fail(String(err)));
    worker.on('exit', (code) => fail(`render thread exited (${code})`));
  };

  return {
    warm,
    render(job, answer, ms) {
      warm();
      if (broken) return Promise.resolve({ html: null, reason: 'renderer stopped' });
      if (!ready) return Promise.resolve({ html: null, reason: 'renderer starting' });
      if (pending.size > WAITING_MAX) return Promise.resolve({ html: null, reason: 'renderer busy' });
      const id = nextJob++;
      return new Promise<RenderResult>((resolve) => {
        let settled = false;
        const once = (outcome: RenderResult) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve(outcome);
        };
        // Past its time the page goes out without; the thread still finishes it (its calls answered).
        const timer = setTimeout(() => once({ html: null, reason: 'render late' }), ms);
        pending.set(id, { answer, done: once });
        send({ kind: 'render', job: { ...job, id } });
      });
    },
    async close() {
      broken = true;
      await worker?.terminate();
    },
  };
}
