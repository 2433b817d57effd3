import { useMemo } from 'react';
import { Figure } from '../../components/figure.tsx';
import { Page } from '../../components/page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { SimpleChart } from '../../components/simple-chart.tsx';
import { FigureTrace } from '../../components/figure-trace/figure-trace.tsx';
import { useOverallMarket } from './api/get-overall-market.ts';
import { MonthTable } from './components/month-table.tsx';
import { useAch } from './components/shared.tsx';
import './i18n.ts';
import './overall-market-apv-i18n.ts';

/** /achievement/overallmarketapv: the whole downline market by month (the leader's group PV). */
export default function OverallMarketApvPage() {
  const { t, pv, month } = useAch();
  const q = useOverallMarket();
  const chart = useMemo(() => {
    const m = q.data?.months ?? [];
    return {
      labels: m.map((x) => month(x.month)),
      series: [
        { label: t('gpv'), values: m.map((x) => x.gpv) },
        { label: t('apv'), values: m.map((x) => x.apv), kind: 'line' as const },
      ],
      states: m.map((x) => x.state),
    };
  }, [q.data, month, t]);
  return (
    <Page title={t('nav.overallmarketapv')} onRefresh={() => q.refetch()} wide>
      <QueryState query={q} isEmpty={(d) => d.months.every((m) => m.gpv === 0)}>
        {(d) => {
          const cur = d.months[d.months.length - 1];
          return (
            <>
              <section className="card">
                <h2 className="card__title">{t('thisMonth', { month: month(d.month) })}</h2>
                <div className="ach-figures">
                  <Figure value={pv(cur?.gpv ?? 0)} unit="PV" label={t('gpv')} />
                  <Figure value={pv(cur?.apv ?? 0)} unit="PV" label={t('apv')} />
                  <Figure value={d.downlineCount} unit={t('people')} label={t('market.downline')} />
                  <Figure value={d.frontlineCount} unit={t('people')} label={t('market.frontline')} />
                </div>
                <p className="muted small ach-note">{t('market.note')}</p>
                {cur ? (
                  <FigureTrace trace={{ kind: 'apv', month: cur.month, gpv: cur.gpv, apv: cur.apv, ppv: cur.ppv, qLegs: cur.qLegs }} />
                ) : null}
              </section>
              <section className="card">
                <h2 className="card__title">{t('market.chart')}</h2>
                <SimpleChart title={t('market.chart')} labels={chart.labels} series={chart.series} states={chart.states} format={pv} />
              </section>
              <section className="card">
                <MonthTable
                  caption={t('navHint.overallmarketapv')}
                  newestFirst
                  rows={d.months}
                  columns={[
                    { key: 'gpv', header: t('gpv'), numeric: true, cell: (m) => pv(m.gpv) },
                    { key: 'apv', header: t('apv'), numeric: true, cell: (m) => pv(m.apv) },
                    { key: 'qVolume', header: t('market.qVolume'), numeric: true, cell: (m) => pv(m.qLegsPv) },
                    { key: 'qLegs', header: t('qLegs'), numeric: true, cell: (m) => m.qLegs },
                    { key: 'ppv', header: t('ppv'), numeric: true, cell: (m) => pv(m.ppv) },
                  ]}
                />
              </section>
            </>
          );
        }}
      </QueryState>
    </Page>
  );
}
