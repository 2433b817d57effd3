// A throwaway PostgreSQL cluster for tests and benches: initdb into a temp directory, pg_ctl on
// 127.0.0.1 and a free port, trust authentication, removed at the end. initdb and pg_ctl
// refuse to run as root, so as root they run as the `postgres` user (Debian's package makes
// it). Nothing here touches a system cluster.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface PgCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  /** Stops the server: 'fast' disconnects clients cleanly, 'immediate' is a crash. */
  stop(mode?: 'fast' | 'immediate'): void;
  /** Starts it again (after stop) on the same port and data. */
  start(): void;
  /** Stops the server if it runs and deletes the cluster. */
  destroy(): void;
}

/** Directory of initdb/pg_ctl: Debian's versioned directory (newest first), then PATH. */
export function findPgBin(): string | null {
  const debian = '/usr/lib/postgresql';
  if (fs.existsSync(debian)) {
    const versions = fs
      .readdirSync(debian)
      .filter((v) => fs.existsSync(path.join(debian, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(debian, versions[0], 'bin');
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl'))) return dir;
  }
  return null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL binary, as the postgres user when this process is root. */
function pgRun(bin: string, args: string[]): void {
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  const r = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (r.status !== 0) {
    throw new Error(`${path.basename(bin)} ${args[0] ?? ''} failed (${r.status}): ${(r.stderr || r.stdout || String(r.error)).trim()}`);
  }
}

/**
 * A server configured as one taking a company's bulk loads would be (README "PostgreSQL and more
 * than one process"), for the benches: the defaults (128 MB of buffers, a checkpoint per 1 GB of
 * WAL) suit a laptop.
 */
export const PG_BENCH_SETTINGS: readonly string[] = [
  'shared_buffers=2GB',
  'max_wal_size=16GB',
  'checkpoint_timeout=30min',
  'maintenance_work_mem=1GB',
];

export interface PgClusterOptions {
  port?: number;
  /**
   * false: no fsync and no synchronous commit, for test suites that throw the cluster away
   * (a stopped or killed server still keeps what it wrote: only a machine crash could lose it).
   * Benches keep the default, so their figures are a real server's.
   */
  durable?: boolean;
  /** More server settings (`name=value`), as a deployment's configuration would give (the benches). */
  settings?: readonly string[];
}

export async function startPgCluster(opts: PgClusterOptions = {}): Promise<PgCluster> {
  const bin = findPgBin();
  if (!bin) throw new Error('PostgreSQL server binaries (initdb, pg_ctl) not found: apt-get install -y postgresql');
  const port = opts.port ?? (await freePort());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abo-pg-'));
  if (asRoot) execFileSync('chown', ['postgres:postgres', dataDir]);
  const initdb = path.join(bin, 'initdb');
  const pgCtl = path.join(bin, 'pg_ctl');
  // C locale: byte-order text comparison, as SQLite compares, whatever the machine's locale.
  pgRun(initdb, ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const serverOpts = [
    `-p ${port}`,
    `-c listen_addresses=127.0.0.1`,
    `-c unix_socket_directories=${dataDir}`,
    `-c max_connections=200`,
    ...(opts.durable === false ? ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off'] : []),
    ...(opts.settings ?? []).map((s) => `-c ${s}`),
  ].join(' ');
  const start = () => pgRun(pgCtl, ['start', '-D', dataDir, '-w', '-t', '60', '-l', path.join(dataDir, 'server.log'), '-o', serverOpts]);
  let running = false;
  start();
  running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dataDir,
    stop(mode = 'fast') {
      pgRun(pgCtl, ['stop', '-D', dataDir, '-m', mode, '-w']);
      running = false;
    },
    start() {
      start();
      running = true;
    },
    destroy() {
      if (running) {
        try {
          pgRun(pgCtl, ['stop', '-D', dataDir, '-m', 'immediate', '-w']);
        } catch {
          /* already gone */
        }
        running = false;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// `npx tsx apps/bff/src/testing/pg-cluster.ts run -- <command…>`: runs the command with a
// throwaway cluster's URL in DATABASE_URL (and TEST_DATABASE_URL), then removes the cluster;
// exits with the command's status. npm test runs end-to-end specs on PostgreSQL this way. (Not
// when bundled into another program: import.meta.url is then that program's.)
const runAsCommand = import.meta.url.endsWith('/pg-cluster.ts') && process.argv[1];
if (runAsCommand && import.meta.url === new URL(`file://${path.resolve(runAsCommand)}`).href) {
  const [command, ...rest] = process.argv.slice(2);
  const argv = rest[0] === '--' ? rest.slice(1) : rest;
  if (command !== 'run' || argv.length === 0) {
    console.error('Usage: tsx apps/bff/src/testing/pg-cluster.ts run -- <command…>');
    process.exit(2);
  }
  const cluster = await startPgCluster({ durable: false });
  let status = 1;
  try {
    console.log(`PostgreSQL throwaway cluster at ${cluster.url}`);
    const r = spawnSync(argv[0]!, argv.slice(1), {
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: cluster.url, TEST_DATABASE_URL: cluster.url },
    });
    status = r.status ?? 1;
  } finally {
    cluster.destroy();
  }
  process.exit(status);
}
