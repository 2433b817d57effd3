import { CheckCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Figure } from '../../components/figure.tsx';
import { Page } from '../../components/page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { TermHelp } from '../../components/term-help.tsx';
import { formatFen, formatMonth, formatPv } from '../../lib/format.ts';
import { usePromotion } from './api/get-promotion.ts';
import { IncomeLinks } from './components/income-links.tsx';
import { formatPercent } from './components/income-format.ts';
import { MonthSelect } from './components/pickers.tsx';
import { useParam } from './components/use-param.ts';
import './i18n.ts';
import './income.css';
import { TableScroll } from '../../components/table-scroll.tsx';

/** /income/promotionservicefee: the bracket differential of a month, one line per frontline leg. */
export default function PromotionServiceFeePage() {
  const { t, i18n } = useTranslation('income');
  const lang = i18n.language;
  const en = lang === 'en-US';
  const [month, setMonth] = useParam('month');
  const q = usePromotion(month);

  return (
    <Page title={t('pages.promotionservicefee')} onRefresh={() => q.refetch()} wide>
      <QueryState
        query={q}
        isEmpty={(p) => p.month === null}
        emptyTitle={t('noStatements')}
        emptyText={t('noStatementsText')}
        skeletonLines={8}
      >
        {(p) => (
          <>
            <div className="card income-toolbar">
              <MonthSelect value={p.month!} months={p.months} onChange={setMonth} />
              <TermHelp code="BRACKET" />
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
                <Figure value={formatPv(p.pgpv, lang)} unit="PV" label={t('pgpv')} />
              </div>
              <p className="muted small">{t('promoExplain', { percent: p.ownPercent })}</p>
            </section>
            <section className="card" aria-labelledby="legs-title">
              <h2 className="card__title" id="legs-title">
                {t('legs')}
              </h2>
              <TableScroll>
                <table className="data-table income-legs">
                  <thead>
                    <tr>
                      <th scope="col">{t('leg')}</th>
                      <th scope="col">
                        PV
                        <div className="small">BV</div>
                      </th>
                      <th scope="col">
                        {t('legBracketShort')}
                        <div className="small">× {t('differential')}</div>
                      </th>
                      <th scope="col">{t('amount')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {p.lines.map((l, i) => (
                      <tr key={l.legAdaMasked ?? `own-${i}`} data-line-fen={l.amountFen}>
                        <th scope="row">
                          {l.legAdaMasked === null ? (
                            t('ownPv')
                          ) : (
                            <>
                              <span className="income-legname">{(en ? l.legNameEn : l.legName) ?? l.legAdaMasked}</span>
                              <span className="income-masked">{l.legAdaMasked}</span>{' '}
                              {l.isQ ? (
                                <span className="income-tag income-tag--q">
                                  <CheckCircleOutline aria-hidden="true" /> {t('qLeg')}
                                </span>
                              ) : null}
                            </>
                          )}
                        </th>
                        <td>
                          {formatPv(l.pv, lang)}
                          <div className="muted small">{formatFen(l.bvFen, lang)}</div>
                        </td>
                        <td>
                          {l.legAdaMasked === null ? '—' : formatPercent(l.legPercent, lang)}
                          <div className="muted small">× {formatPercent(l.differentialPercent, lang)}</div>
                        </td>
                        <td>{formatFen(l.amountFen, lang)}</td>
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <tr>
                      <th scope="row">{t('total')}</th>
                      <td colSpan={2} />
                      <td>{formatFen(p.amountFen, lang)}</td>
                    </tr>
                  </tfoot>
                </table>
              </TableScroll>
            </section>
            <IncomeLinks pages={['servicefee', 'commissiondetail', 'pretaxdetails']} search={`month=${p.month}`} />
          </>
        )}
      </QueryState>
    </Page>
  );
}
