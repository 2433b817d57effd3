import { Page } from '../../components/page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { StatusTag } from '../../components/status-tag.tsx';
import { TermHelp } from '../../components/term-help.tsx';
import { useRank } from './api/get-rank.ts';
import { conditionStatus, useAch } from './components/shared.tsx';
import './i18n.ts';
import { TableScroll } from '../../components/table-scroll.tsx';

/** /achievement/localranktracking/requirements: every pin's conditions against this PY's counters. */
export default function RequirementsPage() {
  const { t, tx, pv } = useAch();
  const q = useRank();
  return (
    <Page title={t('nav.requirements')} onRefresh={() => q.refetch()} wide>
      <QueryState query={q} skeletonLines={10}>
        {(d) => (
          <>
            <p className="muted small">{t('counters', { py: d.py, closed: d.closedMonths, remaining: d.remainingMonths })}</p>
            <section className="card">
              <h2 className="card__title">{t('allPins')}</h2>
              <TableScroll>
                <table className="data-table">
                  <thead>
                    <tr>
                      <th scope="col">{t('pin')}</th>
                      <th scope="col" style={{ textAlign: 'left' }}>
                        {t('conditions')}
                      </th>
                      <th scope="col">{t('achieved')}</th>
                      <th scope="col">{t('required')}</th>
                      <th scope="col">
                        <span className="visually-hidden">{t('conditionState')}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {d.pins.flatMap((p) =>
                      p.conditions.map((c, i) => (
                        <tr key={`${p.pinCode}-${c.key}`} className={p.pinCode === d.targetPin ? 'ach-row-me' : undefined}>
                          {i === 0 ? (
                            <th scope="row" rowSpan={p.conditions.length}>
                              {tx(p.name)} <span className="muted num">{p.pinCode}</span>
                              {p.pinCode === d.targetPin ? <div className="small">{t('target')}</div> : null}
                              {!p.above ? <div className="small muted">✓ {t('reached')}</div> : null}
                            </th>
                          ) : null}
                          <td style={{ textAlign: 'left' }}>{tx(c.label)}</td>
                          <td>{pv(c.achieved)}</td>
                          <td>{pv(c.required)}</td>
                          <td>
                            <StatusTag status={conditionStatus(c, d.remainingMonths)} />
                          </td>
                        </tr>
                      )),
                    )}
                  </tbody>
                </table>
              </TableScroll>
              <p className="ach-note">
                <TermHelp code="Q_MONTH" />
              </p>
            </section>
          </>
        )}
      </QueryState>
    </Page>
  );
}
