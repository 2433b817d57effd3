// `npm run close -- [--through YYYY-MM] [--all] [--data-dir DIR]` (docs/data-import.md): the month close
// of imported data: closes every complete month up to --through with the plan engine, recomputes
// the open month, and writes nothing when nothing is new. With DATABASE_URL set it closes that
// PostgreSQL database instead of the SQLite file.
// The command is in commands/close.ts (its tests run it in-process).
import { runCli } from './io.ts';
import { main } from './commands/close.ts';

runCli(main);
