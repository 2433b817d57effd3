import { countMonths } from '@abo/plan';
import { useMemo } from 'react';
import { Figure } from '../../components/figure.tsx';
import { Page } from '../../components/page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { SimpleChart } from '../../components/simple-chart.tsx';
import { TermHelp } from '../../components/term-help.tsx';
import { formatFen } from '../../lib/format.ts';
import { useMonths } from './api/get-months.ts';
import { MonthYesNo, MonthTable } from './components/month-table.tsx';
import { useAch } from './components/shared.tsx';
import './i18n.ts';
import './self-i18n.ts';

/** /achievement/self: own PV / BV by month (12 months). */
export default function SelfPage() {
  const { t, pv, month, lang } = useAch();
  const q = useMonths(12);
  const chart = useMemo(() => {
    const m = q.data?.months ?? [];
    return {
      labels: m.map((x) => month(x.month)),
      series: [{ label: t('ppv'), values: m.map((x) => x.ppv) }],
      states: m.map((x) => x.state),
    };
  }, [q.data, month, t]);
  return (
    <Page title={t('nav.self')} onRefresh={() => q.refetch()} wide>
      <QueryState query={q} isEmpty={(d) => d.months.every((m) => m.ppv === 0)}>
        {(d) => (
          <>
            <section className="card">
              <div className="ach-figures">
                <Figure value={pv(d.months.reduce((s, m) => s + m.ppv, 0))} unit="PV" label={t('self.totalPpv')} />
                <Figure
                  value={formatFen(
                    d.months.reduce((s, m) => s + m.bvFen, 0),
                    lang,
                  )}
                  label={t('self.totalBv')}
                />
                <Figure value={countMonths(d.months, (m) => m.compliant)} unit={t('monthsUnit')} label={t('self.compliantMonths')} />
                <Figure value={d.months.reduce((s, m) => s + m.newCustomers, 0)} unit={t('people')} label={t('newCustomers')} />
              </div>
              <p className="ach-note">
                <TermHelp code="PV_BV" />
              </p>
            </section>
            <section className="card">
              <h2 className="card__title">{t('self.chart')}</h2>
              <SimpleChart title={t('self.chart')} labels={chart.labels} series={chart.series} states={chart.states} format={pv} />
            </section>
            <section className="card">
              <MonthTable
                caption={t('navHint.self')}
                newestFirst
                rows={d.months}
                columns={[
                  { key: 'ppv', header: `${t('ppv')} (PV)`, numeric: true, cell: (m) => pv(m.ppv) },
                  { key: 'bv', header: `${t('bv')} (¥)`, numeric: true, cell: (m) => formatFen(m.bvFen, lang) },
                  { key: 'customers', header: t('newCustomers'), numeric: true, cell: (m) => m.newCustomers },
                  { key: 'compliant', header: t('compliant'), cell: (m) => <MonthYesNo m={m} value={m.compliant} /> },
                ]}
              />
            </section>
          </>
        )}
      </QueryState>
    </Page>
  );
}
