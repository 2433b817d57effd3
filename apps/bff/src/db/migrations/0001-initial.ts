import { sql, type CreateTableBuilder, type Kysely } from 'kysely';

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // Auto-increment id that works on SQLite and PostgreSQL alike.
  const id = <T extends string>(c: CreateTableBuilder<T>) =>
    isPostgres(db)
      ? c.addColumn('id', 'serial', (col) => col.primaryKey())
      : c.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
  // SQLite stores the big per-month tables clustered on their primary key (WITHOUT ROWID):
  // one B-tree instead of table + index, about 30 % smaller and faster to load. Only for short
  // rows: plan_results (about 1 KB of JSON a row) stays a rowid table.
  const clustered = isPostgres(db) ? sql`` : sql`without rowid`;

  await db.schema
    .createTable('meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('distributors')
    .addColumn('ada', 'text', (c) => c.primaryKey())
    .addColumn('name_zh', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('national_id', 'text', (c) => c.notNull())
    .addColumn('bank_card', 'text', (c) => c.notNull())
    .addColumn('bank_name', 'text', (c) => c.notNull())
    .addColumn('sponsor_ada', 'text')
    .addColumn('join_date', 'text', (c) => c.notNull())
    .addColumn('user_type', 'text', (c) => c.notNull())
    .addColumn('market', 'text', (c) => c.notNull())
    .addColumn('shop_code', 'text')
    .addColumn('tree_pos', 'integer', (c) => c.notNull())
    .addColumn('tree_size', 'integer', (c) => c.notNull())
    .addColumn('depth', 'integer', (c) => c.notNull())
    .addColumn('pin_code', 'integer', (c) => c.notNull())
    .addColumn('pin_month', 'text')
    .addColumn('head_image', 'text')
    .execute();
  await db.schema.createIndex('distributors_sponsor').on('distributors').column('sponsor_ada').execute();
  await db.schema.createIndex('distributors_tree_pos').on('distributors').column('tree_pos').execute();

  await db.schema
    .createTable('monthly_results')
    .addColumn('ada', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('ppv', 'integer', (c) => c.notNull())
    .addColumn('gpv', 'integer', (c) => c.notNull())
    .addColumn('pgpv', 'integer', (c) => c.notNull())
    .addColumn('bv_fen', 'bigint', (c) => c.notNull())
    .addColumn('bracket', 'integer', (c) => c.notNull())
    .addColumn('is_q', 'integer', (c) => c.notNull())
    .addColumn('q_legs', 'integer', (c) => c.notNull())
    .addColumn('apv', 'integer', (c) => c.notNull())
    .addColumn('is_sp', 'integer', (c) => c.notNull())
    .addColumn('pin_code', 'integer', (c) => c.notNull())
    .addColumn('new_customers', 'integer', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('compliant', 'integer', (c) => c.notNull())
    .addColumn('closed', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('attended', 'text')
    .addPrimaryKeyConstraint('monthly_results_pk', ['ada', 'month'])
    .modifyEnd(clustered)
    .execute();

  await db.schema
    .createTable('statements')
    .addColumn('ada', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('pretax_fen', 'bigint', (c) => c.notNull())
    .addColumn('tax_fen', 'bigint', (c) => c.notNull())
    .addColumn('net_fen', 'bigint', (c) => c.notNull())
    .addColumn('items', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('statements_pk', ['ada', 'month'])
    .modifyEnd(clustered)
    .execute();

  await db.schema
    .createTable('plan_results')
    .addColumn('ada', 'text', (c) => c.notNull())
    .addColumn('py', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('plan_results_pk', ['ada', 'py'])
    .execute();

  await db.schema
    .createTable('shops')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name_zh', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('city_zh', 'text', (c) => c.notNull())
    .addColumn('city_en', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_settings')
    .addColumn('ada', 'text', (c) => c.primaryKey())
    .addColumn('target_pin', 'integer')
    .addColumn('shop_code', 'text')
    .addColumn('biennial_tag', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('ada', 'text', (c) => c.notNull())
    .addColumn('invitee_name', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('invitations_ada').on('invitations').column('ada').execute();

  await id(db.schema.createTable('prompts'))
    .addColumn('business_type', 'text', (c) => c.notNull())
    .addColumn('year', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title_zh', 'text', (c) => c.notNull())
    .addColumn('title_en', 'text', (c) => c.notNull())
    .addColumn('content_zh', 'text', (c) => c.notNull())
    .addColumn('content_en', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('prompt_closes')
    .addColumn('ada', 'text', (c) => c.notNull())
    .addColumn('business_type', 'text', (c) => c.notNull())
    .addColumn('year', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('closed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('prompt_closes_pk', ['ada', 'business_type', 'year', 'month', 'type'])
    .execute();

  await db.schema
    .createTable('novice_guides')
    .addColumn('ada', 'text', (c) => c.notNull())
    .addColumn('business_type', 'text', (c) => c.notNull())
    .addColumn('done_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('novice_guides_pk', ['ada', 'business_type'])
    .execute();

  await db.schema
    .createTable('description_pages')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('title_zh', 'text', (c) => c.notNull())
    .addColumn('title_en', 'text', (c) => c.notNull())
    .addColumn('content_zh', 'text', (c) => c.notNull())
    .addColumn('content_en', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('credentials')
    .addColumn('username', 'text', (c) => c.primaryKey())
    .addColumn('ada', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('signing_keys')
    .addColumn('kid', 'text', (c) => c.primaryKey())
    .addColumn('alg', 'text', (c) => c.notNull())
    .addColumn('public_jwk', 'text', (c) => c.notNull())
    .addColumn('private_jwk', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('retired_at', 'text')
    .execute();

  await db.schema
    .createTable('session_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('ada', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await id(db.schema.createTable('audit_log'))
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('subject_ada', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor', 'at']).execute();

  await id(db.schema.createTable('analytics_events'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('distinct_id', 'text', (c) => c.notNull())
    .addColumn('properties', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'analytics_events',
    'audit_log',
    'session_tokens',
    'signing_keys',
    'credentials',
    'description_pages',
    'novice_guides',
    'prompt_closes',
    'prompts',
    'invitations',
    'user_settings',
    'shops',
    'plan_results',
    'statements',
    'monthly_results',
    'distributors',
    'meta',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
