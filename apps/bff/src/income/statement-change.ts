// What "compared with" reads: the two statements and their months' volumes through the income
// queries, the legs' names, then the presenter. Shared by the page's call and the statement PDF.
import type { StatementChangeData } from '@abo/contract';
import type { DB } from '../db/index.ts';
import type { NameViewer } from '../lib/name-policy.ts';
import { changeInputs, legPeople, resolveMonth } from './income-queries.ts';
import { noStatementChange, statementChangeData } from './statement-change-presenter.ts';

/**
 * `month`'s statement (default: the latest) against `compare`'s (default: the statement before
 * it); either must be a queryable month, else the income pages' error.
 */
export async function statementChangeOf(
  db: DB,
  ada: string,
  viewer: NameViewer,
  askedMonth: string | undefined,
  askedCompare: string | undefined,
): Promise<StatementChangeData> {
  const { months, month } = await resolveMonth(db, ada, askedMonth);
  if (month === null) return noStatementChange(null, months, null);
  const compare = askedCompare ? (await resolveMonth(db, ada, askedCompare)).month : months[months.indexOf(month) + 1];
  const to = await changeInputs(db, ada, month);
  if (!compare) return noStatementChange(month, months, to);
  const from = await changeInputs(db, ada, compare);
  const legIds = [...(to.inputs?.legs ?? []), ...(from.inputs?.legs ?? [])].map((l) => l.id);
  const people = await legPeople(db, [...new Set(legIds)]);
  return statementChangeData(month, compare, months, to, from, people, viewer);
}
