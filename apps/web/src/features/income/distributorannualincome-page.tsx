import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../components/page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { formatFen, formatMonth } from '../../lib/format.ts';
import { useAnnualIncome } from './api/get-annual-income.ts';
import { IncomeLinks } from './components/income-links.tsx';
import { MonthsChart } from './components/months-chart.tsx';
import { PySelect } from './components/pickers.tsx';
import { TotalsGrid } from './components/totals.tsx';
import { useParam } from './components/use-param.ts';
import './i18n.ts';
import './income.css';
import { TableScroll } from '../../components/table-scroll.tsx';

/** /income/distributorannualincome: the 12 months of a PY (?year=25/26, default the current PY). */
export default function DistributorAnnualIncomePage() {
  const { t, i18n } = useTranslation('income');
  const lang = i18n.language;
  const [year, setYear] = useParam('year');
  const q = useAnnualIncome(year);

  return (
    <Page title={t('pages.distributorannualincome')} onRefresh={() => q.refetch()} wide>
      <QueryState query={q} skeletonLines={8}>
        {(d) => {
          const paid = d.months.filter((m) => m.hasStatement).length;
          return (
            <>
              <div className="card income-toolbar">
                <PySelect value={d.py} pys={d.pys} onChange={setYear} />
                <span className="muted small">{t('monthsCount', { n: paid })}</span>
              </div>
              <section className="card" aria-labelledby="annual-title">
                <h2 className="card__title" id="annual-title">
                  {t('pyLabel')} {d.py}
                </h2>
                <TotalsGrid totals={d.totals} />
                {paid === 0 ? (
                  <p className="muted income-empty-note">{t('reviewEmpty')}</p>
                ) : (
                  <MonthsChart
                    title={t('annualChart', { py: d.py })}
                    months={d.months.map((m) => m.month)}
                    series={[
                      { label: t('pretax'), fen: d.months.map((m) => m.pretaxFen) },
                      { label: t('net'), fen: d.months.map((m) => m.netFen) },
                    ]}
                    height={240}
                  />
                )}
              </section>
              <section className="card" aria-labelledby="months-title">
                <h2 className="card__title" id="months-title">
                  {t('monthsOfPy', { py: d.py })}
                </h2>
                <TableScroll>
                  <table className="data-table">
                    <thead>
                      <tr>
                        <th scope="col">{t('month')}</th>
                        <th scope="col">{t('pretax')}</th>
                        <th scope="col">{t('tax')}</th>
                        <th scope="col">{t('net')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {d.months.map((m) => (
                        <tr key={m.month} data-month-pretax={m.pretaxFen} data-month-tax={m.taxFen} data-month-net={m.netFen}>
                          <th scope="row">
                            {m.hasStatement ? (
                              <Link to={`/income/servicefee?month=${m.month}`}>{formatMonth(m.month, lang)}</Link>
                            ) : (
                              <>
                                {formatMonth(m.month, lang)} <span className="muted small">({t('noStatement')})</span>
                              </>
                            )}
                          </th>
                          <td>{formatFen(m.pretaxFen, lang)}</td>
                          <td>{formatFen(m.taxFen, lang)}</td>
                          <td>{formatFen(m.netFen, lang)}</td>
                        </tr>
                      ))}
                    </tbody>
                    <tfoot>
                      <tr data-total-pretax={d.totals.pretaxFen} data-total-tax={d.totals.taxFen} data-total-net={d.totals.netFen}>
                        <th scope="row">{t('total')}</th>
                        <td>{formatFen(d.totals.pretaxFen, lang)}</td>
                        <td>{formatFen(d.totals.taxFen, lang)}</td>
                        <td>{formatFen(d.totals.netFen, lang)}</td>
                      </tr>
                    </tfoot>
                  </table>
                </TableScroll>
                <p className="muted small">{t('sumOfMonths')}</p>
              </section>
              <IncomeLinks pages={['annualreview', 'annualtaxable', 'query']} />
            </>
          );
        }}
      </QueryState>
    </Page>
  );
}
