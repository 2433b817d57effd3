// The stored monthly statements as more than one area reads them: which months a distributor can
// query. The income pages and common's generate/queryable/month check against this one list.
import type { DB } from './index.ts';
import { preparedQuery } from '../lib/prepared-query.ts';

const statementMonths = preparedQuery((db, p: { ada: string }) =>
  db.selectFrom('statements').select('month').where('ada', '=', p.ada).orderBy('month', 'desc'),
);

/** Months with a statement, newest first: exactly the list generate/queryable/month gives. */
export async function queryableMonths(db: DB, ada: string): Promise<string[]> {
  return (await statementMonths(db, { ada })).map((m) => m.month);
}
