import { normalizeIP } from '@fastify/rate-limit';

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
  take(username: string, address: string): SignInVerdict;
}

/** Trimmed, compatibility-normalised and case-folded: ` Staff01` and `staff01` share one budget. */
export const accountKey = (username: string) => username.normalize('NFKC').trim().toLowerCase();

/** IPv4-mapped IPv6 as IPv4, IPv6 by its /64 (one subscriber's block), as @fastify/rate-limit keys them. */
export const addressKey = (ip: string) => normalizeIP(ip, 64);

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
 * In memory, per process: several processes each keep their own budget.
 */
export function createSignInBudget(o: SignInBudgetOptions): SignInBudget & { readonly size: number } {
  const windowMs = o.windowMs ?? SIGN_IN_WINDOW_MS;
  const maxEntries = o.maxEntries ?? SIGN_IN_MAX_ENTRIES;
  const now = o.now ?? Date.now;
  const accounts = new WindowCounter(o.perAccount, windowMs, maxEntries);
  const addresses = new WindowCounter(o.perAddress ?? o.perAccount * ADDRESS_BUDGET_FACTOR, windowMs, maxEntries);
  const refuse = (limitedBy: 'account' | 'address', w: Window, t: number): SignInVerdict => ({
    ok: false,
    limitedBy,
    retryAfterSeconds: Math.max(1, Math.ceil((w.endsAt - t) / 1000)),
  });
  return {
    take(username, address) {
      const t = now();
      const account = accountKey(username);
      const client = addressKey(address);
      const byAddress = addresses.spent(client, t);
      if (byAddress) return refuse('address', byAddress, t);
      // A locked account refuses without charging the address, so a guesser who keeps trying
      // one account does not use up the budget of everyone else behind that address.
      const byAccount = accounts.spent(account, t);
      if (byAccount) return refuse('account', byAccount, t);
      accounts.charge(account, t);
      addresses.charge(client, t);
      return { ok: true };
    },
    get size() {
      return accounts.size + addresses.size;
    },
  };
}
