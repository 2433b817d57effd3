// What the server thread (page-renderer.ts) and the page render thread (page-render-worker.ts) say.
import type { RenderRequest, RenderResult } from '@abo/contract/page-render';

export interface RenderJob extends RenderRequest {
  id: number;
  userAgent: string;
  /** The browser's canary cookie (its calls' x-am-canary header, docs/contract.md §7), '' for none. */
  canaryCookie: string;
}

export type ToRenderWorker =
  | { kind: 'render'; job: RenderJob }
  /** The answer to a call of the page being rendered: the BFF's status and JSON body. */
  | { kind: 'answer'; id: number; status: number; body: string };

export type FromRenderWorker =
  | { kind: 'ready' }
  | { kind: 'broken'; message: string }
  /** One of the page's calls (a POST of the contract's, as lib/api-client.ts sends it). */
  | { kind: 'call'; id: number; path: string; headers: Record<string, string>; body: string }
  | ({ kind: 'done'; job: number } & RenderResult);
