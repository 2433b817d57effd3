// What the business code reports for /metrics (plugins/metrics.ts), over node:diagnostics_channel:
// the import, the close and the answer cache stay free of prom-client, and publishing costs
// nothing while no app with metrics listens. Events carry the database they ran on, so several
// apps in one process (the tests) each count only their own.
import diagnosticsChannel from 'node:diagnostics_channel';

/** The database a run or look-up used, compared by identity only (lib/ imports nothing from db/). */
type DbIdentity = object;

export type RunKind = 'import' | 'close';

export interface RunObserved {
  db: DbIdentity;
  kind: RunKind;
  ok: boolean;
  seconds: number;
}

export interface CacheLookupObserved {
  db: DbIdentity;
  hit: boolean;
}

interface Topic<E> {
  publish(event: E): void;
  /** Listens until the function it answers is called. */
  subscribe(listener: (event: E) => void): () => void;
}

function topic<E>(name: string): Topic<E> {
  const channel = diagnosticsChannel.channel(name);
  return {
    publish(event) {
      if (channel.hasSubscribers) channel.publish(event);
    },
    subscribe(listener) {
      const onMessage = (message: unknown) => listener(message as E);
      channel.subscribe(onMessage);
      return () => void channel.unsubscribe(onMessage);
    },
  };
}

export const runs = topic<RunObserved>('abo:runs');
export const cacheLookups = topic<CacheLookupObserved>('abo:answer-cache');

/** Runs `run` and reports how long it took and whether it threw. */
export async function timedRun<T>(db: DbIdentity, kind: RunKind, run: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  let ok = false;
  try {
    const result = await run();
    ok = true;
    return result;
  } finally {
    runs.publish({ db, kind, ok, seconds: (performance.now() - t0) / 1000 });
  }
}
