import { href } from '@abo/contract/pages';
import type { IncomeTotals, StatementRow } from '@abo/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table/data-table.tsx';
import { NoData } from '../../../components/no-data.tsx';
import { formatFen, formatMonth } from '../../../lib/format.ts';
import { useLocalText } from '../../../lib/use-local-text.ts';
import { PaidOn } from './paid-on.tsx';

/**
 * A month of statements with its payment date; `hasStatement: false` is a month nothing was paid
 * for (no statement to open, no payment date); `noData` a month before the history (nothing known).
 */
type StatementMonth = Omit<StatementRow, 'paidOn'> & { paidOn: string | null; hasStatement?: boolean; noData?: boolean | undefined };

/**
 * Months of statements (pre-tax, tax, net) and their total, each month opening its statement and
 * saying when it is paid. data-* carry the fen, so checks can add the months up against the total.
 */
export function StatementTable({ rows, totals, current }: { rows: readonly StatementMonth[]; totals: IncomeTotals; current?: string }) {
  const { t } = useTranslation('income');
  const { t: tc } = useTranslation();
  const { lang } = useLocalText();
  const fen = (n: number) => formatFen(n, lang);
  const columns: DataColumn<StatementMonth>[] = [
    {
      key: 'month',
      header: t('month'),
      cell: (r) =>
        r.noData ? (
          <>
            {formatMonth(r.month, lang)} <span className="muted small">({tc('history.noData')})</span>
          </>
        ) : r.hasStatement === false ? (
          <>
            {formatMonth(r.month, lang)} <span className="muted small">({t('noStatement')})</span>
          </>
        ) : (
          <>
            <Link to={href('/income/servicefee', { month: r.month })}>{formatMonth(r.month, lang)}</Link>
            {r.paidOn ? (
              <div>
                <PaidOn day={r.paidOn} />
              </div>
            ) : null}
          </>
        ),
    },
    // A month before the history: no figures, not ¥0.00.
    { key: 'pretax', header: t('pretax'), numeric: true, cell: (r) => (r.noData ? <NoData /> : fen(r.pretaxFen)) },
    { key: 'tax', header: t('tax'), numeric: true, cell: (r) => (r.noData ? <NoData /> : fen(r.taxFen)) },
    { key: 'net', header: t('net'), numeric: true, cell: (r) => (r.noData ? <NoData /> : fen(r.netFen)) },
  ];
  return (
    <DataTable
      columns={columns}
      rows={rows}
      rowKey={(r) => r.month}
      rowAttrs={(r) => ({
        'aria-current': r.month === current ? 'true' : undefined,
        'data-month-pretax': r.pretaxFen,
        'data-month-tax': r.taxFen,
        'data-month-net': r.netFen,
      })}
      footer={[
        {
          key: 'total',
          cells: { month: t('total'), pretax: fen(totals.pretaxFen), tax: fen(totals.taxFen), net: fen(totals.netFen) },
          attrs: { 'data-total-pretax': totals.pretaxFen, 'data-total-tax': totals.taxFen, 'data-total-net': totals.netFen },
        },
      ]}
    />
  );
}
