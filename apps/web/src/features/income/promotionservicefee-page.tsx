import type { PromotionLine } from '@abo/contract';
import { CheckCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../components/data-table/data-table.tsx';
import { TableCard } from '../../components/data-table/table-card.tsx';
import { Figure } from '../../components/figure.tsx';
import { Page } from '../../components/page.tsx';
import { FigureTrace } from '../../components/figure-trace/figure-trace.tsx';
import { formatFen, formatMonth, formatPv } from '../../lib/format.ts';
import { useLocalText } from '../../lib/use-local-text.ts';
import { usePromotion } from './api/get-promotion.ts';
import { IncomeLinks } from './components/income-links.tsx';
import { formatPercent } from './components/income-format.ts';
import { MonthQueryState, MonthSelect } from './components/pickers.tsx';
import { useParam } from './components/use-param.ts';
import './i18n.ts';
import './income.css';

/** /income/promotionservicefee: the bracket differential of a month, one line per frontline leg. */
export default function PromotionServiceFeePage() {
  const { t } = useTranslation('income');
  const { lang, tx } = useLocalText();
  const [month, setMonth] = useParam('month');
  const q = usePromotion(month);
  const columns: DataColumn<PromotionLine>[] = [
    {
      key: 'leg',
      header: t('leg'),
      cell: (l) =>
        l.legAdaMasked === null ? (
          t('ownPv')
        ) : (
          <>
            <span className="income-legname">{l.legName ? tx(l.legName) : l.legAdaMasked}</span>
            <span className="income-masked">{l.legAdaMasked}</span>{' '}
            {l.isQ ? (
              <span className="income-tag income-tag--q">
                <CheckCircleOutline aria-hidden="true" /> {t('qLeg')}
              </span>
            ) : null}
          </>
        ),
    },
    {
      key: 'volume',
      header: (
        <>
          PV
          <div className="small">BV</div>
        </>
      ),
      label: 'PV / BV',
      numeric: true,
      cell: (l) => (
        <>
          {formatPv(l.pv, lang)}
          <div className="muted small">{formatFen(l.bvFen, lang)}</div>
        </>
      ),
    },
    {
      key: 'percent',
      header: (
        <>
          {t('legBracketShort')}
          <div className="small">× {t('differential')}</div>
        </>
      ),
      label: `${t('legBracketShort')} × ${t('differential')}`,
      numeric: true,
      cell: (l) => (
        <>
          {l.legAdaMasked === null ? '—' : formatPercent(l.legPercent, lang)}
          <div className="muted small">× {formatPercent(l.differentialPercent, lang)}</div>
        </>
      ),
    },
    { key: 'amount', header: t('amount'), numeric: true, cell: (l) => formatFen(l.amountFen, lang) },
  ];

  return (
    <Page title={t('pages.promotionservicefee')} onRefresh={() => q.refetch()} wide>
      <MonthQueryState query={q} month={month}>
        {(p) => (
          <>
            <div className="card income-toolbar">
              <MonthSelect value={p.month!} months={p.months} onChange={setMonth} />
              <FigureTrace
                trace={{ kind: 'bracket', month: p.month!, ppv: p.lines.find((l) => l.legAdaMasked === null)?.pv ?? 0, gpv: p.gpv }}
                subject={t('bracket')}
              />
            </div>
            <section className="card" aria-labelledby="promo-title">
              <h2 className="card__title" id="promo-title">
                {t('pages.promotionservicefee')} · {formatMonth(p.month!, lang)}
              </h2>
              <div className="grid income-totals">
                <div data-promo-fen={p.amountFen}>
                  <Figure value={formatFen(p.amountFen, lang)} label={t('amount')} />
                </div>
                <Figure value={p.ownPercent} unit="%" label={t('bracket')} />
                <Figure value={formatPv(p.gpv, lang)} unit="PV" label={t('gpv')} />
              </div>
              <p className="muted small">{t('promoExplain', { percent: p.ownPercent })}</p>
            </section>
            <TableCard id="legs-title" title={t('legs')}>
              <DataTable
                className="income-legs"
                columns={columns}
                rows={p.lines}
                rowKey={(l, i) => l.legAdaMasked ?? `own-${i}`}
                rowAttrs={(l) => ({ 'data-line-fen': l.amountFen })}
                footer={[{ key: 'total', cells: { leg: t('total'), amount: formatFen(p.amountFen, lang) } }]}
              />
            </TableCard>
            <IncomeLinks pages={['servicefee', 'commissiondetail', 'pretaxdetails']} search={`month=${p.month}`} />
          </>
        )}
      </MonthQueryState>
    </Page>
  );
}
