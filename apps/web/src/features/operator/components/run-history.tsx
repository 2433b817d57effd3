import type { ImportRun, ImportRuns } from '@abo/contract';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import { TableCard } from '../../../components/data-table/table-card.tsx';
import { formatCount, formatWhen } from './run-format.ts';
import { RunStatus } from './run-status.tsx';

/** What a run wrote, or would write: new or changed rows per file (the problems' count when rejected). */
function useCounts() {
  const { t, i18n } = useTranslation('operator');
  const n = (v: number) => formatCount(v, i18n.language);
  return (run: ImportRun): string => {
    const counts = run.imported ?? run.check;
    if (counts) {
      return t('history.summary', {
        d: n(counts.distributors.added + counts.distributors.updated),
        o: n(counts.orders.added),
        a: n(counts.attendance.added),
      });
    }
    return run.status === 'rejected' ? t('history.issues', { count: run.issues.total }) : '—';
  };
}

/** The runs, newest first: when, who, files, status, counts; choosing one opens it above. */
export function RunHistory({ data, current, onOpen }: { data: ImportRuns; current: string | null; onOpen: (id: string) => void }) {
  const { t, i18n } = useTranslation('operator');
  const counts = useCounts();
  return (
    <TableCard title={t('history.title')} className="op-history">
      {data.runs.length === 0 ? (
        <p className="muted">{t('history.empty')}</p>
      ) : (
        <DataTable
          columns={[
            {
              key: 'when',
              header: t('history.when'),
              cell: (run) => {
                const when = formatWhen(run.uploadedAt, i18n.language);
                return (
                  <button
                    type="button"
                    className="link-button op-open"
                    aria-label={t('history.open', { when })}
                    onClick={() => onOpen(run.id)}
                  >
                    {when}
                  </button>
                );
              },
            },
            { key: 'who', header: t('history.who'), cell: (run) => run.uploadedBy },
            { key: 'files', header: t('history.files'), wrap: true, cell: (run) => run.files.map((f) => f.name).join(', ') },
            { key: 'status', header: t('history.status'), cell: (run) => <RunStatus status={run.status} /> },
            { key: 'counts', header: t('history.counts'), wrap: true, cell: (run) => <span className="num">{counts(run)}</span> },
          ]}
          rows={data.runs}
          rowKey={(run) => run.id}
          // The run open above is marked as the current row (shaded, and said so to screen readers).
          rowAttrs={(run) => ({ 'aria-current': run.id === current ? 'true' : undefined, 'data-run': run.id })}
        />
      )}
    </TableCard>
  );
}
