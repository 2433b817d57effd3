import type { ImportIssueView } from '@abo/contract';

/** A time of a run (ISO) in China time, where the company's days are counted. */
export function formatWhen(iso: string | null, locale: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(locale, { timeZone: 'Asia/Shanghai', dateStyle: 'medium', timeStyle: 'short', hour12: false });
}

export const formatCount = (n: number, locale: string): string => n.toLocaleString(locale);

/**
 * Where a problem is, as the CLI prints it: `file:line:column`, `file:line` for a whole row,
 * and the file alone for the file as a whole (`wholeFile` says so).
 */
export function issueWhere(issue: ImportIssueView, wholeFile: string): string {
  if (issue.line <= 0) return `${issue.file}${wholeFile}`;
  return issue.column <= 0 ? `${issue.file}:${issue.line}` : `${issue.file}:${issue.line}:${issue.column}`;
}
