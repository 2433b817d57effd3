import { DataTable } from '../../components/data-table/data-table.tsx';
import { TableCard } from '../../components/data-table/table-card.tsx';
import { Page } from '../../components/page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { StatusTag } from '../../components/status-tag.tsx';
import { TermHelp } from '../../components/term-help.tsx';
import { useRank } from './api/get-rank.ts';
import { useAch } from './components/shared.tsx';
import './i18n.ts';

/** /achievement/localranktracking/requirements: every pin's conditions against this PY's counters. */
export default function RequirementsPage() {
  const { t, tx, pv } = useAch();
  const q = useRank();
  return (
    <Page title={t('nav.requirements')} onRefresh={() => q.refetch()} wide>
      <QueryState query={q} skeletonLines={10}>
        {(d) => (
          <>
            <p className="muted small">{t('counters', { py: d.py, count: d.closedMonths, remaining: d.remainingMonths })}</p>
            <TableCard title={t('allPins')}>
              <DataTable
                columns={[
                  { key: 'condition', header: t('conditions'), wrap: true, cell: (c) => tx(c.label) },
                  { key: 'achieved', header: t('achieved'), numeric: true, cell: (c) => pv(c.achieved) },
                  { key: 'required', header: t('required'), numeric: true, cell: (c) => pv(c.required) },
                  {
                    key: 'state',
                    header: <span className="visually-hidden">{t('conditionState')}</span>,
                    label: t('conditionState'),
                    cell: (c) => (
                      <>
                        <StatusTag status={c.status} />
                        {c.reason ? <div className="small muted">{tx(c.reason)}</div> : null}
                      </>
                    ),
                  },
                ]}
                groups={d.pins.map((p) => ({
                  key: String(p.pinCode),
                  header: (
                    <>
                      {tx(p.name)}
                      {p.pinCode === d.targetPin ? <div className="small">{t('target')}</div> : null}
                      {!p.above ? <div className="small muted">✓ {t('reached')}</div> : null}
                    </>
                  ),
                  rows: p.conditions,
                  attrs: { className: p.pinCode === d.targetPin ? 'ach-row-me' : undefined },
                }))}
                rowKey={(c) => c.key}
              />
              <p className="ach-note">
                <TermHelp code="Q_MONTH" />
              </p>
            </TableCard>
          </>
        )}
      </QueryState>
    </Page>
  );
}
