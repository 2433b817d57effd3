// `npm run import -- --dir DIR [--replace] [--no-close] [--data-dir DIR]` (docs/data-import.md):
// checks a company's distributors.csv, orders.csv and attendance.csv and writes them, all or
// nothing, then closes every complete month before today and recomputes the open month (the
// close writes nothing when nothing is new), so one import is enough to browse. With
// DATABASE_URL set it imports into that PostgreSQL database instead of the SQLite file.
// The command is in commands/import.ts (its tests run it in-process).
import { runCli } from './io.ts';
import { main } from './commands/import.ts';

runCli(main);
