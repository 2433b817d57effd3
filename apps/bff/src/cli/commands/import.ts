// `npm run import -- --dir DIR [--replace] [--no-close] [--data-dir DIR]` (docs/data-import.md):
// checks a company's distributors.csv, orders.csv and attendance.csv and writes them, all or
// nothing, then closes every complete month before today and recomputes the open month (the
// close writes nothing when nothing is new), so one import is enough to browse. With
// DATABASE_URL set it imports into that PostgreSQL database instead of the SQLite file.
import { closeMonths, CloseConflictError, CloseRefusedError } from '../../close/close.ts';
import { formatCloseSummary } from '../../close/summary-line.ts';
import { loadConfig } from '../../config.ts';
import { closeDatabase, migrateToLatest, openDatabase } from '../../db/index.ts';
import { chinaDay } from '../../import/fields.ts';
import { ImportConflictError, importDirectory, ImportUsageError } from '../../import/import.ts';
import { formatSummary } from '../../import/summary.ts';
import { ImportRejected } from '../../import/issues.ts';
import { progressPrinter } from '../../seed/progress.ts';
import { callerDataDir, callerPath, command, line, usage } from '../io.ts';

const USAGE = `Usage: npm run import -- --dir DIR [--replace] [--no-close]
  --dir DIR        folder with distributors.csv, orders.csv and/or attendance.csv (docs/data-import.md)
  --replace        the files are the whole dataset: distributors, orders, attendance and everything
                   derived from them are replaced (staff sign-in accounts stay)
  --no-close       do not close the complete months afterwards (loading history in several
                   folders: a closed month takes no more orders); run npm run close after the last
  --data-dir DIR   where inquiry.sqlite is (default DATA_DIR, ./data)
Checks every row first and writes nothing if one is wrong, then closes every complete month before
today and recomputes the open one. Uses DATABASE_URL, else the SQLite file. Nothing may be dated
after today in China (INQUIRY_TODAY or the clock).`;

export const main = command(
  USAGE,
  {
    options: {
      dir: { type: 'string' },
      replace: { type: 'boolean', default: false },
      'no-close': { type: 'boolean', default: false },
      'data-dir': { type: 'string' },
    },
  },
  async ({ values }, io) => {
    if (!values.dir) usage('Name the folder to import with --dir');
    const dir = callerPath(io, values.dir);
    const config = loadConfig({
      ...io.env,
      DATA_DIR: callerDataDir(io, values['data-dir']),
    });
    const db = openDatabase(config);
    const today = chinaDay(config.today());
    // A bar per phase on a terminal; logs and pipes get the summary lines only.
    const progress = io.stdout.isTTY ? { progress: progressPrinter(io.stdout) } : {};
    try {
      await migrateToLatest(db);
      const summary = await importDirectory(db, { dir, replace: values.replace, today, ...progress });
      line(io.stdout, formatSummary(summary));
      if (values['no-close']) return 0;
      // Also after an import that changed nothing: the month may have turned since the last close.
      line(io.stdout, formatCloseSummary(await closeMonths(db, { today, ...progress })));
    } catch (err) {
      if (err instanceof ImportUsageError) usage(err.message);
      if (err instanceof ImportRejected || err instanceof ImportConflictError) {
        line(io.stderr, err.message);
        return 1;
      }
      if (err instanceof CloseRefusedError || err instanceof CloseConflictError) {
        line(io.stderr, `imported, but the close refused: ${err.message}`);
        return 1;
      }
      throw err;
    } finally {
      await closeDatabase(db);
    }
    return 0;
  },
);
