import { decodeProfile } from '../../lib/token-payload.ts';
import { getLocal, getSession, LOCAL_KEY_PREFIX, removeLocal, setLocal, type LocalKey } from '../../lib/storage.ts';

/** A distributor a staff member looked at: kept so a call-back is one tap away. */
export interface RecentLookup {
  ada: string;
  /** The registered (Chinese) name, as dstInfo gives it. */
  name: string;
}

/** Look-ups kept per staff account, newest first. */
export const RECENT_LOOKUPS_MAX = 8;

/** The staff account signed in on this tab: the staff token's subject (the BFF verifies the token). */
export function staffAccount(): string | null {
  const sub = decodeProfile(getSession('adaToken'))?.sub;
  return typeof sub === 'string' && sub !== '' ? sub : null;
}

/** Per staff account: two people sharing a desk's browser do not see each other's callers. */
function keyOf(account: string): LocalKey {
  return `${LOCAL_KEY_PREFIX}staff:recent:${account}`;
}

function isRecent(value: unknown): value is RecentLookup {
  const v = value as RecentLookup | null;
  return typeof v === 'object' && v !== null && typeof v.ada === 'string' && typeof v.name === 'string';
}

/** The signed-in staff member's recent look-ups, newest first (none when not staff, or unreadable). */
export function recentLookups(account = staffAccount()): RecentLookup[] {
  if (!account) return [];
  try {
    const parsed: unknown = JSON.parse(getLocal(keyOf(account)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isRecent).slice(0, RECENT_LOOKUPS_MAX) : [];
  } catch {
    return [];
  }
}

/** Puts `entry` first (once), keeping at most RECENT_LOOKUPS_MAX. */
export function rememberLookup(entry: RecentLookup, account = staffAccount()): void {
  if (!account) return;
  const next = [entry, ...recentLookups(account).filter((e) => e.ada !== entry.ada)].slice(0, RECENT_LOOKUPS_MAX);
  setLocal(keyOf(account), JSON.stringify(next));
}

export function clearLookups(account = staffAccount()): void {
  if (account) removeLocal(keyOf(account));
}
