// `npm run accounts -- list | add-staff NAME [--display-name TEXT] | add-distributor ADA |
// set-password NAME | remove NAME`
// Sign-in accounts for a real deployment: staff accounts (iinquiry, they read every distributor)
// are made here and nowhere else; so are embedded-IdP sign-ins of imported distributors. A password is typed twice on a terminal (not echoed), or read
// from the first line of standard input otherwise (`printf '%s\n' "$PW" | npm run accounts -- …`),
// never from the command line, where other users and the shell history would see it.
// The command is in commands/accounts.ts (its tests run it in-process).
import { runCli } from './io.ts';
import { main } from './commands/accounts.ts';

runCli(main, { stack: false });
