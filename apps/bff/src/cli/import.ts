// `npm run import -- --dir DIR [--replace] [--data-dir DIR]` (docs/data-import.md): checks a
// company's distributors.csv, orders.csv and attendance.csv and writes them, all or nothing.
// With DATABASE_URL set it imports into that PostgreSQL database instead of the SQLite file.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { closeDatabase, migrateToLatest, openDatabase } from '../db/index.ts';
import { chinaDay } from '../import/fields.ts';
import { formatSummary, ImportConflictError, importDirectory, ImportUsageError } from '../import/import.ts';
import { ImportRejected } from '../import/issues.ts';
import { progressPrinter } from '../seed/progress.ts';

const USAGE = `Usage: npm run import -- --dir DIR [--replace]
  --dir DIR        folder with distributors.csv, orders.csv and/or attendance.csv (docs/data-import.md)
  --replace        the files are the whole dataset: distributors, orders, attendance and everything
                   derived from them are replaced (staff sign-in accounts stay)
  --data-dir DIR   where inquiry.sqlite is (default DATA_DIR, ./data)
Checks every row first and writes nothing if one is wrong. Uses DATABASE_URL, else the SQLite
file. Nothing may be dated after today in China (INQUIRY_TODAY or the clock).`;

function usage(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        dir: { type: 'string' },
        replace: { type: 'boolean', default: false },
        'data-dir': { type: 'string' },
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
  if (!values.dir) usage('Name the folder to import with --dir');
  // npm runs workspace scripts inside apps/bff; relative paths mean the caller's directory.
  const base = process.env['INIT_CWD'] ?? process.cwd();
  const dir = path.resolve(base, values.dir);
  const config = loadConfig({
    ...process.env,
    DATA_DIR: path.resolve(base, values['data-dir'] ?? process.env['DATA_DIR'] ?? './data'),
  });
  const db = openDatabase(config);
  try {
    await migrateToLatest(db);
    const summary = await importDirectory(db, {
      dir,
      replace: values.replace,
      today: chinaDay(config.today()),
      // A bar per phase on a terminal; logs and pipes get the summary line only.
      ...(process.stdout.isTTY ? { progress: progressPrinter() } : {}),
    });
    console.log(formatSummary(summary));
  } catch (err) {
    if (err instanceof ImportUsageError) usage(err.message);
    if (err instanceof ImportRejected || err instanceof ImportConflictError) {
      console.error(err.message);
      process.exitCode = 1;
      return;
    }
    throw err;
  } finally {
    await closeDatabase(db);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
