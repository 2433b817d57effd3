import { Link } from 'react-router';
import { Figure } from '../../components/figure.tsx';
import { Page } from '../../components/page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { TermHelp } from '../../components/term-help.tsx';
import { useMonths } from './api/get-months.ts';
import { YesNo, useAch } from './components/shared.tsx';
import './i18n.ts';
import { TableScroll } from '../../components/table-scroll.tsx';

/** /achievement/apv: APV month by month (12 months) with Q legs, SP months and this PY's cumulative APV. */
export default function ApvPage() {
  const { t, pv, month } = useAch();
  const q = useMonths(12);
  return (
    <Page title={t('nav.apv')} onRefresh={() => q.refetch()} wide>
      <QueryState query={q} isEmpty={(d) => d.months.every((m) => m.apv === 0)}>
        {(d) => {
          const pyStart = `${2000 + Number(d.py.slice(0, 2))}-09`;
          let cum = 0;
          const rows = d.months.map((m) => {
            if (m.month >= pyStart) cum += m.apv;
            return { ...m, cum: m.month >= pyStart ? cum : null };
          });
          const pyRows = rows.filter((m) => m.month >= pyStart);
          return (
            <>
              <section className="card">
                <div className="ach-figures">
                  <Figure value={pyRows.filter((m) => m.closed && m.isSp).length} unit={t('monthsUnit')} label={t('apvPage.spMonths')} />
                  <Figure value={pv(cum)} unit="PV" label={`${t('apvPage.cumulative')} (${d.py})`} />
                  <Figure value={pv(d.months[d.months.length - 1]?.apv ?? 0)} unit="PV" label={t('thisMonth', { month: month(d.month) })} />
                  <Figure value={d.months[d.months.length - 1]?.qLegs ?? 0} label={t('qLegs')} />
                </div>
                <p className="muted small ach-note">
                  {t('apvPage.rule', { alone: pv(d.sp.apvAlone), one: pv(d.sp.apvWithOneQLeg), legs: d.sp.qLegsAlone })}
                </p>
                <p className="small">
                  <Link to="/achievement/compositionapv">{t('nav.compositionapv')}</Link> · <TermHelp code="Q_MONTH" />
                </p>
              </section>
              <section className="card">
                <TableScroll>
                  <table className="data-table">
                    <thead>
                      <tr>
                        <th scope="col">{t('month')}</th>
                        <th scope="col">{t('apv')} (PV)</th>
                        <th scope="col">{t('pgpv')}</th>
                        <th scope="col">{t('qLegs')}</th>
                        <th scope="col">{t('spMonth')}</th>
                        <th scope="col">{t('apvPage.cum')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {[...rows].reverse().map((m) => (
                        <tr key={m.month}>
                          <th scope="row">
                            {month(m.month)}
                            {m.closed ? '' : t('mtd')}
                          </th>
                          <td>{pv(m.apv)}</td>
                          <td>{pv(m.pgpv)}</td>
                          <td>{m.qLegs}</td>
                          <td>{m.closed ? <YesNo value={m.isSp} /> : <span className="muted">{t('openMonth')}</span>}</td>
                          <td>{m.cum === null ? '—' : pv(m.cum)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </TableScroll>
              </section>
            </>
          );
        }}
      </QueryState>
    </Page>
  );
}
