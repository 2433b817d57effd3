import { useState } from 'react';
import { Figure } from '../../components/figure.tsx';
import { Page } from '../../components/page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { TermHelp } from '../../components/term-help.tsx';
import { useComposition } from './api/get-composition.ts';
import { MonthSelect, useAch } from './components/shared.tsx';
import './i18n.ts';
import { TableScroll } from '../../components/table-scroll.tsx';

/** /achievement/compositionapv: APV by source — personal PV and each frontline leg. */
export default function CompositionApvPage() {
  const { t, pv } = useAch();
  const [month, setMonth] = useState<string | undefined>(undefined);
  const q = useComposition(month);
  return (
    <Page title={t('nav.compositionapv')} onRefresh={() => q.refetch()} wide>
      <QueryState query={q}>
        {(d) => {
          const max = Math.max(1, d.ppv, ...d.legs.map((l) => l.pgpv));
          const legsApv = d.legs.filter((l) => l.counted).reduce((s, l) => s + l.pgpv, 0) + d.otherLegs.pgpv;
          return (
            <>
              <section className="card">
                <div className="ach-toolbar">
                  <h2 className="card__title">{t('composition.total')}</h2>
                  <MonthSelect months={d.availableMonths} value={d.month} onChange={setMonth} current={d.availableMonths[0]} />
                </div>
                <div className="ach-figures">
                  <Figure value={pv(d.apv)} unit="PV" label={t('apv')} />
                  <Figure value={pv(d.ppv)} unit="PV" label={t('composition.personal')} />
                  <Figure value={pv(legsApv)} unit="PV" label={t('composition.legsCounted')} />
                  <Figure value={pv(d.qLegsPv)} unit="PV" label={t('composition.qLegs')} />
                </div>
                <p className="muted small ach-note">{t('composition.formula')}</p>
                <TermHelp code="Q_MONTH" />
              </section>
              <section className="card">
                <TableScroll>
                  <table className="data-table">
                    <thead>
                      <tr>
                        <th scope="col">{t('composition.leg')}</th>
                        <th scope="col">{t('pgpv')}</th>
                        <th scope="col">{t('bracket')}</th>
                        <th scope="col">{t('composition.counted')}</th>
                        <th scope="col" style={{ minWidth: 120 }} aria-hidden="true" />
                      </tr>
                    </thead>
                    <tbody>
                      <tr>
                        <th scope="row">{t('composition.personal')}</th>
                        <td>{pv(d.ppv)}</td>
                        <td />
                        <td>✓ {t('composition.counted')}</td>
                        <td aria-hidden="true">
                          <div className="ach-bar" style={{ width: `${(d.ppv / max) * 100}%` }} />
                        </td>
                      </tr>
                      {d.legs.map((l) => (
                        <tr key={l.maskedAda}>
                          <th scope="row">
                            {l.maskedName}
                            <div className="muted small num">{l.maskedAda}</div>
                          </th>
                          <td>{pv(l.pgpv)}</td>
                          <td>{l.bracket}%</td>
                          <td>{l.counted ? `✓ ${t('composition.counted')}` : `– ${t('composition.notCounted')}`}</td>
                          <td aria-hidden="true">
                            <div className={`ach-bar${l.counted ? '' : ' ach-bar--q'}`} style={{ width: `${(l.pgpv / max) * 100}%` }} />
                          </td>
                        </tr>
                      ))}
                      {d.otherLegs.count > 0 ? (
                        <tr>
                          <th scope="row">{t('composition.others', { n: d.otherLegs.count })}</th>
                          <td>{pv(d.otherLegs.pgpv)}</td>
                          <td />
                          <td>✓ {t('composition.counted')}</td>
                          <td />
                        </tr>
                      ) : null}
                    </tbody>
                    <tfoot>
                      <tr>
                        <th scope="row">{t('composition.total')}</th>
                        <td>
                          <strong>{pv(d.apv)}</strong>
                        </td>
                        <td colSpan={3} />
                      </tr>
                    </tfoot>
                  </table>
                </TableScroll>
                {d.legs.length === 0 ? <p className="muted">{t('composition.none')}</p> : null}
              </section>
            </>
          );
        }}
      </QueryState>
    </Page>
  );
}
