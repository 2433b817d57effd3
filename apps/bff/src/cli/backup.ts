// `npm run backup -- --out backups/inquiry-2026-11-21.sqlite [--data-dir ./data] [--force]`
// `npm run restore -- --from backups/inquiry-2026-11-21.sqlite [--data-dir ./data] [--force]`
// Backup is online (safe while the server runs); restore needs the server stopped, checks the
// file is a sound database of this app, keeps the replaced one and swaps atomically.
// The command is in commands/backup.ts (its tests run it in-process).
import { runCli } from './io.ts';
import { main } from './commands/backup.ts';

runCli(main);
