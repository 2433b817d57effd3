// `npm run backup -- --out backups/inquiry-2026-11-21.sqlite [--data-dir ./data] [--force]`
// `npm run restore -- --from backups/inquiry-2026-11-21.sqlite [--data-dir ./data] [--force]`
// Backup is online (safe while the server runs); restore needs the server stopped, checks the
// file is a sound database of this app, keeps the replaced one and swaps atomically.
import { sqlitePath } from '../../db/index.ts';
import { BackupError, backupDatabase, restoreDatabase, type DatabaseSummary } from '../../db/backup.ts';
import { callerDataDir, callerPath, line, parseCommand, usage, withUsage, type CliIo } from '../io.ts';

const USAGE = `Usage:
  npm run backup -- --out FILE [--data-dir DIR] [--force]
      copies the live database (safe while the server runs) into FILE
  npm run restore -- --from FILE [--data-dir DIR] [--force]
      replaces DIR's database with the backup FILE (stop the server first;
      --force to replace an existing database, which is kept as a .pre-restore copy)
  --data-dir DIR   where inquiry.sqlite lives (default DATA_DIR, ./data)`;

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
const describe = (s: DatabaseSummary) =>
  `${s.distributors.toLocaleString('en-US')} distributors, ${mib(s.bytes)}, migrations up to ${s.migrations.at(-1)}`;

async function run(argv: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  const parsed = parseCommand(
    {
      args: rest,
      options: {
        out: { type: 'string' },
        from: { type: 'string' },
        'data-dir': { type: 'string' },
        force: { type: 'boolean', default: false },
      },
    },
    USAGE,
    io,
  );
  if (!parsed) return 0;
  const { values } = parsed;
  if (io.env['DATABASE_URL']) {
    usage(
      'DATABASE_URL is set: this command copies the embedded SQLite file. Back up PostgreSQL with its own tools,\n' +
        '  e.g. pg_dump -Fc "$DATABASE_URL" > inquiry.dump   and   pg_restore --clean -d "$DATABASE_URL" inquiry.dump',
    );
  }
  const dataDir = callerDataDir(io, values['data-dir']);
  const database = sqlitePath({ dataDir });
  const started = Date.now();

  if (command === 'backup') {
    if (!values.out) usage('backup needs --out FILE');
    const out = callerPath(io, values.out);
    const summary = await backupDatabase(database, out, { force: values.force });
    line(io.stdout, `Backed up ${database}\n       to ${out}\n  ${describe(summary)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } else if (command === 'restore') {
    if (!values.from) usage('restore needs --from FILE');
    const from = callerPath(io, values.from);
    const result = await restoreDatabase(from, database, { force: values.force });
    line(io.stdout, `Restored ${database}\n    from ${from}\n  ${describe(result)}`);
    if (result.previous) line(io.stdout, `  the replaced database is kept as ${result.previous}`);
  } else {
    usage(command ? `Unknown command ${command}` : 'Name a command: backup or restore');
  }
  return 0;
}

/** The command, with a refusal (BackupError) answered in one line and exit code 1. */
export async function main(argv: string[], io: CliIo): Promise<number> {
  try {
    return await withUsage(USAGE, io, () => run(argv, io));
  } catch (err) {
    if (!(err instanceof BackupError)) throw err;
    line(io.stderr, err.message);
    return 1;
  }
}
