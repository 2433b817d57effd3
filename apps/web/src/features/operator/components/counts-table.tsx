import type { ImportCounts } from '@abo/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import { formatCount, formatMonths } from './run-format.ts';

interface Row {
  file: string;
  rows: number;
  added: number;
  updated: number | null;
}

/** Rows per file and how many are (or would be) new or changed, and the months they fall in, under `title`. */
export function CountsTable({ counts, title }: { counts: ImportCounts; title: string }) {
  const { t, i18n } = useTranslation('operator');
  const titleId = useId();
  const lang = i18n.language;
  const rows: Row[] = [
    { file: 'distributors.csv', ...counts.distributors },
    { file: 'orders.csv', ...counts.orders, updated: null },
    { file: 'attendance.csv', ...counts.attendance, updated: null },
  ];
  return (
    <>
      <h3 className="op-subtitle" id={titleId}>
        {title}
      </h3>
      <DataTable
        labelledBy={titleId}
        // Four short columns fit a phone: kept as a grid rather than a block per file.
        layout="grid"
        columns={[
          { key: 'file', header: t('counts.file'), cell: (r) => r.file },
          { key: 'rows', header: t('counts.rows'), numeric: true, cell: (r) => formatCount(r.rows, lang) },
          { key: 'added', header: t('counts.added'), numeric: true, cell: (r) => formatCount(r.added, lang) },
          {
            key: 'updated',
            header: t('counts.updated'),
            numeric: true,
            cell: (r) => (r.updated === null ? '—' : formatCount(r.updated, lang)),
          },
        ]}
        rows={rows}
        rowKey={(r) => r.file}
      />
      <p className="op-months">
        <span className="muted">{t('counts.months')}</span> <span className="num">{formatMonths(counts.months, lang, t)}</span>
      </p>
    </>
  );
}
