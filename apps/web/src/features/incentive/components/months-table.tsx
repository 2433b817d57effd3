import type { MonthStateData } from '@abo/contract';
import { DataTable, type DataColumn } from '../../../components/data-table/data-table.tsx';
import { HistoryStartNote } from '../../../components/no-data.tsx';

/** A month row greyed while it has nothing to show: a month still to come, or one before the history. */
export function monthRowAttrs(state: MonthStateData): { className: string | undefined } {
  return { className: state === 'future' || state === 'noData' ? 'inc-row--future' : undefined };
}

/**
 * A plan's months as a table, a row a month (`month` says which, and its state: see monthRowAttrs),
 * then where the history starts when its months begin before it.
 */
export function MonthsTable<R>({
  columns,
  rows,
  month,
  historyStart,
  caption,
}: {
  columns: readonly DataColumn<R>[];
  rows: readonly R[];
  month: (row: R) => { month: string; state: MonthStateData };
  historyStart: string | null | undefined;
  caption?: string;
}) {
  return (
    <>
      <DataTable
        {...(caption === undefined ? {} : { caption })}
        columns={columns}
        rows={rows}
        rowKey={(r) => month(r).month}
        rowAttrs={(r) => monthRowAttrs(month(r).state)}
      />
      <HistoryStartNote month={historyStart} />
    </>
  );
}
