// `npm run accounts -- list | add-staff NAME [--display-name TEXT] [--operator] | add-distributor ADA |
// set-role NAME service|operator | set-password NAME | remove NAME`
// Sign-in accounts for a real deployment: staff accounts (iinquiry, they read every distributor)
// are made here and nowhere else; so are embedded-IdP sign-ins of imported distributors. A password is typed twice on a terminal (not echoed), or read
// from the first line of standard input otherwise (`printf '%s\n' "$PW" | npm run accounts -- …`),
// never from the command line, where other users and the shell history would see it.
import { read } from 'read';
import { callerDataDir, command, line, usage, type CliIo } from '../io.ts';
import { loadConfig } from '../../config.ts';
import { closeDatabase, migrateToLatest, openDatabase } from '../../db/index.ts';
import {
  AccountError,
  addDistributor,
  addStaff,
  listStaff,
  MIN_PASSWORD_LENGTH,
  removeAccount,
  setPassword,
  setStaffRole,
  STAFF_ROLES,
  type StaffRole,
} from '../../idp/accounts.ts';

const USAGE = `Usage: npm run accounts -- <command>
  list                                 the staff accounts and their roles
  add-staff NAME [--display-name TEXT] [--operator]
                                       add a staff account (sign-in at /idp/okta/login): customer
                                       service, who look up distributors, or with --operator an
                                       operator, who loads the day's files (/front/operator) and
                                       exports the audit log but reads no distributor
  set-role NAME service|operator       change a staff account's role (from its next request)
  add-distributor ADA                  a sign-in for a distributor in the database (the embedded
                                       IdP's distributor sign-in; not needed with IDP_JWKS_URL)
  set-password NAME                    give any account a new password
  remove NAME                          remove a staff account
Passwords: at least ${MIN_PASSWORD_LENGTH} characters, typed twice on a terminal or the first line of standard input.
Uses DATABASE_URL, else the SQLite file in DATA_DIR (default ./data).`;

async function readPassword(stdin: CliIo['stdin']): Promise<string> {
  if (!stdin) return '';
  if (stdin.isTTY) {
    const first = await read({ prompt: 'New password: ', silent: true, replace: '*' });
    const second = await read({ prompt: 'Again: ', silent: true, replace: '*' });
    if (first !== second) throw new AccountError('the two passwords differ');
    return first;
  }
  let input = '';
  for await (const chunk of stdin) input += String(chunk);
  return input.split(/\r?\n/)[0] ?? '';
}

export const main = command(
  USAGE,
  {
    allowPositionals: true,
    options: {
      'display-name': { type: 'string' },
      operator: { type: 'boolean', default: false },
    },
  },
  async (parsed, io) => {
    const [command, name, ...rest] = parsed.positionals;
    const [role, ...extra] = command === 'set-role' ? rest : [undefined, ...rest];
    if (!command) usage('Name a command: list, add-staff, add-distributor, set-role, set-password or remove');
    if (command !== 'list' && !name) usage(`${command} needs an account name`);
    if (extra.length) usage(`Unexpected ${extra.join(' ')}`);
    if (command === 'set-role' && !STAFF_ROLES.includes(role as StaffRole)) usage(`set-role needs a role: ${STAFF_ROLES.join(' or ')}`);
    if (parsed.values.operator && command !== 'add-staff') usage('--operator goes with add-staff');

    const config = loadConfig({ ...io.env, DATA_DIR: callerDataDir(io) });
    const db = openDatabase(config);
    try {
      await migrateToLatest(db);
      if (command === 'list') {
        const staff = await listStaff(db);
        if (staff.length === 0) line(io.stdout, '  no staff accounts');
        for (const a of staff) line(io.stdout, `  ${a.username.padEnd(16)} ${(a.role || 'service').padEnd(9)} ${a.displayName}`);
      } else if (command === 'add-staff') {
        const staffRole: StaffRole = parsed.values.operator ? 'operator' : 'service';
        await addStaff(db, name!, await readPassword(io.stdin), parsed.values['display-name'] ?? name!, staffRole);
        line(
          io.stdout,
          staffRole === 'operator'
            ? `Added operator account ${name}. It signs in at /idp/okta/login and loads files at /front/operator.`
            : `Added staff account ${name}. It signs in at /idp/okta/login.`,
        );
      } else if (command === 'set-role') {
        await setStaffRole(db, name!, role as StaffRole);
        line(io.stdout, `${name} is ${role === 'operator' ? 'an operator' : 'customer service'} from its next request.`);
      } else if (command === 'add-distributor') {
        const { displayName } = await addDistributor(db, name!, await readPassword(io.stdin));
        line(io.stdout, `Added a sign-in for ${name} (${displayName}): they sign in at /front/ with ADA ${name} and this password.`);
      } else if (command === 'set-password') {
        await setPassword(db, name!, await readPassword(io.stdin));
        line(io.stdout, `New password set for ${name}.`);
      } else if (command === 'remove') {
        await removeAccount(db, name!);
        line(io.stdout, `Removed staff account ${name}.`);
      } else {
        usage(`Unknown command ${command}`);
      }
    } catch (err) {
      if (err instanceof AccountError) {
        line(io.stderr, `Not done: ${err.message}.`);
        return 1;
      }
      throw err;
    } finally {
      await closeDatabase(db);
    }
    return 0;
  },
);
