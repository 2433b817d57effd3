import { href } from '@abo/contract/pages';
import { Link } from 'react-router';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { TableCard } from '../../components/data-table/table-card.tsx';
import { Page } from '../../components/page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { TermHelp } from '../../components/term-help.tsx';
import { useRank } from './api/get-rank.ts';
import { PinCard } from './components/pin-card.tsx';
import { useAch } from './components/shared.tsx';
import './i18n.ts';

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
            <TableCard title={t('history')}>
              {d.history.length === 0 ? (
                <p className="muted">{t('noHistory')}</p>
              ) : (
                <DataTable
                  columns={[
                    { key: 'month', header: t('month'), cell: (h) => month(h.month) },
                    {
                      key: 'pin',
                      header: t('currentPin'),
                      cell: (h) => tx(h.name),
                    },
                    { key: 'py', header: 'PY', numeric: true, cell: (h) => h.py },
                    { key: 'sp', header: t('spMonth'), numeric: true, cell: (h) => h.spMonths.length },
                    { key: 'rule', header: t('pinRule'), wrap: true, cell: (h) => tx(h.rule) },
                  ]}
                  rows={[...d.history].reverse()}
                  rowKey={(h) => `${h.pinCode}-${h.month}`}
                />
              )}
              <p className="ach-note">
                <Link to={href('/achievement/localranktracking')}>{t('nav.localranktracking')}</Link> · <TermHelp code="Q_MONTH" />
              </p>
            </TableCard>
          </>
        )}
      </QueryState>
    </Page>
  );
}
