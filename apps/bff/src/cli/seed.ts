// `npm run seed -- --distributors 20000 --seed 42 [--today 2026-11-21] [--data-dir ./data] [--force]`
// Builds the demo database: a sponsorship tree, four PYs of monthly orders up to today, the
// month-by-month close by the plan engine, statements, pins, plan results and reference data.
// With DATABASE_URL set it seeds that PostgreSQL database instead of the SQLite file.
// The command is in commands/seed.ts (its tests run it in-process).
import { runCli } from './io.ts';
import { main } from './commands/seed.ts';

runCli(main);
