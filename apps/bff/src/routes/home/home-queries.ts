// The reads behind /bff/v1/home/summary that no other area shares: the newest statement's totals.
import type { DB } from '../../db/index.ts';
import { preparedQuery } from '../../db/prepared-query.ts';

const newest = preparedQuery((db, p: { ada: string }) =>
  db.selectFrom('statements').select(['month', 'net_fen', 'pretax_fen']).where('ada', '=', p.ada).orderBy('month', 'desc').limit(1),
);

/** The newest statement's month and totals (fen), or undefined before the first statement. */
export async function latestStatementTotals(
  db: DB,
  ada: string,
): Promise<{ month: string; netFen: number; pretaxFen: number } | undefined> {
  const [s] = await newest(db, { ada });
  return s && { month: s.month, netFen: Number(s.net_fen), pretaxFen: Number(s.pretax_fen) };
}
