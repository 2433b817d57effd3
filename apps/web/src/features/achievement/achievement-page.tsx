import { href } from '@abo/contract/pages';
import { Button } from 'antd-mobile';
import { pinName } from '@abo/plan';
import { lazy, Suspense, useMemo } from 'react';
import { Link } from 'react-router';
import { Figure } from '../../components/figure.tsx';
import { Page } from '../../components/page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { SimpleChart } from '../../components/simple-chart.tsx';
import { FigureTrace } from '../../components/figure-trace/figure-trace.tsx';
import { TermHelp } from '../../components/term-help.tsx';
import { TexturedCard } from '../../components/textured-card.tsx';
import { useOverview } from './api/get-overview.ts';
import { PinHeld } from './components/pin-card.tsx';
import { ProjectionCard } from './components/projection-card.tsx';
import { ACH_GROUPS, AchLink, ConditionList, useAch } from './components/shared.tsx';
import './i18n.ts';

// Below the first screen: its own chunk, loaded after the page.
const YearOnYear = lazy(() => import('../../components/year-on-year/year-on-year.tsx'));
const SoFarChange = lazy(() => import('./components/so-far-change.tsx'));

/** /achievement: pin, next-pin progress, this month with its end-of-month estimate, a 12-month APV chart, this year against last. */
export default function AchievementPage() {
  const { t, tx, pv, month } = useAch();
  const q = useOverview();
  const chart = useMemo(() => {
    const months = q.data?.months ?? [];
    return {
      labels: months.map((m) => month(m.month)),
      series: [{ label: t('apv'), values: months.map((m) => m.apv) }],
      states: months.map((m) => m.state),
    };
  }, [q.data, month, t]);
  return (
    <Page title={t('title')} onRefresh={() => q.refetch()} wide>
      <QueryState query={q} skeletonLines={8}>
        {(d) => (
          <>
            <div className="grid grid--2">
              <TexturedCard className="card">
                <PinHeld d={d} />
                <p className="small">
                  {t('target')}:{' '}
                  {d.targetPin ? <strong>{tx(pinName(d.targetPin))}</strong> : <span className="muted">{t('noTarget')}</span>}
                </p>
                <div className="ach-actions">
                  <Link to={href('/achievement/localranktracking')}>
                    <Button size="small" color="primary" fill="outline">
                      {t('nav.localranktracking')}
                    </Button>
                  </Link>
                </div>
              </TexturedCard>
              <section className="card">
                <h2 className="card__title">{d.nextPin ? t('nextPin', { name: tx(d.nextPin.name) }) : t('noNextPin')}</h2>
                {d.nextPin ? (
                  <>
                    <p className="muted small">{tx(d.nextPin.rule)}</p>
                    <ConditionList conditions={d.nextPin.conditions} />
                  </>
                ) : null}
              </section>
            </div>

            <section className="card">
              <h2 className="card__title">{t('thisMonth', { month: month(d.month) })}</h2>
              <div className="ach-figures">
                <Figure value={pv(d.current?.ppv ?? 0)} unit="PV" label={t('ppv')} />
                <Figure value={pv(d.current?.pgpv ?? 0)} unit="PV" label={t('pgpv')} />
                <Figure
                  value={d.current?.bracket ?? 0}
                  unit="%"
                  label={t('bracket')}
                  hint={
                    d.current ? (
                      <FigureTrace trace={{ kind: 'bracket', month: d.current.month, ppv: d.current.ppv, gpv: d.current.gpv }} />
                    ) : (
                      <TermHelp code="BRACKET" />
                    )
                  }
                />
                <Figure
                  value={pv(d.current?.apv ?? 0)}
                  unit="PV"
                  label={t('apv')}
                  hint={<Link to={href('/achievement/topup')}>{t('nav.topup')}</Link>}
                />
              </div>
            </section>

            <ProjectionCard />

            <Suspense fallback={null}>
              <SoFarChange />
            </Suspense>

            <section className="card">
              <h2 className="card__title">{t('apvChart')}</h2>
              <SimpleChart title={t('apvChartTitle')} labels={chart.labels} series={chart.series} states={chart.states} format={pv} />
              <p className="ach-note">
                <TermHelp code="PV_BV" />
              </p>
            </section>

            <Suspense fallback={null}>
              <YearOnYear area="achievement" />
            </Suspense>

            <div className="grid grid--2">
              {ACH_GROUPS.map((g) => (
                <section className="card" key={g.key}>
                  <h2 className="card__title">{t(`groups.${g.key}`)}</h2>
                  {g.pages.map((p) => (
                    <AchLink key={p} page={p} />
                  ))}
                </section>
              ))}
            </div>
          </>
        )}
      </QueryState>
    </Page>
  );
}
