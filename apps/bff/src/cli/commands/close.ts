// `npm run close -- [--through YYYY-MM] [--all] [--data-dir DIR]` (docs/data-import.md): the month close
// of imported data: closes every complete month up to --through with the plan engine, recomputes
// the open month, and writes nothing when nothing is new. With DATABASE_URL set it closes that
// PostgreSQL database instead of the SQLite file.
import { closeMonths, CloseConflictError, CloseRefusedError, CloseUsageError } from '../../close/close.ts';
import { formatCloseSummary } from '../../close/summary-line.ts';
import { loadConfig } from '../../config.ts';
import { closeDatabase, migrateToLatest, openDatabase } from '../../db/index.ts';
import { chinaDay } from '../../import/fields.ts';
import { progressPrinter } from '../../seed/progress.ts';
import { callerDataDir, command, line, usage } from '../io.ts';

const USAGE = `Usage: npm run close -- [--through YYYY-MM] [--all]
  --through YYYY-MM  close every complete month up to this one (default: the month before today's)
  --all              run the engine from the first month with an order, not from the state the
                     last close saved after the last closed month, and rewrite even when nothing is new
  --data-dir DIR     where inquiry.sqlite is (default DATA_DIR, ./data)
Computes monthly results, pins, statements and plan results from the imported distributors,
orders and attendance; the month of today (INQUIRY_TODAY or the clock, in China) is never
closed: its figures so far are written as provisional. Uses DATABASE_URL, else the SQLite file.`;

export const main = command(
  USAGE,
  {
    options: {
      through: { type: 'string' },
      all: { type: 'boolean', default: false },
      'data-dir': { type: 'string' },
    },
  },
  async ({ values }, io) => {
    const config = loadConfig({
      ...io.env,
      DATA_DIR: callerDataDir(io, values['data-dir']),
    });
    const db = openDatabase(config);
    try {
      await migrateToLatest(db);
      const summary = await closeMonths(db, {
        today: chinaDay(config.today()),
        ...(values.through !== undefined ? { through: values.through } : {}),
        ...(values.all ? { all: true } : {}),
        ...(io.stdout.isTTY ? { progress: progressPrinter(io.stdout) } : {}),
      });
      line(io.stdout, formatCloseSummary(summary));
    } catch (err) {
      if (err instanceof CloseUsageError) usage(err.message);
      if (err instanceof CloseRefusedError || err instanceof CloseConflictError) {
        line(io.stderr, `close refused: ${err.message}`);
        return 1;
      }
      throw err;
    } finally {
      await closeDatabase(db);
    }
    return 0;
  },
);
