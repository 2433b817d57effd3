/**
 * Typed session storage with exactly the keys of docs/contract.md §3, and logout of
 * docs/contract.md §4. Storage can throw (Safari private mode on quota, storage disabled
 * by policy, sandboxed iframes that deny access to `window.sessionStorage`
 * itself); every operation then falls back to an in-memory copy for the life
 * of the page, so sign-in still works, it is just not kept across reloads.
 */

/** A cached dstInfo answer (docs/contract.md §3 "User info"); pinCode is the visitor grade. */
export interface StoredUserInfo {
  ada: string;
  amway_id: string;
  amway_user_type: string;
  fullName: string;
  pinCode?: number;
  [field: string]: unknown;
}

/** An entry of getConfig's descriptionPageList: a code and more. */
export interface StoredDescriptionPage {
  code: string;
  [field: string]: unknown;
}

/** Every session-storage key of docs/contract.md §3 (plus EXTRA_SESSION_KEYS) and the type stored under it. */
export interface SessionValues {
  accessToken: string;
  idToken: string;
  /** Always stored lower-cased. */
  channel: string;
  loginAda: string;
  UserInfo: StoredUserInfo;
  SID: string;
  appVersion: string;
  /** Session tokens already exchanged in this session: a replayed link is not exchanged twice. */
  _sessionToken: string[];
  adaToken: string;
  oktaIdTokenKey: string;
  oktaIdToken: string;
  descriptionPageList: StoredDescriptionPage[];
  /**
   * Not a docs/contract.md §3 key: the ada being queried (docs/contract.md §2 query parameter, sent
   * as the queryAda header of §7), kept for the session in the iinquiry
   * channel. Listed apart in EXTRA_SESSION_KEYS.
   */
  queryAda: string;
}
export type SessionKey = keyof SessionValues;

/** Exactly the session-storage keys of docs/contract.md §3. */
export const SESSION_KEYS = [
  'accessToken',
  'idToken',
  'channel',
  'loginAda',
  'UserInfo',
  'SID',
  'appVersion',
  '_sessionToken',
  'adaToken',
  'oktaIdTokenKey',
  'oktaIdToken',
  'descriptionPageList',
] as const satisfies readonly SessionKey[];

/** Keys beyond docs/contract.md §3 (see SessionValues.queryAda). */
export const EXTRA_SESSION_KEYS = ['queryAda'] as const satisfies readonly SessionKey[];

/** Kept by logout (docs/contract.md §4): a used link stays used, and the channel stays known. */
export const LOGOUT_KEEPS = ['_sessionToken', 'channel'] as const satisfies readonly SessionKey[];

type JsonKey = 'UserInfo' | '_sessionToken' | 'descriptionPageList';
const JSON_KEYS = new Set<SessionKey>(['UserInfo', '_sessionToken', 'descriptionPageList']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Shape checks for JSON values: a tampered or stale value reads as absent, never as a crash. */
const JSON_GUARDS: { [K in JsonKey]: (value: unknown) => value is SessionValues[K] } = {
  UserInfo: (value): value is StoredUserInfo => isRecord(value),
  _sessionToken: (value): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string'),
  descriptionPageList: (value): value is StoredDescriptionPage[] =>
    Array.isArray(value) && value.every((v) => isRecord(v) && typeof v.code === 'string'),
};

type StorageKind = 'sessionStorage' | 'localStorage';

/**
 * One Storage-like area: the browser's when it works, a Map when it throws.
 * A failed write also removes the stale browser value, so reads never see an
 * old value behind a newer one kept in memory.
 */
class SafeStorage {
  private readonly memory = new Map<string, string>();

  constructor(private readonly kind: StorageKind) {}

  private native(): Storage | null {
    try {
      return typeof window === 'undefined' ? null : window[this.kind];
    } catch {
      return null;
    }
  }

  get(key: string): string | null {
    if (this.memory.has(key)) return this.memory.get(key) ?? null;
    try {
      return this.native()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  }

  set(key: string, value: string): void {
    try {
      const storage = this.native();
      if (!storage) throw new Error(`${this.kind} unavailable`);
      storage.setItem(key, value);
      this.memory.delete(key);
    } catch {
      this.memory.set(key, value);
      try {
        this.native()?.removeItem(key);
      } catch {
        // Nothing more to do: the memory copy wins on read.
      }
    }
  }

  remove(key: string): void {
    this.memory.delete(key);
    try {
      this.native()?.removeItem(key);
    } catch {
      // Unavailable storage holds nothing to remove.
    }
  }

  clear(): void {
    this.memory.clear();
    try {
      this.native()?.clear();
    } catch {
      // As above.
    }
  }
}

const session = new SafeStorage('sessionStorage');
const local = new SafeStorage('localStorage');

/** The value stored under `key`, or null when absent or unreadable. */
export function getSession<K extends SessionKey>(key: K): SessionValues[K] | null {
  const raw = session.get(key);
  if (raw === null) return null;
  if (!JSON_KEYS.has(key)) return raw as SessionValues[K];
  try {
    const parsed: unknown = JSON.parse(raw);
    return JSON_GUARDS[key as JsonKey](parsed) ? (parsed as SessionValues[K]) : null;
  } catch {
    return null;
  }
}

/** Stores `value` under `key`; JSON keys are serialized, the channel lower-cased. */
export function setSession<K extends SessionKey>(key: K, value: SessionValues[K]): void {
  let raw: string;
  if (JSON_KEYS.has(key)) raw = JSON.stringify(value);
  else if (key === 'channel') raw = (value as string).toLowerCase();
  else raw = value as string;
  session.set(key, raw);
}

export function removeSession(key: SessionKey): void {
  session.remove(key);
}

/**
 * Local-storage keys of the app's own (docs/contract.md §3 names session keys only) all start with this
 * prefix, so they are told apart from the spec's and from other apps' on the same origin. Logout
 * clears them with the rest of local storage (docs/contract.md §4).
 */
export const LOCAL_KEY_PREFIX = 'abo-inquiry:';
export type LocalKey = `${typeof LOCAL_KEY_PREFIX}${string}`;

/** The raw value of an app key in local storage, or null. */
export function getLocal(key: LocalKey): string | null {
  return local.get(key);
}

export function setLocal(key: LocalKey, value: string): void {
  local.set(key, value);
}

export function removeLocal(key: LocalKey): void {
  local.remove(key);
}

/** Whether this session token has already been exchanged in this session. */
export function isSessionTokenUsed(token: string): boolean {
  return getSession('_sessionToken')?.includes(token) ?? false;
}

/** Records an exchanged session token so a replayed link is not exchanged again. */
export function markSessionTokenUsed(token: string): void {
  const used = getSession('_sessionToken') ?? [];
  if (!used.includes(token)) setSession('_sessionToken', [...used, token]);
}

/**
 * Logout of docs/contract.md §4: clears local and session storage entirely (including
 * keys this module does not know, such as the language choice), keeping only
 * the used session-token list and the channel.
 */
export function logout(): void {
  const kept = LOGOUT_KEEPS.map((key) => [key, session.get(key)] as const);
  local.clear();
  session.clear();
  for (const [key, raw] of kept) if (raw !== null) session.set(key, raw);
}
