import { normalizeIP } from '@fastify/rate-limit';
import { sql, type ExpressionBuilder } from 'kysely';
import { dialectOf, type DB } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';

/** A client address may spend this many times an account's budget, spread over many accounts. */
export const ADDRESS_BUDGET_FACTOR = 5;
export const SIGN_IN_WINDOW_MS = 60_000;
/** Counters kept per kind (accounts, addresses): bounds memory to a few MB under a flood. */
export const SIGN_IN_MAX_ENTRIES = 100_000;

export interface SignInBudgetOptions {
  /** Attempts per window for one account, from all addresses together. */
  perAccount: number;
  /** Attempts per window from one client address, over all accounts (default 5 × perAccount). */
  perAddress?: number;
  windowMs?: number;
  maxEntries?: number;
  now?: () => number;
}

export type SignInVerdict = { ok: true } | { ok: false; limitedBy: 'account' | 'address'; retryAfterSeconds: number };

export interface SignInBudget {
  /**
   * Spends one attempt for `username` from `address`, before the password is checked. Refused
   * when either budget is spent; a refused attempt spends nothing.
   */
  take(username: string, address: string): Promise<SignInVerdict>;
}

/** Trimmed, compatibility-normalised and case-folded: ` Staff01` and `staff01` share one budget. */
export const accountKey = (username: string) => username.normalize('NFKC').trim().toLowerCase();

/** IPv4-mapped IPv6 as IPv4, IPv6 by its /64 (one subscriber's block), as @fastify/rate-limit keys them. */
export const addressKey = (ip: string) => normalizeIP(ip, 64);

const refuse = (limitedBy: 'account' | 'address', endsAt: number, t: number): SignInVerdict => ({
  ok: false,
  limitedBy,
  retryAfterSeconds: Math.max(1, Math.ceil((endsAt - t) / 1000)),
});

interface Window {
  count: number;
  endsAt: number;
}

/**
 * Fixed one-minute windows in a Map bounded to `maxEntries`, least recently charged evicted
 * first (a Map iterates in insertion order and a charge re-inserts its key).
 */
class WindowCounter {
  private readonly windows = new Map<string, Window>();
  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly maxEntries: number,
  ) {}

  /** The live window of `key`, or undefined when it has none or it ended. */
  peek(key: string, now: number): Window | undefined {
    const w = this.windows.get(key);
    if (w && w.endsAt <= now) {
      this.windows.delete(key);
      return undefined;
    }
    return w;
  }

  spent(key: string, now: number): Window | undefined {
    const w = this.peek(key, now);
    return w && w.count >= this.max ? w : undefined;
  }

  charge(key: string, now: number): void {
    const w = this.peek(key, now) ?? { count: 0, endsAt: now + this.windowMs };
    w.count++;
    this.windows.delete(key);
    this.windows.set(key, w);
    while (this.windows.size > this.maxEntries) {
      const oldest = this.windows.keys().next().value as string;
      this.windows.delete(oldest);
    }
  }

  get size(): number {
    return this.windows.size;
  }
}

/**
 * The sign-in budget every credential-checking IdP route shares (see idp-routes.ts). Two
 * counters: per account across all addresses (a guessed account is blocked wherever the guesses
 * come from) and per client address across all accounts, with a larger budget (a NAT of honest
 * users is not locked out by one guesser, but one address cannot spray many accounts).
 *
 * Every attempt counts, not only failures: the attempt is charged before the password is
 * checked, so a flood of scrypt work is refused cheaply, and counting successes too means a
 * known-good password cannot be used to make the server hash without limit. The check and the
 * charge are one synchronous step, so concurrent requests cannot race past the limit.
 *
 * In memory, per process: for SQLite (one process). On PostgreSQL see createSharedSignInBudget.
 */
export function createSignInBudget(o: SignInBudgetOptions): SignInBudget & { readonly size: number } {
  const windowMs = o.windowMs ?? SIGN_IN_WINDOW_MS;
  const maxEntries = o.maxEntries ?? SIGN_IN_MAX_ENTRIES;
  const now = o.now ?? Date.now;
  const accounts = new WindowCounter(o.perAccount, windowMs, maxEntries);
  const addresses = new WindowCounter(o.perAddress ?? o.perAccount * ADDRESS_BUDGET_FACTOR, windowMs, maxEntries);
  return {
    // async for the shared budget's sake; nothing here awaits, so the check and the charge stay one step.
    async take(username, address) {
      const t = now();
      const account = accountKey(username);
      const client = addressKey(address);
      const byAddress = addresses.spent(client, t);
      if (byAddress) return refuse('address', byAddress.endsAt, t);
      // A locked account refuses without charging the address, so a guesser who keeps trying
      // one account does not use up the budget of everyone else behind that address.
      const byAccount = accounts.spent(account, t);
      if (byAccount) return refuse('account', byAccount.endsAt, t);
      accounts.charge(account, t);
      addresses.charge(client, t);
      return { ok: true };
    },
    get size() {
      return accounts.size + addresses.size;
    },
  };
}

/** Takes of the shared budget that found a window row gone (swept) or lost a deadlock, retried. */
const SHARED_TAKE_ATTEMPTS = 3;

class RowGone extends Error {}

/**
 * The same budget kept in PostgreSQL (table sign_in_windows, migration 0016), so every process
 * on one database spends from one budget (issue #35). Same windows, limits, Retry-After and the
 * same rule that a locked account does not charge the address.
 *
 * Each take is one short transaction that locks the account's and the address's rows (SELECT …
 * FOR UPDATE, always in (kind, key) order, so two takes cannot deadlock each other), decides, and
 * charges both or neither: no process can check and then act on a count another has changed.
 * The rows are created (count 0, already expired) before the transaction, so there is always a
 * row to lock. Windows are timed by this process's clock (`now`), as the in-memory budget is;
 * clock skew between hosts only moves a window's end by the skew.
 *
 * Growth is bounded by time rather than by a count: at most once a window per process, the take
 * deletes every expired row (an expired window counts as none, so that changes no verdict),
 * skipping rows a take holds locked. A take whose row was swept between its insert and its lock
 * starts again.
 *
 * Not rate-limiter-flexible's RateLimiterPostgres: it consumes one key at a time and charges
 * before it checks, so "refuse on the address, else refuse on the account without charging the
 * address, else charge both" would need a consume, a check and a reward on the other key, not
 * atomic between processes; it also keeps its own pool and creates its own table outside the
 * migrations.
 */
export function createSharedSignInBudget(db: DB, o: Omit<SignInBudgetOptions, 'maxEntries'>): SignInBudget {
  const windowMs = o.windowMs ?? SIGN_IN_WINDOW_MS;
  const now = o.now ?? Date.now;
  const perAccount = o.perAccount;
  const perAddress = o.perAddress ?? o.perAccount * ADDRESS_BUDGET_FACTOR;
  let nextSweep = 0;

  const takeOnce = async (account: string, client: string, t: number): Promise<SignInVerdict> => {
    const keys = [
      { kind: 'account', key: account },
      { kind: 'address', key: client },
    ] as const;
    const theirRows = (eb: ExpressionBuilder<Database, 'sign_in_windows'>) =>
      eb.or(keys.map((k) => eb.and([eb('kind', '=', k.kind), eb('key', '=', k.key)])));
    await db
      .insertInto('sign_in_windows')
      .values(keys.map((k) => ({ ...k, count: 0, ends_at: 0 })))
      .onConflict((oc) => oc.columns(['kind', 'key']).doNothing())
      .execute();
    return db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('sign_in_windows')
        .select(['kind', 'count', 'ends_at'])
        .where(theirRows)
        .orderBy('kind')
        .orderBy('key')
        .forUpdate()
        .execute();
      const byAccount = rows.find((r) => r.kind === 'account');
      const byAddress = rows.find((r) => r.kind === 'address');
      if (!byAccount || !byAddress) throw new RowGone();
      // As the in-memory budget: an ended window counts as none.
      const spent = (w: { count: number; ends_at: number }, max: number) => w.ends_at > t && w.count >= max;
      if (spent(byAddress, perAddress)) return refuse('address', byAddress.ends_at, t);
      // A locked account refuses without charging the address (see createSignInBudget).
      if (spent(byAccount, perAccount)) return refuse('account', byAccount.ends_at, t);
      await trx
        .updateTable('sign_in_windows')
        .set((eb) => ({
          count: eb
            .case()
            .when('ends_at', '<=', t)
            .then(1)
            .else(eb('count', '+', 1))
            .end(),
          ends_at: eb
            .case()
            .when('ends_at', '<=', t)
            .then(t + windowMs)
            .else(eb.ref('ends_at'))
            .end(),
        }))
        .where(theirRows)
        .execute();
      return { ok: true } as const;
    });
  };

  /** Deletes the expired windows no take holds: SKIP LOCKED, so the sweep never waits on or deadlocks with a take. */
  const sweep = async (t: number) => {
    await sql`delete from sign_in_windows where (kind, key) in (
      select kind, key from sign_in_windows where ends_at <= ${t} for update skip locked)`.execute(db);
  };

  return {
    async take(username, address) {
      const t = now();
      const account = accountKey(username);
      const client = addressKey(address);
      let verdict: SignInVerdict | undefined;
      for (let attempt = 1; !verdict; attempt++) {
        try {
          verdict = await takeOnce(account, client, t);
        } catch (err) {
          const retry = err instanceof RowGone || (err as { code?: unknown }).code === '40P01'; // deadlock_detected
          if (!retry || attempt >= SHARED_TAKE_ATTEMPTS) throw err;
        }
      }
      if (t >= nextSweep) {
        nextSweep = t + windowMs;
        // Housekeeping: a failed sweep is tried again a window later and never fails the sign-in.
        await sweep(t).catch(() => undefined);
      }
      return verdict;
    },
  };
}

/** The budget for the app's database: shared in PostgreSQL, in memory on SQLite (one process). */
export function signInBudgetFor(db: DB, o: Omit<SignInBudgetOptions, 'maxEntries'>): SignInBudget {
  return dialectOf(db) === 'postgres' ? createSharedSignInBudget(db, o) : createSignInBudget(o);
}
