// Fixed-shape Kysely queries built and compiled once per database.
//
// Building a query with Kysely's builder and compiling it to SQL costs about as much as running
// one of the small indexed queries the hot routes make (bench/bff.ts). A prepared query is
// built once with a marker in place of each parameter; every call then only puts its values
// where the markers went and runs the compiled SQL. It stays plain Kysely, so it runs on
// SQLite and PostgreSQL alike (the SQL is compiled by the database's own dialect).
import type { Compilable, CompiledQuery } from 'kysely';
import type { DB } from './index.ts';

type Params = Record<string, string | number | null>;

interface Compiled {
  query: CompiledQuery;
  /** For each compiled parameter, the name of the call parameter it takes, or null (a constant). */
  slots: (string | null)[];
}

const MARKER = '\u0000abo-param:';

/**
 * A query whose shape is the same on every call; only the values of `params` change. The
 * builder receives markers for the parameters (typed as their values) and must use each only
 * as a value (not a list, an identifier or raw SQL): that is checked when it is compiled.
 * No Kysely plugins run on it (the app uses none).
 */
export function preparedQuery<P extends Params, O>(build: (db: DB, params: P) => Compilable<O>): (db: DB, params: P) => Promise<O[]> {
  const compiledFor = new WeakMap<object, Compiled>();
  const compile = (db: DB): Compiled => {
    const names = new Set<string>();
    const markers = new Proxy({} as P, {
      get: (_target, name) => {
        if (typeof name !== 'string') return undefined;
        names.add(name);
        return `${MARKER}${name}`;
      },
    });
    const query = build(db, markers).compile();
    const slots = query.parameters.map((p) => (typeof p === 'string' && p.startsWith(MARKER) ? p.slice(MARKER.length) : null));
    if (query.sql.includes(MARKER) || [...names].some((n) => !slots.includes(n))) {
      throw new Error(`preparedQuery: a parameter is not used as a plain value in ${query.sql}`);
    }
    return { query, slots };
  };
  return async (db: DB, params: P): Promise<O[]> => {
    let c = compiledFor.get(db);
    if (!c) compiledFor.set(db, (c = compile(db)));
    const { query, slots } = c;
    const parameters = new Array<unknown>(slots.length);
    for (let i = 0; i < slots.length; i++) {
      const name = slots[i]!;
      parameters[i] = name === null ? query.parameters[i] : params[name];
    }
    const result = await db.executeQuery<O>({ ...query, parameters } as CompiledQuery<O>);
    return result.rows;
  };
}
