// The password check of the embedded IdP's sign-ins: one read of the credentials table. The
// accounts themselves are made and changed in accounts.ts; the sign-in budget that bounds how
// often this runs is routes/idp/sign-in-budget.ts.
import type { DB } from '../db/index.ts';
import { verifyPassword } from './passwords.ts';

/** Who signed in: the account's name, the distributor (or staff name) it acts as, its display name. */
export interface SignInAccount {
  username: string;
  ada: string;
  display_name: string;
}

// scrypt hash of a random string nobody knows: an unknown account costs the same hash as a known one.
const DUMMY_HASH = 'scrypt$16384$8$1$2c5Gq0zFvRkzv0T3ZbUe4g$0ZqzvJc0o1zj6cR8m7O0Zb9k4v7qkq1nq0Fh2y1m3Xw';

/**
 * The account when `password` is its password and it is of `kind`, else null. The password is
 * verified against a fixed hash when the user is unknown, so timing does not reveal accounts.
 */
export async function checkPassword(
  db: DB,
  username: string,
  password: string,
  kind: 'distributor' | 'staff',
): Promise<SignInAccount | null> {
  const row = await db
    .selectFrom('credentials')
    .select(['username', 'ada', 'kind', 'display_name', 'password_hash'])
    .where('username', '=', username)
    .executeTakeFirst();
  const valid = await verifyPassword(password, row?.password_hash ?? DUMMY_HASH);
  return valid && row && row.kind === kind ? { username: row.username, ada: row.ada, display_name: row.display_name } : null;
}
