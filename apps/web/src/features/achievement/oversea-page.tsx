import { useMemo } from 'react';
import { Figure } from '../../components/figure.tsx';
import { Page } from '../../components/page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { SimpleChart } from '../../components/simple-chart.tsx';
import { useOversea } from './api/get-oversea.ts';
import { useAch } from './components/shared.tsx';
import './i18n.ts';
import { TableScroll } from '../../components/table-scroll.tsx';

/** /achievement/oversea: volume of downline distributors registered in other markets. */
export default function OverseaPage() {
  const { t, pv, month } = useAch();
  const q = useOversea();
  const chart = useMemo(() => {
    const m = q.data?.months ?? [];
    return {
      labels: m.map((x) => month(x.month)),
      series: [{ label: t('ppv'), values: m.map((x) => x.pv) }],
    };
  }, [q.data, month, t]);
  return (
    <Page title={t('nav.oversea')} onRefresh={() => q.refetch()} wide>
      <QueryState query={q}>
        {(d) => (
          <>
            <section className="card">
              <div className="ach-figures">
                <Figure value={pv(d.totalPv)} unit="PV" label={t('oversea.total')} />
                <Figure value={d.overseaCount} unit={t('people')} label={t('oversea.overseaCount')} />
                <Figure value={d.downlineCount} unit={t('people')} label={t('oversea.downline')} />
                <Figure value={d.markets.length} label={t('oversea.marketCount')} />
              </div>
              {d.overseaCount === 0 ? <p className="muted ach-note">{t('oversea.none')}</p> : null}
            </section>
            {d.overseaCount === 0 ? null : (
              <>
                <div className="grid grid--2">
                  <section className="card">
                    <h2 className="card__title">{t('oversea.markets')}</h2>
                    <TableScroll>
                      <table className="data-table">
                        <thead>
                          <tr>
                            <th scope="col">{t('oversea.market')}</th>
                            <th scope="col">{t('oversea.distributors')}</th>
                            <th scope="col">PV (12 {t('monthsUnit')})</th>
                          </tr>
                        </thead>
                        <tbody>
                          {d.markets.map((m) => (
                            <tr key={m.market}>
                              <th scope="row">{m.market}</th>
                              <td>{m.distributors}</td>
                              <td>{pv(m.pv)}</td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    </TableScroll>
                  </section>
                  <section className="card">
                    <h2 className="card__title">{t('oversea.chart')}</h2>
                    <SimpleChart title={t('oversea.chart')} labels={chart.labels} series={chart.series} format={pv} />
                  </section>
                </div>
                <section className="card">
                  <TableScroll>
                    <table className="data-table">
                      <thead>
                        <tr>
                          <th scope="col">{t('month')}</th>
                          <th scope="col">PV</th>
                          <th scope="col">{t('oversea.activeCount')}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {[...d.months].reverse().map((m) => (
                          <tr key={m.month}>
                            <th scope="row">
                              {month(m.month)}
                              {m.closed ? '' : t('mtd')}
                            </th>
                            <td>{pv(m.pv)}</td>
                            <td>{m.active}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </TableScroll>
                </section>
              </>
            )}
          </>
        )}
      </QueryState>
    </Page>
  );
}
