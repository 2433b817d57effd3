import { useMemo } from 'react';
import { Figure } from '../../components/figure.tsx';
import { Page } from '../../components/page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { SimpleChart } from '../../components/simple-chart.tsx';
import { TermHelp } from '../../components/term-help.tsx';
import { formatFen } from '../../lib/format.ts';
import { useMonths } from './api/get-months.ts';
import { YesNo, useAch } from './components/shared.tsx';
import './i18n.ts';
import { TableScroll } from '../../components/table-scroll.tsx';

/** /achievement/self: own PV / BV by month (12 months). */
export default function SelfPage() {
  const { t, pv, month, lang } = useAch();
  const q = useMonths(12);
  const chart = useMemo(() => {
    const m = q.data?.months ?? [];
    return { labels: m.map((x) => month(x.month)), series: [{ label: t('ppv'), values: m.map((x) => x.ppv) }] };
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
                <Figure
                  value={d.months.filter((m) => m.closed && m.compliant).length}
                  unit={t('monthsUnit')}
                  label={t('self.compliantMonths')}
                />
                <Figure value={d.months.reduce((s, m) => s + m.newCustomers, 0)} unit={t('people')} label={t('newCustomers')} />
              </div>
              <p className="ach-note">
                <TermHelp code="PV_BV" />
              </p>
            </section>
            <section className="card">
              <h2 className="card__title">{t('self.chart')}</h2>
              <SimpleChart title={t('self.chart')} labels={chart.labels} series={chart.series} format={pv} />
            </section>
            <section className="card">
              <TableScroll>
                <table className="data-table">
                  <thead>
                    <tr>
                      <th scope="col">{t('month')}</th>
                      <th scope="col">{t('ppv')} (PV)</th>
                      <th scope="col">{t('bv')} (¥)</th>
                      <th scope="col">{t('newCustomers')}</th>
                      <th scope="col">{t('compliant')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {[...d.months].reverse().map((m) => (
                      <tr key={m.month}>
                        <th scope="row">
                          {month(m.month)}
                          {m.closed ? '' : t('mtd')}
                        </th>
                        <td>{pv(m.ppv)}</td>
                        <td>{formatFen(m.bvFen, lang)}</td>
                        <td>{m.newCustomers}</td>
                        <td>{m.closed ? <YesNo value={m.compliant} /> : <span className="muted">{t('openMonth')}</span>}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            </section>
          </>
        )}
      </QueryState>
    </Page>
  );
}
