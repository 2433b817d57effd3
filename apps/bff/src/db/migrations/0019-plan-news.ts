import type { Kysely } from 'kysely';

/**
 * Whether a distributor's plans of a PY make news (plan_results.news, 1 or 0; packages/plan
 * resultsMakeNews: a plan met, a criterion met), written by the close beside the summary. Telling
 * everyone at a month's end read and decoded every member's summary to find the 6 % that tell
 * something (issue #30); it now reads those. Rows written before have none (null): read as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('plan_results').addColumn('news', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('plan_results').dropColumn('news').execute();
}
