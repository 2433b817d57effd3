// Vitest global setup of the PostgreSQL suite: one throwaway cluster for the run. Its URL reaches
// the test workers through TEST_DATABASE_URL (they are started after this and inherit the env).
// An outside server can be used instead by setting TEST_DATABASE_URL before the run.
import { startPgCluster } from './pg-cluster.ts';

export default async function setup(): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) return () => undefined;
  const cluster = await startPgCluster({ durable: false });
  process.env.TEST_DATABASE_URL = cluster.url;
  return () => cluster.destroy();
}
