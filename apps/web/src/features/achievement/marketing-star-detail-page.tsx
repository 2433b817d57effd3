import { href } from '@abo/contract/pages';
import { Link } from 'react-router';
import { Page } from '../../components/page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { MonthTable } from './components/month-table.tsx';
import { ConditionList, YesNo, useAch } from './components/shared.tsx';
import { useMarketingStarDetail } from './api/get-marketing-star-detail.ts';
import './i18n.ts';
import './marketing-star-detail-i18n.ts';

/** /achievement/marketingstardetail: the user's star months this PY against the annual plan. */
export default function MarketingStarDetailPage() {
  const { t, tx, pv } = useAch();
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
                <Link to={href('/achievement/marketingstarglorylist')}>{t('star.glory')}</Link>
              </p>
            </section>
            <section className="card">
              <MonthTable
                caption={t('navHint.marketingstardetail')}
                rows={d.months}
                columns={[
                  { key: 'ppv', header: `${t('ppv')} (PV)`, numeric: true, cell: (m) => pv(m.ppv) },
                  { key: 'customers', header: t('newCustomers'), numeric: true, cell: (m) => m.newCustomers },
                  { key: 'star', header: t('star.star'), cell: (m) => <YesNo value={m.star} /> },
                ]}
              />
            </section>
          </>
        )}
      </QueryState>
    </Page>
  );
}
