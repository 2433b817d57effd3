// The stored monthly statements as more than one area reads them: which months a distributor can
// query, and in which calendar (tax) years they were paid. The income pages and common's
// generate/queryable/month check against these lists.
import { paymentYearOf } from '@abo/plan';
import type { DB } from './index.ts';
import { preparedQuery } from './prepared-query.ts';

const statementMonths = preparedQuery((db, p: { ada: string }) =>
  db.selectFrom('statements').select('month').where('ada', '=', p.ada).orderBy('month', 'desc'),
);

const paymentDates = preparedQuery((db, p: { ada: string }) =>
  db.selectFrom('statements').select('paid_on').where('ada', '=', p.ada).orderBy('paid_on', 'desc'),
);

/** Months with a statement, newest first: exactly the list generate/queryable/month gives. */
export async function queryableMonths(db: DB, ada: string): Promise<string[]> {
  return (await statementMonths(db, { ada })).map((m) => m.month);
}

/** Calendar years in which a statement was paid (by its payment date), newest first. */
export async function paymentYears(db: DB, ada: string): Promise<string[]> {
  return [...new Set((await paymentDates(db, { ada })).map((r) => paymentYearOf(r.paid_on)))];
}
