import { href } from '@abo/contract/pages';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import { TableCard } from '../../../components/data-table/table-card.tsx';
import { Page } from '../../../components/page.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useOutstanding } from '../api/get-outstanding.ts';
import { MonthSelect, YesNo, useAch } from './shared.tsx';

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
          <TableCard
            title={t(`outstanding.by.${by}`)}
            actions={<MonthSelect months={d.availableMonths} value={d.month} onChange={setMonth} current={d.availableMonths[0]} />}
          >
            <p className="muted small">
              {t('outstanding.ofDownline', { n: d.downlineCount })} · <Link to={href(`/achievement/${other}`)}>{t(`nav.${other}`)}</Link>
            </p>
            {d.performers.length === 0 ? (
              <p className="muted">{t('outstanding.none')}</p>
            ) : (
              <DataTable
                columns={[
                  {
                    key: 'member',
                    header: t('outstanding.member'),
                    cell: (p) => (
                      <>
                        {tx(p.maskedName)}
                        <div className="muted small num">{p.maskedAda}</div>
                      </>
                    ),
                  },
                  { key: 'rank', header: t('outstanding.rank'), numeric: true, cell: (p) => p.rank },
                  {
                    key: 'by',
                    header: `${t(by)} (PV)`,
                    numeric: true,
                    cell: (p) => <strong>{pv(by === 'ppv' ? p.ppv : p.apv)}</strong>,
                  },
                  {
                    key: 'other',
                    header: `${t(by === 'ppv' ? 'apv' : 'ppv')} (PV)`,
                    numeric: true,
                    cell: (p) => pv(by === 'ppv' ? p.apv : p.ppv),
                  },
                  { key: 'bracket', header: t('bracket'), numeric: true, cell: (p) => `${p.bracket}%` },
                  { key: 'q', header: t('isQ'), cell: (p) => <YesNo value={p.isQ} /> },
                  { key: 'customers', header: t('newCustomers'), numeric: true, cell: (p) => p.newCustomers },
                  { key: 'pin', header: t('outstanding.pin'), cell: (p) => tx(p.pinName) },
                  { key: 'level', header: t('outstanding.level'), numeric: true, cell: (p) => p.depth },
                ]}
                rows={d.performers}
                rowKey={(p) => `${p.rank}-${p.maskedAda}`}
              />
            )}
          </TableCard>
        )}
      </QueryState>
    </Page>
  );
}
