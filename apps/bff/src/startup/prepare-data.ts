import { sql } from 'kysely';
import type { Config } from '../config.ts';
import type { DB } from '../db/index.ts';
import { accountsWithDemoPasswords } from '../idp/accounts.ts';
import { closeMonths, CloseRefusedError, CloseUsageError, formatCloseSummary } from '../close/close.ts';
import { chinaDay } from '../import/fields.ts';
import { ensureSeeded } from '../seed/index.ts';

export class StartupRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupRefused';
  }
}

/**
 * What a start does to the data before serving. Demo mode: the demo dataset and its accounts on
 * first start, and the month close (a start in a new month closes the one before). Otherwise nothing is created, and the start is refused while any account checked
 * by accountsWithDemoPasswords still has a published demo password.
 */
export async function prepareData(
  db: DB,
  config: Pick<Config, 'demo' | 'SEED_DISTRIBUTORS' | 'SEED' | 'today'>,
  log: (line: string) => void = (line) => console.log(line),
): Promise<void> {
  if (config.demo) {
    await ensureSeeded(db, config, log);
    await closeDemoMonths(db, chinaDay(config.today()), log);
    return;
  }
  const weak = await accountsWithDemoPasswords(db);
  if (weak.length > 0) {
    throw new StartupRefused(
      `Refusing to start outside demo mode: ${weak.join(', ')} still sign${weak.length === 1 ? 's' : ''} in with a published demo password.\n` +
        '  Give each a new password (npm run accounts -- set-password NAME) or remove a staff account\n' +
        '  (npm run accounts -- remove NAME); or run the demo with DEMO=1 (never with NODE_ENV=production).',
    );
  }
  const { n } = await db
    .selectFrom('distributors')
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  if (Number(n) === 0) {
    log('The database holds no distributors yet. Add staff accounts with `npm run accounts -- add-staff NAME`.');
  }
}

/**
 * The demo's months move with the clock, as a company's close after month end would move them.
 * Quick when nothing changed; a demo database the close cannot continue is served as it is.
 */
async function closeDemoMonths(db: DB, today: string, log: (line: string) => void): Promise<void> {
  try {
    const summary = await closeMonths(db, { today });
    if (summary.changed) log(formatCloseSummary(summary));
  } catch (err) {
    if (!(err instanceof CloseUsageError || err instanceof CloseRefusedError)) throw err;
    log(`The month close was not run: ${err.message}`);
  }
}
