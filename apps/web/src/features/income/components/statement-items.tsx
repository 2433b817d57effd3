import type { StatementData } from '@abo/contract';
import { useTranslation } from 'react-i18next';
import { formatFen } from '../../../lib/format.ts';
import { formatRateBp } from './income-format.ts';
import { TableScroll } from '../../../components/table-scroll.tsx';

/** The statement's items with base and rate, then pre-tax, tax and net: a table that adds up. */
export function StatementItems({ s }: { s: StatementData }) {
  const { t, i18n } = useTranslation('income');
  const lang = i18n.language;
  const en = lang === 'en-US';
  return (
    <TableScroll>
      <table className="data-table income-items">
        <caption className="visually-hidden">{t('items')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('item')}</th>
            <th scope="col">
              {t('base')} × {t('rate')}
            </th>
            <th scope="col">{t('amount')}</th>
          </tr>
        </thead>
        <tbody>
          {s.items.map((it, i) => (
            <tr key={`${it.code}-${it.subCode ?? i}`} data-item-fen={it.amountFen}>
              <th scope="row">
                <div>{en ? it.nameEn : it.name}</div>
                <div className="muted small income-note">
                  {(en ? it.noteEn : it.note) ?? t(`itemNotes.${it.code}`, { defaultValue: '' })}
                </div>
              </th>
              <td>
                {it.baseBvFen ? formatFen(it.baseBvFen, lang) : '—'}
                <div className="muted small">× {it.rateBp ? formatRateBp(it.rateBp, lang) : '—'}</div>
              </td>
              <td>{formatFen(it.amountFen, lang)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="income-items__total">
            <th scope="row">{t('pretax')}</th>
            <td className="muted small income-note">{t('itemsSum')}</td>
            <td data-pretax-fen={s.pretaxFen}>{formatFen(s.pretaxFen, lang)}</td>
          </tr>
          <tr>
            <th scope="row">{t('tax')}</th>
            <td />
            <td data-tax-fen={s.taxFen}>− {formatFen(s.taxFen, lang)}</td>
          </tr>
          <tr className="income-items__net">
            <th scope="row">{t('net')}</th>
            <td />
            <td data-net-fen={s.netFen}>{formatFen(s.netFen, lang)}</td>
          </tr>
        </tfoot>
      </table>
    </TableScroll>
  );
}
