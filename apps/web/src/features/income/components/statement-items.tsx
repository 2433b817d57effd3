import type { StatementData } from '@abo/contract';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../../components/data-table/data-table.tsx';
import { formatFen, formatFenLess } from '../../../lib/format.ts';
import { useLocalText } from '../../../lib/use-local-text.ts';
import { formatRateBp } from './income-format.ts';

type Item = StatementData['items'][number];

/** The statement's items with base and rate, then pre-tax, tax and net: a table that adds up. */
export function StatementItems({ s }: { s: StatementData }) {
  const { t } = useTranslation('income');
  const { lang, tx } = useLocalText();
  const columns: DataColumn<Item>[] = [
    {
      key: 'item',
      header: t('item'),
      cell: (it) => (
        <>
          <div>{tx(it.name)}</div>
          <div className="muted small income-note">{it.note ? tx(it.note) : t(`itemNotes.${it.code}`, { defaultValue: '' })}</div>
        </>
      ),
    },
    {
      key: 'base',
      header: `${t('base')} × ${t('rate')}`,
      numeric: true,
      cell: (it) => (
        <>
          {it.baseBvFen ? formatFen(it.baseBvFen, lang) : '—'}
          <div className="muted small">× {it.rateBp ? formatRateBp(it.rateBp, lang) : '—'}</div>
          {it.share ? (
            // An annual fund is shared, not paid as base × rate: show the fund and the units that share it.
            <div className="muted small" data-share>
              = {t('fund')} {formatFen(it.share.fundFen, lang)} · {t('unitsShort', { units: it.share.units, total: it.share.totalUnits })}
            </div>
          ) : null}
        </>
      ),
    },
    { key: 'amount', header: t('amount'), numeric: true, cell: (it) => formatFen(it.amountFen, lang) },
  ];
  return (
    <DataTable
      className="income-items"
      caption={t('items')}
      columns={columns}
      rows={s.items}
      rowKey={(it, i) => `${it.code}-${it.subCode ?? i}`}
      rowAttrs={(it) => ({ 'data-item-fen': it.amountFen })}
      footer={[
        {
          key: 'pretax',
          cells: {
            item: t('pretax'),
            base: <span className="muted small income-note">{t('itemsSum')}</span>,
            amount: formatFen(s.pretaxFen, lang),
          },
          attrs: { className: 'income-items__total', 'data-pretax-fen': s.pretaxFen },
        },
        { key: 'tax', cells: { item: t('tax'), amount: formatFenLess(s.taxFen, lang) }, attrs: { 'data-tax-fen': s.taxFen } },
        {
          key: 'net',
          cells: { item: t('net'), amount: formatFen(s.netFen, lang) },
          attrs: { className: 'income-items__net', 'data-net-fen': s.netFen },
        },
      ]}
    />
  );
}
