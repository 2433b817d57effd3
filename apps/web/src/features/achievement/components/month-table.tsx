import type { MonthStateData } from '@abo/contract';
import { DataTable, type DataColumn } from '../../../components/data-table/data-table.tsx';
import { FigureTrace } from '../../../components/figure-trace/figure-trace.tsx';
import { FreshnessNote } from '../../../components/freshness-note.tsx';
import { HistoryStartNote, historyStartOf, NoData } from '../../../components/no-data.tsx';
import { useAch, YesNo } from './shared.tsx';

interface MonthRow {
  month: string;
  state: MonthStateData;
}

/**
 * A table with a row per month (the 12-month views): the month first, marked "so far" while it is
 * open, then the page's columns. `newestFirst` lists the open month at the top.
 */
export function MonthTable<T extends MonthRow>({
  rows,
  columns,
  caption,
  newestFirst = false,
}: {
  rows: readonly T[];
  columns: DataColumn<T>[];
  /** The table's name when the card it sits in has no heading. */
  caption?: string;
  newestFirst?: boolean;
}) {
  const { t, month } = useAch();
  const all: DataColumn<T>[] = [
    { key: 'month', header: t('month'), cell: (m) => `${month(m.month)}${m.state === 'open' ? t('mtd') : ''}` },
    // A month before the history has no figures: "no data" in every column, never a closed 0.
    ...columns.map((c) => ({ ...c, cell: (m: T, i: number) => (m.state === 'noData' ? <NoData /> : c.cell(m, i)) })),
  ];
  // How fresh the figures are: those of the open month (provisional), or else of the newest month.
  const noted = rows.find((m) => m.state === 'open') ?? rows.at(-1);
  return (
    <>
      <DataTable columns={all} rows={newestFirst ? [...rows].reverse() : rows} rowKey={(m) => m.month} {...(caption ? { caption } : {})} />
      <HistoryStartNote month={historyStartOf(rows)} />
      {noted ? <FreshnessNote month={noted.month} /> : null}
    </>
  );
}

/**
 * A month's yes/no as the counts above the table take it (countsSoFar, as the plans count): final
 * once the month is closed, so far ("to date") while it is open; nothing yet for a future month.
 */
export function MonthYesNo({ m, value }: { m: MonthRow; value: boolean }) {
  const { t } = useAch();
  if (m.state === 'future') return <span className="muted">—</span>;
  if (m.state === 'noData') return <NoData />;
  return (
    <>
      <YesNo value={value} />
      {m.state === 'open' ? <span className="muted small">{t('mtd')}</span> : null}
    </>
  );
}

/** A month's SP-month answer with its trace (the engine's SP-month test on that month's APV and Q legs). */
export function SpMonthCell({ m }: { m: MonthRow & { isSp: boolean; apv: number; qLegs: number } }) {
  const { t, month } = useAch();
  return (
    <>
      <MonthYesNo m={m} value={m.isSp} />
      {m.state === 'future' || m.state === 'noData' ? null : (
        <FigureTrace
          compact
          trace={{ kind: 'sp', month: m.month, apv: m.apv, qLegs: m.qLegs }}
          subject={`${t('spMonth')} ${month(m.month)}`}
        />
      )}
    </>
  );
}
