import { Link } from 'react-router';
import { Page } from '../../components/page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { ConditionList, YesNo, useAch } from './components/shared.tsx';
import { useMarketingStarDetail } from './api/get-marketing-star-detail.ts';
import './i18n.ts';
import { TableScroll } from '../../components/table-scroll.tsx';

/** /achievement/marketingstardetail: the user's star months this PY against the annual plan. */
export default function MarketingStarDetailPage() {
  const { t, tx, pv, month } = useAch();
  const q = useMarketingStarDetail();
  return (
    <Page title={t('nav.marketingstardetail')} onRefresh={() => q.refetch()} wide>
      <QueryState query={q}>
        {(d) => (
          <>
            <section className="card">
              <h2 className="card__title">{tx(d.annual.name)}</h2>
              <p className="muted small">{t('glory.condition', { ppv: pv(d.condition.ppv), customers: d.condition.newCustomers })}</p>
              <ConditionList
                remainingMonths={d.remainingMonths}
                conditions={[
                  {
                    key: 'spMonths',
                    label: { zh: t('star.starMonths'), en: t('star.starMonths') },
                    required: d.annual.starMonthsRequired,
                    achieved: d.starMonths,
                    met: d.starMonths >= d.annual.starMonthsRequired,
                  },
                  {
                    key: 'customers',
                    label: { zh: t('star.customers'), en: t('star.customers') },
                    required: d.annual.customersRequired,
                    achieved: d.customers,
                    met: d.customers >= d.annual.customersRequired,
                  },
                ]}
              />
              <p className="ach-note">
                <Link to="/achievement/marketingstarglorylist">{t('star.glory')}</Link>
              </p>
            </section>
            <section className="card">
              <TableScroll>
                <table className="data-table">
                  <thead>
                    <tr>
                      <th scope="col">{t('month')}</th>
                      <th scope="col">{t('ppv')} (PV)</th>
                      <th scope="col">{t('newCustomers')}</th>
                      <th scope="col">{t('star.star')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {d.months.map((m) => (
                      <tr key={m.month}>
                        <th scope="row">
                          {month(m.month)}
                          {m.closed ? '' : t('mtd')}
                        </th>
                        <td>{pv(m.ppv)}</td>
                        <td>{m.newCustomers}</td>
                        <td>
                          <YesNo value={m.star} />
                        </td>
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
