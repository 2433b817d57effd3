/** Keys per `IN (…)` list: PostgreSQL and SQLite both limit the bound parameters of one statement. */
const CHUNK = 500;

/** Rows for a long list of keys, queried CHUNK keys at a time, in the order of the chunks. */
export async function inChunks<K, T>(keys: readonly K[], run: (chunk: K[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < keys.length; i += CHUNK) out.push(...(await run(keys.slice(i, i + CHUNK))));
  return out;
}
