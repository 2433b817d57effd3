// Sign-in accounts outside the demo: staff accounts are made by a command (cli/accounts.ts),
// never by a start, and a server outside demo mode refuses to run while a demo password is set.
import type { DB } from '../db/index.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts.ts';
import { accountsChanged } from './live-accounts.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

/** Passwords that were ever printed for anyone to read: the demo's and the test fixtures'. */
export const KNOWN_DEMO_PASSWORDS: readonly string[] = [DEMO_PASSWORD];

/** Staff names: a letter first, so a staff name is never taken for an ADA (digits). */
export const STAFF_NAME = /^[A-Za-z][A-Za-z0-9._-]{2,63}$/;
export const MIN_PASSWORD_LENGTH = 10;

export class AccountError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AccountError';
  }
}

/** Why a password may not be set for `username`, or null when it may. */
export function passwordProblem(username: string, password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `a password needs at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > 128) return 'a password has at most 128 characters';
  if (KNOWN_DEMO_PASSWORDS.includes(password)) return 'that is a published demo password';
  if (password.toLowerCase().includes(username.toLowerCase())) return 'a password may not contain the account name';
  return null;
}

/** What a staff account may do: customer service reads distributors, an operator loads the files (the import page). */
export const STAFF_ROLES = ['service', 'operator'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export interface AccountSummary {
  username: string;
  kind: string;
  displayName: string;
  role: string;
}

export async function listStaff(db: DB): Promise<AccountSummary[]> {
  const rows = await db
    .selectFrom('credentials')
    .select(['username', 'kind', 'display_name', 'role'])
    .where('kind', '=', 'staff')
    .orderBy('username')
    .execute();
  return rows.map((r) => ({ username: r.username, kind: r.kind, displayName: r.display_name, role: r.role }));
}

export async function addStaff(
  db: DB,
  username: string,
  password: string,
  displayName = username,
  role: StaffRole = 'service',
): Promise<void> {
  if (!STAFF_NAME.test(username)) throw new AccountError('a staff name is 3–64 letters, digits, ".", "_" or "-", starting with a letter');
  const problem = passwordProblem(username, password);
  if (problem) throw new AccountError(problem);
  const exists = await db.selectFrom('credentials').select('username').where('username', '=', username).executeTakeFirst();
  if (exists) throw new AccountError(`an account named ${username} exists already`);
  await db
    .insertInto('credentials')
    .values({
      username,
      ada: username,
      kind: 'staff',
      display_name: displayName.slice(0, 64),
      password_hash: await hashPassword(password),
      role,
    })
    .execute();
  // Processes that found no such account before read it again.
  await accountsChanged(db);
}

/** Makes a staff account customer service or an operator; takes effect at its next request, in every process. */
export async function setStaffRole(db: DB, username: string, role: StaffRole): Promise<void> {
  const result = await db
    .updateTable('credentials')
    .set({ role })
    .where('username', '=', username)
    .where('kind', '=', 'staff')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new AccountError(`no staff account named ${username}`);
  await accountsChanged(db);
}

/**
 * A sign-in account for a distributor already in the database (an imported one, say): the
 * embedded IdP's distributor sign-in takes their ADA and this password. Deployments with their
 * own IdP (IDP_JWKS_URL) need none of these.
 */
export async function addDistributor(db: DB, ada: string, password: string): Promise<{ displayName: string }> {
  if (!/^\d{8,12}$/.test(ada)) throw new AccountError('an ADA is 8 to 12 digits');
  const person = await db.selectFrom('distributors').select('name_zh').where('ada', '=', ada).executeTakeFirst();
  if (!person) throw new AccountError(`no distributor ${ada} in the database (import them first)`);
  const problem = passwordProblem(ada, password);
  if (problem) throw new AccountError(problem);
  const exists = await db.selectFrom('credentials').select('username').where('username', '=', ada).executeTakeFirst();
  if (exists) throw new AccountError(`${ada} has a sign-in account already (npm run accounts -- set-password ${ada})`);
  await db
    .insertInto('credentials')
    .values({
      username: ada,
      ada,
      kind: 'distributor',
      display_name: person.name_zh.slice(0, 64),
      password_hash: await hashPassword(password),
    })
    .execute();
  return { displayName: person.name_zh };
}

export async function setPassword(db: DB, username: string, password: string): Promise<void> {
  const problem = passwordProblem(username, password);
  if (problem) throw new AccountError(problem);
  const result = await db
    .updateTable('credentials')
    .set({ password_hash: await hashPassword(password) })
    .where('username', '=', username)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new AccountError(`no account named ${username}`);
  // Sessions issued under the old password end (plugins/auth.ts), in every process.
  await accountsChanged(db);
}

export async function removeAccount(db: DB, username: string): Promise<void> {
  const result = await db.deleteFrom('credentials').where('username', '=', username).where('kind', '=', 'staff').executeTakeFirst();
  if (Number(result.numDeletedRows) !== 1) throw new AccountError(`no staff account named ${username}`);
  // Its sessions end at their next request, in every process.
  await accountsChanged(db);
}

/**
 * Accounts that still sign in with a published demo password. Checked: every staff account (they
 * read every distributor) and the demo's own accounts; a distributor's password is their own
 * and checking each would cost a scrypt hash per distributor at every start.
 */
export async function accountsWithDemoPasswords(db: DB): Promise<string[]> {
  const demoNames = DEMO_ACCOUNTS.map((a) => a.username);
  const rows = await db
    .selectFrom('credentials')
    .select(['username', 'password_hash'])
    .where((eb) => eb.or([eb('kind', '=', 'staff'), eb('username', 'in', demoNames)]))
    .orderBy('username')
    .execute();
  const found: string[] = [];
  for (const row of rows) {
    for (const password of KNOWN_DEMO_PASSWORDS) {
      if (await verifyPassword(password, row.password_hash)) {
        found.push(row.username);
        break;
      }
    }
  }
  return found;
}
