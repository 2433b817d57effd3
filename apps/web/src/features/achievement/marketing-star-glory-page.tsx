import { href } from '@abo/contract/pages';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { Page } from '../../components/page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { StatusTag } from '../../components/status-tag.tsx';
import { useMarketingStars } from './api/get-marketing-stars.ts';
import { MonthSelect, useAch } from './components/shared.tsx';
import './i18n.ts';

/** /achievement/marketingstarglorylist: the month's marketing stars (names masked). */
export default function MarketingStarGloryPage() {
  const { t, tx, pv, month: fm } = useAch();
  const [month, setMonth] = useState<string | undefined>(undefined);
  const q = useMarketingStars(month);
  return (
    <Page title={t('nav.marketingstarglorylist')} onRefresh={() => q.refetch()} wide>
      <QueryState query={q}>
        {(d) => (
          <>
            <section className="card">
              <div className="ach-toolbar">
                <h2 className="card__title">{t('glory.total', { n: pv(d.total), count: d.total, month: fm(d.month) })}</h2>
                <MonthSelect months={d.availableMonths} value={d.month} onChange={setMonth} current={d.availableMonths[0]} />
              </div>
              <p className="muted small">{t('glory.condition', { ppv: pv(d.condition.ppv), customers: d.condition.newCustomers })}</p>
              <p>
                {d.me.qualified ? (
                  <>
                    <StatusTag status="met" /> {t('glory.meIn', { rank: d.me.rank })}
                  </>
                ) : (
                  <span className="muted">{t('glory.meOut')}</span>
                )}{' '}
                · <Link to={href('/achievement/marketingstardetail')}>{t('glory.detail')}</Link>
              </p>
            </section>
            <section className="card">
              {d.stars.length === 0 ? (
                <p className="muted">{t('glory.none')}</p>
              ) : (
                <DataTable
                  caption={t('nav.marketingstarglorylist')}
                  columns={[
                    {
                      key: 'member',
                      header: t('outstanding.member'),
                      cell: (s) => (
                        <>
                          {tx(s.maskedName)} {s.isMe ? `(${t('glory.me')})` : ''}
                          <div className="muted small num">{s.maskedAda}</div>
                        </>
                      ),
                    },
                    { key: 'rank', header: t('outstanding.rank'), numeric: true, cell: (s) => s.rank },
                    { key: 'ppv', header: `${t('ppv')} (PV)`, numeric: true, cell: (s) => pv(s.ppv) },
                    { key: 'customers', header: t('newCustomers'), numeric: true, cell: (s) => s.newCustomers },
                  ]}
                  rows={d.stars}
                  rowKey={(s) => String(s.rank)}
                  rowAttrs={(s) => ({ className: s.isMe ? 'ach-row-me' : undefined })}
                />
              )}
              <p className="muted small ach-note">{t('glory.masked')}</p>
            </section>
          </>
        )}
      </QueryState>
    </Page>
  );
}
