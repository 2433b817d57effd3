import { href } from '@abo/contract/pages';
import { Button } from 'antd-mobile';
import { Link } from 'react-router';
import { mayOpen } from '../../lib/write-pages.ts';
import { TableCard } from '../../components/data-table/table-card.tsx';
import { Page } from '../../components/page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { StatusTag } from '../../components/status-tag.tsx';
import { useRank } from './api/get-rank.ts';
import { PinCard } from './components/pin-card.tsx';
import { MonthTable, SpMonthCell } from './components/month-table.tsx';
import { ConditionList, useAch } from './components/shared.tsx';
import './i18n.ts';

/** /achievement/localranktracking: current pin, target pin progress, next pin, this PY's months. */
export default function RankTrackingPage() {
  const { t, tx, pv } = useAch();
  const q = useRank();
  return (
    <Page title={t('nav.localranktracking')} onRefresh={() => q.refetch()} wide>
      <QueryState query={q} skeletonLines={8}>
        {(d) => {
          const target = d.pins.find((p) => p.pinCode === d.targetPin) ?? null;
          const next = d.pins.find((p) => p.above) ?? null;
          const targetPath = href(target ? '/achievement/localranktracking/adjusttarget' : '/achievement/localranktracking/settarget');
          return (
            <>
              <div className="grid grid--2">
                <PinCard d={d} />
                <section className="card" aria-labelledby="ach-target">
                  <h2 className="card__title" id="ach-target">
                    {t('target')}
                    {target ? `：${tx(target.name)}` : ''}
                  </h2>
                  {target ? (
                    <>
                      <p className="muted small">{tx(target.rule)}</p>
                      {target.met ? <StatusTag status="met" /> : null}
                      <ConditionList conditions={target.conditions} />
                    </>
                  ) : (
                    <p className="muted">{t('noTarget')}</p>
                  )}
                  <div className="ach-actions">
                    {mayOpen(targetPath) ? (
                      <Link to={targetPath}>
                        <Button size="small" color="primary">
                          {t(target ? 'adjustTarget' : 'setTarget')}
                        </Button>
                      </Link>
                    ) : null}
                    <Link to={href('/achievement/localranktracking/requirements')}>
                      <Button size="small" fill="outline">
                        {t('viewRequirements')}
                      </Button>
                    </Link>
                    <Link to={href('/achievement/localranktracking/useguide')}>
                      <Button size="small" fill="none">
                        {t('useGuide')}
                      </Button>
                    </Link>
                  </div>
                </section>
              </div>
              {next && next.pinCode !== d.targetPin ? (
                <section className="card">
                  <h2 className="card__title">{t('nextPin', { name: tx(next.name) })}</h2>
                  <p className="muted small">{tx(next.rule)}</p>
                  <ConditionList conditions={next.conditions} />
                </section>
              ) : null}
              <TableCard title={t('pyMonths')}>
                <MonthTable
                  rows={d.pyMonths}
                  columns={[
                    { key: 'apv', header: `${t('apv')} (PV)`, numeric: true, cell: (m) => pv(m.apv) },
                    { key: 'qLegs', header: t('qLegs'), numeric: true, cell: (m) => m.qLegs },
                    {
                      key: 'sp',
                      header: t('spMonth'),
                      cell: (m) => <SpMonthCell m={m} />,
                    },
                    { key: 'bracket', header: t('bracket'), numeric: true, cell: (m) => `${m.bracket}%` },
                  ]}
                />
              </TableCard>
            </>
          );
        }}
      </QueryState>
    </Page>
  );
}
