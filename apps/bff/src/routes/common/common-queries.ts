// Every read and write behind the /bff/v1/common/* calls that no other area shares: the
// reference data (description pages, shops), a user's novice guides and closed prompts, and a
// staff member's own audit trail. Distributors are read through db/distributors.ts and the
// queryable months through db/statements.ts (the same list the income pages check against).
import { sql, type Selectable } from 'kysely';
import type { DB } from '../../db/index.ts';
import type { AuditLogTable, DescriptionPagesTable, DistributorsTable, PromptsTable, ShopsTable } from '../../db/schema.ts';

export type DescriptionPageRow = Selectable<DescriptionPagesTable>;
export type ShopRow = Selectable<ShopsTable>;
export type PromptRow = Selectable<PromptsTable>;
export type AuditTrailRow = Pick<Selectable<AuditLogTable>, 'subject_ada' | 'action' | 'channel' | 'at'>;

/** The description pages of getConfig, by code. */
export function descriptionPages(db: DB): Promise<DescriptionPageRow[]> {
  return db.selectFrom('description_pages').selectAll().orderBy('code').execute();
}

/** Every shop, by code. */
export function allShops(db: DB): Promise<ShopRow[]> {
  return db.selectFrom('shops').selectAll().orderBy('code').execute();
}

/** True once `ada` marked the novice guide of a business type done. */
export async function isGuideDone(db: DB, ada: string, businessType: string): Promise<boolean> {
  const done = await db
    .selectFrom('novice_guides')
    .select('done_at')
    .where('ada', '=', ada)
    .where('business_type', '=', businessType)
    .executeTakeFirst();
  return done !== undefined;
}

/** The business types whose guides `ada` marked done: at most `limit` of them. */
export async function guidesDone(db: DB, ada: string, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('novice_guides').select('business_type').where('ada', '=', ada).limit(limit).execute();
  return rows.map((g) => g.business_type);
}

/** Marks a guide done. Idempotent: a second "done" keeps the first time. */
export async function markGuideDone(db: DB, ada: string, businessType: string, at: string): Promise<void> {
  await db
    .insertInto('novice_guides')
    .values({ ada, business_type: businessType, done_at: at })
    .onConflict((oc) => oc.columns(['ada', 'business_type']).doNothing())
    .execute();
}

export interface PromptFilter {
  businessType: string;
  year?: string | undefined;
  /** Prompt types to include; all when absent or empty. */
  checkScopes?: readonly string[] | undefined;
}

/** The prompts of a business type that `ada` has not closed, in id order. */
export async function openPrompts(db: DB, ada: string, filter: PromptFilter): Promise<PromptRow[]> {
  let q = db
    .selectFrom('prompts as p')
    .leftJoin('prompt_closes as c', (j) =>
      j
        .onRef('c.business_type', '=', 'p.business_type')
        .onRef('c.year', '=', 'p.year')
        .onRef('c.month', '=', 'p.month')
        .onRef('c.type', '=', 'p.type')
        .on('c.ada', '=', ada),
    )
    .selectAll('p')
    .where('p.business_type', '=', filter.businessType)
    .where('c.ada', 'is', null);
  if (filter.year) q = q.where('p.year', '=', filter.year);
  if (filter.checkScopes?.length) q = q.where('p.type', 'in', filter.checkScopes);
  return q.orderBy('p.id').execute();
}

/** What names one prompt (and one close of it). */
export interface PromptKey {
  businessType: string;
  year: string;
  month: string;
  type: string;
}

export async function promptExists(db: DB, key: PromptKey): Promise<boolean> {
  const row = await db
    .selectFrom('prompts')
    .select('id')
    .where('business_type', '=', key.businessType)
    .where('year', '=', key.year)
    .where('month', '=', key.month)
    .where('type', '=', key.type)
    .executeTakeFirst();
  return row !== undefined;
}

/** Records that `ada` closed a prompt. Idempotent: a second close keeps the first time. */
export async function closePrompt(db: DB, ada: string, key: PromptKey, at: string): Promise<void> {
  const { businessType, year, month, type } = key;
  await db
    .insertInto('prompt_closes')
    .values({ ada, business_type: businessType, year, month, type, closed_at: at })
    .onConflict((oc) => oc.columns(['ada', 'business_type', 'year', 'month', 'type']).doNothing())
    .execute();
}

/** The newest `limit` audited reads made by `actor`, newest first. */
export function auditTrailOf(db: DB, actor: string, limit: number): Promise<AuditTrailRow[]> {
  return db
    .selectFrom('audit_log')
    .select(['subject_ada', 'action', 'channel', 'at'])
    .where('actor', '=', actor)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** What a staff look-up shows of a distributor. */
export type LookupRow = Pick<Selectable<DistributorsTable>, 'ada' | 'name_zh' | 'name_en' | 'pin_code' | 'join_date'>;

/**
 * Distributors whose whole ADA, whole Chinese name or whole English name (any case) is `q`:
 * at most `limit`, by ADA. Equality only, so a look-up cannot list people by part of a name.
 */
export function lookupDistributors(db: DB, q: string, limit: number): Promise<LookupRow[]> {
  return db
    .selectFrom('distributors')
    .select(['ada', 'name_zh', 'name_en', 'pin_code', 'join_date'])
    .where((eb) => eb.or([eb('ada', '=', q), eb('name_zh', '=', q), eb(sql<string>`lower(name_en)`, '=', q.toLowerCase())]))
    .orderBy('ada')
    .limit(limit)
    .execute();
}
