import { Link } from 'react-router';
import { Page } from '../../components/page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { TermHelp } from '../../components/term-help.tsx';
import { useRank } from './api/get-rank.ts';
import { PinCard } from './components/pin-card.tsx';
import { useAch } from './components/shared.tsx';
import './i18n.ts';
import { TableScroll } from '../../components/table-scroll.tsx';

/** /achievement/type/localranktracking: the pin journey — every rise, when and by which rule. */
export default function TypeRankPage() {
  const { t, tx, month } = useAch();
  const q = useRank();
  return (
    <Page title={t('nav.typeRank')} onRefresh={() => q.refetch()} wide>
      <QueryState query={q}>
        {(d) => (
          <>
            <PinCard d={d} />
            <section className="card">
              <h2 className="card__title">{t('history')}</h2>
              {d.history.length === 0 ? (
                <p className="muted">{t('noHistory')}</p>
              ) : (
                <TableScroll>
                  <table className="data-table">
                    <thead>
                      <tr>
                        <th scope="col">{t('month')}</th>
                        <th scope="col">{t('currentPin')}</th>
                        <th scope="col">PY</th>
                        <th scope="col">{t('spMonth')}</th>
                        <th scope="col" style={{ textAlign: 'left' }}>
                          {t('pinRule')}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {[...d.history].reverse().map((h) => (
                        <tr key={`${h.pinCode}-${h.month}`}>
                          <th scope="row">{month(h.month)}</th>
                          <td>
                            {tx(h.name)} <span className="muted num">{h.pinCode}</span>
                          </td>
                          <td>{h.py}</td>
                          <td>{h.spMonths.length}</td>
                          <td style={{ textAlign: 'left', whiteSpace: 'normal', minWidth: 200 }}>{tx(h.rule)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </TableScroll>
              )}
              <p className="ach-note">
                <Link to="/achievement/localranktracking">{t('nav.localranktracking')}</Link> · <TermHelp code="Q_MONTH" />
              </p>
            </section>
          </>
        )}
      </QueryState>
    </Page>
  );
}
