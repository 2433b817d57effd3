// `npm run backup -- --out backups/inquiry-2026-11-21.sqlite [--data-dir ./data] [--force]`
// `npm run restore -- --from backups/inquiry-2026-11-21.sqlite [--data-dir ./data] [--force]`
// Backup is online (safe while the server runs); restore needs the server stopped, checks the
// file is a sound database of this app, keeps the replaced one and swaps atomically.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sqlitePath } from '../db/index.ts';
import { BackupError, backupDatabase, restoreDatabase, type DatabaseSummary } from '../db/backup.ts';

const USAGE = `Usage:
  npm run backup -- --out FILE [--data-dir DIR] [--force]
      copies the live database (safe while the server runs) into FILE
  npm run restore -- --from FILE [--data-dir DIR] [--force]
      replaces DIR's database with the backup FILE (stop the server first;
      --force to replace an existing database, which is kept as a .pre-restore copy)
  --data-dir DIR   where inquiry.sqlite lives (default DATA_DIR, ./data)`;

function usage(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
const describe = (s: DatabaseSummary) =>
  `${s.distributors.toLocaleString('en-US')} distributors, ${mib(s.bytes)}, migrations up to ${s.migrations.at(-1)}`;

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  let values;
  try {
    ({ values } = parseArgs({
      args: rest,
      options: {
        out: { type: 'string' },
        from: { type: 'string' },
        'data-dir': { type: 'string' },
        force: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (err) {
    usage(err instanceof Error ? err.message : String(err));
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (process.env['DATABASE_URL']) {
    usage(
      'DATABASE_URL is set: this command copies the embedded SQLite file. Back up PostgreSQL with its own tools,\n' +
        '  e.g. pg_dump -Fc "$DATABASE_URL" > inquiry.dump   and   pg_restore --clean -d "$DATABASE_URL" inquiry.dump',
    );
  }
  // npm runs workspace scripts inside apps/bff; relative paths mean the caller's directory.
  const base = process.env['INIT_CWD'] ?? process.cwd();
  const dataDir = path.resolve(base, values['data-dir'] ?? process.env['DATA_DIR'] ?? './data');
  const database = sqlitePath({ dataDir });
  const started = Date.now();

  if (command === 'backup') {
    if (!values.out) usage('backup needs --out FILE');
    const out = path.resolve(base, values.out);
    const summary = await backupDatabase(database, out, { force: values.force });
    console.log(`Backed up ${database}\n       to ${out}\n  ${describe(summary)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } else if (command === 'restore') {
    if (!values.from) usage('restore needs --from FILE');
    const from = path.resolve(base, values.from);
    const result = await restoreDatabase(from, database, { force: values.force });
    console.log(`Restored ${database}\n    from ${from}\n  ${describe(result)}`);
    if (result.previous) console.log(`  the replaced database is kept as ${result.previous}`);
  } else {
    usage(command ? `Unknown command ${command}` : 'Name a command: backup or restore');
  }
}

main().catch((err: unknown) => {
  if (err instanceof BackupError) {
    console.error(err.message);
    process.exit(1);
  }
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
