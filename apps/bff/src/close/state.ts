// What the last month close recorded (meta `close`): how far the months are closed, which month
// was open, the data version it left behind (so a second close with nothing new writes nothing)
// and when: each month's closing time and when the open month's figures were computed, for the
// pages' "closed on …" and "updated HH:MM".
import { CHINA_ISO_OFFSET } from '@abo/words';
import { addMonths } from '@abo/plan';
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
  /** The business day the close ran on (`YYYY-MM-DD`; absent in states written before it was kept). */
  readonly today?: string;
}

/** The state from its stored text; null when absent or not readable (then the close runs again). */
export function parseCloseState(text: string | null | undefined): CloseState | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as Partial<CloseState>;
    if (typeof v.version !== 'string' || typeof v.open !== 'string' || typeof v.updatedAt !== 'string') return null;
    if (v.through !== null && typeof v.through !== 'string') return null;
    const closedOn = v.closedOn && typeof v.closedOn === 'object' ? v.closedOn : {};
    return {
      version: v.version,
      through: v.through,
      open: v.open,
      updatedAt: v.updatedAt,
      closedOn,
      ...(typeof v.today === 'string' ? { today: v.today } : {}),
    };
  } catch {
    return null;
  }
}

/** The last close's record, for pages that say how fresh a month's figures are. */
export async function readCloseState(db: Kysely<Database>): Promise<CloseState | null> {
  const row = await db.selectFrom('meta').select('value').where('key', '=', CLOSE_STATE_KEY).executeTakeFirst();
  return parseCloseState(row?.value);
}

/** The stored text of a state (meta `close`). */
export function closeStateText(state: CloseState): string {
  return JSON.stringify(state);
}

/** When a month is taken to have closed in generated data: the night after it ended (China time). */
function closedAfterMonthEnd(month: string): string {
  return `${addMonths(month, 1)}-01T02:00:00${CHINA_ISO_OFFSET}`;
}

/**
 * The state of figures closed all at once (the generated demo, seed/index.ts): the open month
 * computed at `at`, and every month before it closed as a live system would have closed it, in
 * the night after it ended (never later than `at`), so a pinned demo "today" reads sensibly.
 */
export function closedAtOnce(version: string, months: readonly string[], open: string, at: string): CloseState {
  const closed = months.filter((m) => m < open);
  const seededAt = Date.parse(at);
  return {
    version,
    through: closed.at(-1) ?? null,
    open,
    updatedAt: at,
    closedOn: Object.fromEntries(
      closed.map((m) => {
        const night = closedAfterMonthEnd(m);
        return [m, Date.parse(night) < seededAt ? new Date(night).toISOString() : at];
      }),
    ),
  };
}

export async function writeCloseState(db: Kysely<Database>, state: CloseState): Promise<void> {
  const value = closeStateText(state);
  await db
    .insertInto('meta')
    .values({ key: CLOSE_STATE_KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
