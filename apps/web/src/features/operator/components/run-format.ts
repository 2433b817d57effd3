import { CHINA_TIME_ZONE } from '@abo/words';
import type { ImportIssueView } from '@abo/contract';
import type { TFunction } from 'i18next';
import { formatMonth } from '../../../lib/format.ts';

/** A time of a run (ISO) in China time, where the company's days are counted. */
export function formatWhen(iso: string | null, locale: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(locale, { timeZone: CHINA_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short', hour12: false });
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

const PHASES = new Set(['check', 'write', 'close', 'read', 'compare', 'stage', 'delete', 'commit', 'notifications']);

/** A phase as the CLI's progress bars name it ('read orders.csv', 'write', 'close'), in words of the UI's language where known. */
export function phaseText(phase: string, t: TFunction<'operator'>): string {
  const file = /^read (\S+\.csv)$/.exec(phase)?.[1];
  if (file) return t('phases.readFile', { file });
  return PHASES.has(phase) ? t(`phases.${phase as 'check'}`) : phase;
}

/** Months as a list in the UI's language ('Aug 2026, Sep 2026'; '2026年8月、2026年9月'), or `none`. */
export function formatMonths(months: readonly string[], locale: string, t: TFunction<'operator'>): string {
  return months.length ? months.map((m) => formatMonth(m, locale)).join(t('listSeparator')) : t('run.noneMonth');
}
