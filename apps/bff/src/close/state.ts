// What the last month close recorded (meta `close`): how far the months are closed, which month
// was open, the data version it left behind (so a second close with nothing new writes nothing)
// and when: each month's closing time and when the open month's figures were computed, for the
// pages' "closed on …" and "updated HH:MM".
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export const CLOSE_STATE_KEY = 'close';

export interface CloseState {
  /** The data version (meta `seeded_at`) the close wrote; another writer moves it. */
  readonly version: string;
  /** The months up to this one are closed (null: none yet). */
  readonly through: string | null;
  /** Today's month when the close ran: its figures are provisional. */
  readonly open: string;
  /** When the open month's figures (and the plan summaries) were computed, ISO instant. */
  readonly updatedAt: string;
  /** Month → when the close closed it, ISO instant. */
  readonly closedOn: Readonly<Record<string, string>>;
}

/** The state from its stored text; null when absent or not readable (then the close runs again). */
export function parseCloseState(text: string | null | undefined): CloseState | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as Partial<CloseState>;
    if (typeof v.version !== 'string' || typeof v.open !== 'string' || typeof v.updatedAt !== 'string') return null;
    if (v.through !== null && typeof v.through !== 'string') return null;
    const closedOn = v.closedOn && typeof v.closedOn === 'object' ? v.closedOn : {};
    return { version: v.version, through: v.through, open: v.open, updatedAt: v.updatedAt, closedOn };
  } catch {
    return null;
  }
}

/** The last close's record, for pages that say how fresh a month's figures are. */
export async function readCloseState(db: Kysely<Database>): Promise<CloseState | null> {
  const row = await db.selectFrom('meta').select('value').where('key', '=', CLOSE_STATE_KEY).executeTakeFirst();
  return parseCloseState(row?.value);
}

export async function writeCloseState(db: Kysely<Database>, state: CloseState): Promise<void> {
  const value = JSON.stringify(state);
  await db
    .insertInto('meta')
    .values({ key: CLOSE_STATE_KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
