import { href } from '@abo/contract/pages';
import { countMonths } from '@abo/plan';
import { Link } from 'react-router';
import { Figure } from '../../components/figure.tsx';
import { Page } from '../../components/page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { useMonths } from './api/get-months.ts';
import { MonthTable, SpMonthCell } from './components/month-table.tsx';
import { useAch } from './components/shared.tsx';
import './i18n.ts';
import './apv-i18n.ts';

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
                  <Figure value={countMonths(pyRows, (m) => m.isSp)} unit={t('monthsUnit')} label={t('apvPage.spMonths')} />
                  <Figure value={pv(cum)} unit="PV" label={`${t('apvPage.cumulative')} · ${d.py}`} />
                  <Figure value={pv(d.months[d.months.length - 1]?.apv ?? 0)} unit="PV" label={t('thisMonth', { month: month(d.month) })} />
                  <Figure value={d.months[d.months.length - 1]?.qLegs ?? 0} label={t('qLegs')} />
                </div>
                <p className="muted small ach-note">
                  {t('apvPage.rule', { alone: pv(d.sp.apvAlone), one: pv(d.sp.apvWithOneQLeg), legs: d.sp.qLegsAlone })}
                </p>
                {/* Each month's SP answer is explained in its row of the table below, once. */}
                <p className="small">
                  <Link to={href('/achievement/compositionapv')}>{t('nav.compositionapv')}</Link>
                </p>
              </section>
              <section className="card">
                <MonthTable
                  caption={t('nav.apv')}
                  newestFirst
                  rows={rows}
                  columns={[
                    { key: 'apv', header: `${t('apv')} (PV)`, numeric: true, cell: (m) => pv(m.apv) },
                    { key: 'pgpv', header: t('pgpv'), numeric: true, cell: (m) => pv(m.pgpv) },
                    { key: 'qLegs', header: t('qLegs'), numeric: true, cell: (m) => m.qLegs },
                    {
                      key: 'sp',
                      header: t('spMonth'),
                      cell: (m) => <SpMonthCell m={m} />,
                    },
                    { key: 'cum', header: t('apvPage.cum'), numeric: true, cell: (m) => (m.cum === null ? '—' : pv(m.cum)) },
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
