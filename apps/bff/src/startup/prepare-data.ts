import { sql } from 'kysely';
import type { Config } from '../config.ts';
import type { DB } from '../db/index.ts';
import { accountsWithDemoPasswords } from '../idp/accounts.ts';
import { closeMonths, CloseRefusedError, CloseUsageError } from '../close/close.ts';
import { formatCloseSummary } from '../close/summary-line.ts';
import { chinaDay } from '../import/fields.ts';
import { addMissingDemoStaff, ensureSeeded, seedClaim, type ProgressFn } from '../seed/index.ts';

export class StartupRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupRefused';
  }
}

/** Demo mode as a start decides it from the database, not only from DEMO. */
type StartMode = Pick<Config, 'demo' | 'demoLive'>;

/**
 * Whether this database may run in demo mode (asked for with DEMO=1): only the demo dataset (the
 * seed's claim, meta `seed`) or a database with nothing in it yet, which the demo then fills. On
 * a company's data (an import removes the claim) demo mode would publish every push at the
 * stand-ins, print sign-ins that do not exist and let the live feed write generated orders into
 * the real ones: it stays off, and `reason` says why in one line.
 */
async function decideDemoMode(db: DB, config: StartMode): Promise<StartMode & { reason?: string }> {
  if (!config.demo) return { demo: false, demoLive: false };
  if ((await seedClaim(db)) !== null) return config;
  const count = async (table: 'distributors' | 'credentials') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  if ((await count('distributors')) === 0 && (await count('credentials')) === 0) return config;
  return {
    demo: false,
    demoLive: false,
    reason:
      `Demo mode off: this database is not the demo dataset (it holds imported data or accounts of its own), so no demo sign-ins, push stand-ins${config.demoLive ? ' or live feed' : ''}; ` +
      'start with DEMO=0 to stop this note, or use another DATA_DIR for the demo.',
  };
}

/**
 * What a start does to the data before serving; answers the configuration to serve with, demo
 * mode as decideDemoMode allows it. Demo mode: the demo dataset and its accounts on first start,
 * and the month close (a start in a new month closes the one before). Otherwise nothing is
 * created, and the start is refused while any account checked by accountsWithDemoPasswords still
 * has a published demo password.
 */
export async function prepareData<C extends Pick<Config, 'demo' | 'demoLive' | 'SEED_DISTRIBUTORS' | 'SEED' | 'today' | 'WECHAT_APP_ID'>>(
  db: DB,
  config: C,
  log: (line: string) => void = (line) => console.log(line),
  /** The first start's seed, phase by phase (seed/progress.ts), as `npm run seed` shows it. */
  progress?: ProgressFn,
): Promise<C> {
  const { reason, ...mode } = await decideDemoMode(db, config);
  if (reason) log(reason);
  const serving = { ...config, ...mode };
  if (serving.demo) {
    await ensureSeeded(db, serving, log, progress);
    const added = await addMissingDemoStaff(db);
    if (added.length > 0) log(`Demo sign-in${added.length === 1 ? '' : 's'} added: ${added.join(', ')}`);
    await closeDemoMonths(db, chinaDay(serving.today()), log);
    return serving;
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
  return serving;
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
