// What the start prints last, once the data is ready and the server listens: where to open the
// app and, in the demo, how to sign in.
import type { DB } from '../db/index.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoAccount } from '../idp/demo-accounts.ts';
import { verifyPassword } from '../idp/passwords.ts';

/**
 * The demo accounts that sign in with the published password in this database: the seed's demo
 * dataset has them all; one whose password was changed or that was removed is not printed.
 */
export async function demoSignIns(db: DB): Promise<DemoAccount[]> {
  const rows = await db
    .selectFrom('credentials')
    .select(['username', 'password_hash'])
    .where(
      'username',
      'in',
      DEMO_ACCOUNTS.map((a) => a.username),
    )
    .execute();
  const hashes = new Map(rows.map((r) => [r.username, r.password_hash]));
  const usable: DemoAccount[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const hash = hashes.get(account.username);
    if (hash && (await verifyPassword(DEMO_PASSWORD, hash))) usable.push(account);
  }
  return usable;
}

export interface BannerFacts {
  /** The address people open (PUBLIC_URL or http://localhost:PORT). */
  base: string;
  demo: boolean;
  /** demoSignIns of the database served. */
  signIns: readonly DemoAccount[];
  standIns: boolean;
  /** The live feed's interval, when it runs. */
  liveIntervalMs: number | null;
}

export function bannerLines(f: BannerFacts): string[] {
  const lines = ['', `ABO Inquiry is running: ${f.base}/front/`];
  if (f.demo) {
    lines.push('Demo mode (demo dataset): demo accounts and sign-in hints are on. Never expose this to real users; DEMO=0 turns it off.');
    if (f.signIns.length > 0) {
      lines.push(`Demo sign-ins (password ${DEMO_PASSWORD}):`);
      for (const a of f.signIns) lines.push(`  ${a.username.padEnd(9)} ${a.displayName} — ${a.profile}`);
    } else {
      lines.push(`No demo account signs in with ${DEMO_PASSWORD} any more (changed or removed): use your own accounts.`);
    }
    if (f.standIns) lines.push(`WeChat and app push go to local stand-ins; what they received: ${f.base}/stand-in/`);
    if (f.liveIntervalMs !== null) lines.push(`Live feed on: a few orders every ${f.liveIntervalMs / 1000} s move the open month`);
  } else {
    lines.push('Demo mode is off: no demo accounts. Staff accounts: npm run accounts -- add-staff NAME');
  }
  lines.push('');
  return lines;
}
