// An import run as the contract shows it (packages/contract/src/operator.ts): the row's JSON
// columns parsed, the progress only while the run is busy.
import type { ImportCounts, ImportIssueView, ImportRun, ImportRunStatus } from '@abo/contract';
import { BUSY_STATUSES, type CloseResult, type RunFile, type RunRow } from './runs.ts';

const json = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

/** A row as the contract's run; `withIssues` false leaves `issues.shown` empty (the list). */
export function presentRun(row: RunRow, withIssues = true): ImportRun {
  const issues = json<{ total: number; shown: ImportIssueView[] }>(row.issues) ?? { total: 0, shown: [] };
  return {
    id: row.id,
    status: row.status as ImportRunStatus,
    replace: Number(row.replace) === 1,
    files: json<RunFile[]>(row.files) ?? [],
    uploadedBy: row.uploaded_by,
    uploadedAt: row.uploaded_at,
    confirmedBy: row.confirmed_by,
    confirmedAt: row.confirmed_at,
    finishedAt: row.finished_at,
    issues: { total: issues.total, shown: withIssues ? issues.shown : [] },
    check: json<ImportCounts>(row.check_counts),
    imported: json<ImportCounts>(row.imported),
    close: json<CloseResult>(row.close_result),
    progress: BUSY_STATUSES.includes(row.status as ImportRunStatus) ? json(row.progress) : null,
    error: row.error,
  };
}
