import { useState } from 'react';
import { Link } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useOutstanding } from '../api/get-outstanding.ts';
import { MonthSelect, YesNo, useAch } from './shared.tsx';
import { TableScroll } from '../../../components/table-scroll.tsx';

/** Top downline performers in a month, ranked by personal PV or by APV. */
export function Outstanding({ by }: { by: 'ppv' | 'apv' }) {
  const { t, tx, pv } = useAch();
  const [month, setMonth] = useState<string | undefined>(undefined);
  const q = useOutstanding(by, month);
  const other = by === 'ppv' ? 'outstandingpersonnelapv' : 'outstandingpersonnelview';
  return (
    <Page title={t(by === 'ppv' ? 'nav.outstandingpersonnelview' : 'nav.outstandingpersonnelapv')} onRefresh={() => q.refetch()} wide>
      <QueryState query={q}>
        {(d) => (
          <section className="card">
            <div className="ach-toolbar">
              <h2 className="card__title">{t(`outstanding.by.${by}`)}</h2>
              <MonthSelect months={d.availableMonths} value={d.month} onChange={setMonth} current={d.availableMonths[0]} />
            </div>
            <p className="muted small">
              {t('outstanding.ofDownline', { n: d.downlineCount })} · <Link to={`/achievement/${other}`}>{t(`nav.${other}`)}</Link>
            </p>
            {d.performers.length === 0 ? (
              <p className="muted">{t('outstanding.none')}</p>
            ) : (
              <TableScroll>
                <table className="data-table">
                  <thead>
                    <tr>
                      <th scope="col">{t('outstanding.member')}</th>
                      <th scope="col">{t('outstanding.rank')}</th>
                      <th scope="col">{by === 'ppv' ? `${t('ppv')} (PV)` : `${t('apv')} (PV)`}</th>
                      <th scope="col">{by === 'ppv' ? `${t('apv')} (PV)` : `${t('ppv')} (PV)`}</th>
                      <th scope="col">{t('bracket')}</th>
                      <th scope="col">{t('isQ')}</th>
                      <th scope="col">{t('newCustomers')}</th>
                      <th scope="col">{t('outstanding.pin')}</th>
                      <th scope="col">{t('outstanding.level')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {d.performers.map((p) => (
                      <tr key={`${p.rank}-${p.maskedAda}`}>
                        <th scope="row">
                          {p.maskedName}
                          <div className="muted small num">{p.maskedAda}</div>
                        </th>
                        <td>{p.rank}</td>
                        <td>
                          <strong>{pv(by === 'ppv' ? p.ppv : p.apv)}</strong>
                        </td>
                        <td>{pv(by === 'ppv' ? p.apv : p.ppv)}</td>
                        <td>{p.bracket}%</td>
                        <td>
                          <YesNo value={p.isQ} />
                        </td>
                        <td>{p.newCustomers}</td>
                        <td>{tx(p.pinName)}</td>
                        <td>{p.depth}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            )}
          </section>
        )}
      </QueryState>
    </Page>
  );
}
