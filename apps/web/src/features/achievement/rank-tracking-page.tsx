import { Button } from 'antd-mobile';
import { Link } from 'react-router';
import { Page } from '../../components/page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { StatusTag } from '../../components/status-tag.tsx';
import { TermHelp } from '../../components/term-help.tsx';
import { useRank } from './api/get-rank.ts';
import { PinCard } from './components/pin-card.tsx';
import { ConditionList, YesNo, useAch } from './components/shared.tsx';
import './i18n.ts';
import { TableScroll } from '../../components/table-scroll.tsx';

/** /achievement/localranktracking: current pin, target pin progress, next pin, this PY's months. */
export default function RankTrackingPage() {
  const { t, tx, pv, month } = useAch();
  const q = useRank();
  return (
    <Page title={t('nav.localranktracking')} onRefresh={() => q.refetch()} wide>
      <QueryState query={q} skeletonLines={8}>
        {(d) => {
          const target = d.pins.find((p) => p.pinCode === d.targetPin) ?? null;
          const next = d.pins.find((p) => p.above) ?? null;
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
                      <ConditionList conditions={target.conditions} remainingMonths={d.remainingMonths} />
                    </>
                  ) : (
                    <p className="muted">{t('noTarget')}</p>
                  )}
                  <div className="ach-actions">
                    {target ? (
                      <Link to="/achievement/localranktracking/adjusttarget">
                        <Button size="small" color="primary">
                          {t('adjustTarget')}
                        </Button>
                      </Link>
                    ) : (
                      <Link to="/achievement/localranktracking/settarget">
                        <Button size="small" color="primary">
                          {t('setTarget')}
                        </Button>
                      </Link>
                    )}
                    <Link to="/achievement/localranktracking/requirements">
                      <Button size="small" fill="outline">
                        {t('viewRequirements')}
                      </Button>
                    </Link>
                    <Link to="/achievement/localranktracking/useguide">
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
                  <ConditionList conditions={next.conditions} remainingMonths={d.remainingMonths} />
                </section>
              ) : null}
              <section className="card">
                <h2 className="card__title">{t('pyMonths')}</h2>
                <TableScroll>
                  <table className="data-table">
                    <thead>
                      <tr>
                        <th scope="col">{t('month')}</th>
                        <th scope="col">{t('apv')} (PV)</th>
                        <th scope="col">{t('qLegs')}</th>
                        <th scope="col">{t('spMonth')}</th>
                        <th scope="col">{t('bracket')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {d.pyMonths.map((m) => (
                        <tr key={m.month}>
                          <th scope="row">
                            {month(m.month)}
                            {m.closed ? '' : t('mtd')}
                          </th>
                          <td>{pv(m.apv)}</td>
                          <td>{m.qLegs}</td>
                          <td>{m.closed ? <YesNo value={m.isSp} /> : <span className="muted">{t('openMonth')}</span>}</td>
                          <td>{m.bracket}%</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </TableScroll>
                <p className="ach-note">
                  <TermHelp code="Q_MONTH" />
                </p>
              </section>
            </>
          );
        }}
      </QueryState>
    </Page>
  );
}
