// A distributor's own settings (target pin, pickup shop, biennial track): one read, one upsert.
import type { DB } from './index.ts';
import type { UserSettingsTable } from './schema.ts';

export interface UserSettings {
  targetPin: number | null;
  shopCode: string | null;
  biennialTag: string | null;
  /** When any setting last changed (ISO time). */
  updatedAt: string;
}

/** The settings one change may set; the others keep their stored values. */
export type SettingsChange = Partial<Pick<UserSettingsTable, 'target_pin' | 'shop_code' | 'biennial_tag'>>;

/** A distributor's settings, or undefined while none was ever saved. */
export async function settingsOf(db: DB, ada: string): Promise<UserSettings | undefined> {
  const r = await db
    .selectFrom('user_settings')
    .select(['target_pin', 'shop_code', 'biennial_tag', 'updated_at'])
    .where('ada', '=', ada)
    .executeTakeFirst();
  return r && { targetPin: r.target_pin, shopCode: r.shop_code, biennialTag: r.biennial_tag, updatedAt: r.updated_at };
}

/**
 * Saves the settings named in `change` (one statement: inserted for a first setting, else only
 * those columns and the time updated) and answers the time written.
 */
export async function saveSettings(db: DB, ada: string, change: SettingsChange, now = new Date().toISOString()): Promise<string> {
  await db
    .insertInto('user_settings')
    .values({ ada, target_pin: null, shop_code: null, biennial_tag: null, ...change, updated_at: now })
    .onConflict((oc) => oc.column('ada').doUpdateSet({ ...change, updated_at: now }))
    .execute();
  return now;
}
