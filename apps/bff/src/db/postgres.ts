// PostgreSQL (DATABASE_URL=postgres://…): the same Kysely queries and migrations as SQLite, for
// deployments where several BFF processes or machines share one database.
import {
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  Kysely,
  PostgresDialect,
  PostgresIntrospector,
  sql,
  type DatabaseMetadataOptions,
  type TableMetadata,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

type DB = Kysely<Database>;

export interface PostgresOptions {
  /** Connections per process. */
  poolSize?: number;
  /**
   * Schema to work in (search_path); created if missing. The test harness gives each test
   * app its own schema in one throwaway cluster.
   */
  schema?: string;
  /** Called when the server drops a pooled connection (e.g. it restarts). */
  onConnectionError?: (err: Error) => void;
}

/**
 * int8 (count(*), the *_fen columns) and numeric (sum() of int8) arrive from pg as strings so
 * nothing above 2^53 loses precision. Every amount here is in fen and far below 2^53 (≈ 9 × 10^13
 * yuan), and the SQLite driver hands out numbers: parse them to numbers so both dialects answer
 * alike. Kept per pool rather than pg.types' process-wide table.
 */
const INT8 = 20;
const NUMERIC = 1700;
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8 || oid === NUMERIC) return (v: string) => Number(v);
    return pg.types.getTypeParser(oid, format);
  },
};

const pools = new WeakMap<DB, pg.Pool>();
const schemas = new WeakMap<DB, string>();

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function openPostgres(url: string, opts: PostgresOptions = {}): DB {
  if (opts.schema !== undefined && !SCHEMA_NAME.test(opts.schema)) throw new RangeError(`bad schema name: ${opts.schema}`);
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolSize ?? 10,
    types,
    // Fail fast while the database is away: requests answer 9900004 instead of queueing.
    connectionTimeoutMillis: 3000,
    // A query stuck behind a lock or a dead link must not hold a request forever.
    query_timeout: 15_000,
    ...(opts.schema ? { options: `-c search_path=${opts.schema}` } : {}),
  });
  // A dropped connection is an 'error' event, and one without a listener ends the process.
  // pg-pool re-emits errors of idle clients on the pool but leaves a checked-out client's to
  // whoever holds it (Kysely attaches none): listen on every client for its whole life. The
  // query in flight fails by itself (→ 9900004) and the pool discards the broken client, so
  // the listeners only report; the next query connects afresh.
  const report = (err: Error) => opts.onConnectionError?.(err);
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
  const schema = opts.schema;
  // With a schema, every connection runs with it as its search_path: make sure it exists first.
  let ready: Promise<void> | undefined;
  const ensureSchema = () =>
    (ready ??= pool
      .query(`create schema if not exists "${schema}"`)
      .then(() => undefined)
      .catch((err: unknown) => {
        // Two connections creating it at once: "if not exists" still races in the catalog.
        if ((err as { code?: string }).code === '23505') return;
        ready = undefined;
        throw err;
      }));
  const Dialect = schema ? ownSchemaDialect(schema) : PostgresDialect;
  const db = new Kysely<Database>({
    dialect: new Dialect({
      pool: schema
        ? async () => {
            await ensureSchema();
            return pool;
          }
        : pool,
    }),
  });
  pools.set(db, pool);
  if (schema) schemas.set(db, schema);
  return db;
}

/**
 * Kysely's introspector (its migrator finds its own tables with it) lists the tables of every
 * schema and names each schema and table again on the way (has_schema_privilege,
 * pg_get_serial_sequence): a schema another process drops meanwhile fails the listing with
 * undefined_table or invalid_schema_name. A database given a schema of its own lists that schema.
 */
export class OwnSchemaIntrospector extends PostgresIntrospector {
  readonly #db: Kysely<unknown>;
  readonly #schema: string;
  constructor(db: Kysely<unknown>, schema: string) {
    super(db);
    this.#db = db;
    this.#schema = schema;
  }

  override async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const internal = options.withInternalKyselyTables
      ? sql``
      : sql`and c.relname not in (${DEFAULT_MIGRATION_TABLE}, ${DEFAULT_MIGRATION_LOCK_TABLE})`;
    const { rows } = await sql<{
      table: string;
      table_type: string;
      column: string;
      not_null: boolean;
      has_default: boolean;
      type: string;
      type_schema: string;
      column_description: string | null;
      auto_incrementing: string | null;
    }>`select c.relname as table, c.relkind as table_type, a.attname as column, a.attnotnull as not_null,
              a.atthasdef as has_default, typ.typname as type, dtns.nspname as type_schema,
              col_description(a.attrelid, a.attnum) as column_description,
              pg_get_serial_sequence(quote_ident(ns.nspname) || '.' || quote_ident(c.relname), a.attname) as auto_incrementing
         from pg_catalog.pg_attribute a
         join pg_catalog.pg_class c on a.attrelid = c.oid
         join pg_catalog.pg_namespace ns on c.relnamespace = ns.oid
         join pg_catalog.pg_type typ on a.atttypid = typ.oid
         join pg_catalog.pg_namespace dtns on typ.typnamespace = dtns.oid
        where ns.nspname = ${this.#schema} and c.relkind in ('r', 'v', 'p') and a.attnum >= 0 and not a.attisdropped ${internal}
        order by c.relname, a.attnum`.execute(this.#db);
    const tables = new Map<string, TableMetadata & { columns: TableMetadata['columns'][number][] }>();
    for (const r of rows) {
      let table = tables.get(r.table);
      if (!table) tables.set(r.table, (table = { name: r.table, schema: this.#schema, isView: r.table_type === 'v', columns: [] }));
      table.columns.push({
        name: r.column,
        dataType: r.type,
        dataTypeSchema: r.type_schema,
        isNullable: !r.not_null,
        hasDefaultValue: r.has_default,
        isAutoIncrementing: r.auto_incrementing !== null,
        ...(r.column_description === null ? {} : { comment: r.column_description }),
      });
    }
    return [...tables.values()];
  }
}

function ownSchemaDialect(schema: string): typeof PostgresDialect {
  return class extends PostgresDialect {
    override createIntrospector(db: Kysely<unknown>) {
      return new OwnSchemaIntrospector(db, schema);
    }
  };
}

/** The pg pool behind a Kysely instance opened by openPostgres (undefined for other dialects). */
export function rawPostgres(db: DB): pg.Pool | undefined {
  return pools.get(db);
}

/** The schema given to openPostgres, if any. */
export function postgresSchema(db: DB): string | undefined {
  return schemas.get(db);
}
