// The messages between the live feed and its worker thread (live-worker.ts).
import type { TickResult } from './live-feed.ts';

export interface LiveWorkerData {
  /** The environment the worker loads its configuration from (the server's own). */
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly seed?: number;
}

export type WorkerRequest = { readonly tick: number } | { readonly stop: true };

export type WorkerReply =
  | { readonly log: { readonly level: 'info' | 'error'; readonly obj: unknown; readonly msg: string | undefined } }
  | { readonly done: number; readonly result: TickResult }
  | { readonly failed: number; readonly message: string };
