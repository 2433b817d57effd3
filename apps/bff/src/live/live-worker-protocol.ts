// The messages between the live feed and its worker thread (live-worker.ts), and what a tick gives.
import type { CloseSummary } from '../close/close.ts';

/** One generated order, as it goes into orders.csv. */
export interface LiveOrder {
  readonly orderId: string;
  readonly ada: string;
  /** `YYYY-MM-DDTHH:MM:SS`, China time. */
  readonly orderedAt: string;
  readonly pv: number;
  readonly customerId: string | null;
}

export type TickResult =
  | { readonly kind: 'fed'; readonly orders: readonly LiveOrder[]; readonly close: CloseSummary; readonly seconds: number }
  /** The database holds no orders to draw buyers from. */
  | { readonly kind: 'idle' }
  /** stop() came before the tick wrote anything. */
  | { readonly kind: 'stopped' };

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
