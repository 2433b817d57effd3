import { useMemo } from 'react';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { TableCard } from '../../components/data-table/table-card.tsx';
import { Figure } from '../../components/figure.tsx';
import { Page } from '../../components/page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { SimpleChart } from '../../components/simple-chart.tsx';
import { useOversea } from './api/get-oversea.ts';
import { MonthTable } from './components/month-table.tsx';
import { useAch } from './components/shared.tsx';
import './i18n.ts';
import './oversea-i18n.ts';

/** /achievement/oversea: volume of downline distributors registered in other markets. */
export default function OverseaPage() {
  const { t, pv, month } = useAch();
  const q = useOversea();
  const chart = useMemo(() => {
    const m = q.data?.months ?? [];
    return {
      labels: m.map((x) => month(x.month)),
      series: [{ label: t('ppv'), values: m.map((x) => x.pv) }],
      states: m.map((x) => x.state),
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
                  <TableCard title={t('oversea.markets')}>
                    <DataTable
                      columns={[
                        { key: 'market', header: t('oversea.market'), cell: (m) => m.market },
                        { key: 'distributors', header: t('oversea.distributors'), numeric: true, cell: (m) => m.distributors },
                        { key: 'pv', header: `PV (12 ${t('monthsUnit')})`, numeric: true, cell: (m) => pv(m.pv) },
                      ]}
                      rows={d.markets}
                      rowKey={(m) => m.market}
                    />
                  </TableCard>
                  <section className="card">
                    <h2 className="card__title">{t('oversea.chart')}</h2>
                    <SimpleChart title={t('oversea.chart')} labels={chart.labels} series={chart.series} states={chart.states} format={pv} />
                  </section>
                </div>
                <section className="card">
                  <MonthTable
                    caption={t('oversea.chart')}
                    newestFirst
                    rows={d.months}
                    columns={[
                      { key: 'pv', header: 'PV', numeric: true, cell: (m) => pv(m.pv) },
                      { key: 'active', header: t('oversea.activeCount'), numeric: true, cell: (m) => m.active },
                    ]}
                  />
                </section>
              </>
            )}
          </>
        )}
      </QueryState>
    </Page>
  );
}
