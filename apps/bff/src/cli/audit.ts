// `npm run audit -- export --from D --to D [--actor X] [--subject ADA] [--format csv|json] [--out FILE]`:
// the audit log's entries between two days (China time), as the operators' audit export answers
// them. The command is in commands/audit.ts (its tests run it in-process).
import { runCli } from './io.ts';
import { main } from './commands/audit.ts';

runCli(main);
