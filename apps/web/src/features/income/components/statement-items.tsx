import type { StatementData } from '@abo/contract';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../../components/data-table/data-table.tsx';
import { formatFen, formatFenLess } from '../../../lib/format.ts';
import { useLocalText } from '../../../lib/use-local-text.ts';
import { ItemCalculation } from './item-calculation.tsx';

type Item = StatementData['items'][number];

/** The statement's items, each with how its amount is worked out, then pre-tax, tax and net: a table that adds up. */
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
      // How the amount is worked out, only where it checks (ItemCalculation): the promotion fee is
      // no base × rate, nor is an item that paid nothing.
      key: 'base',
      header: t('calculation'),
      numeric: true,
      wrap: true,
      cell: (it) => <ItemCalculation item={it} month={s.month!} />,
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
