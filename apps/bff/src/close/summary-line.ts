// The close's one-line summary, as the import and close commands and a start print it.
import type { MonthKey } from '@abo/plan';
import type { CloseSummary } from './close.ts';

/** `1 234` (thousands separated by a space, as the import's summary). */
function grouped(n: number): string {
  return n.toLocaleString('en-US').replace(/,/g, ' ');
}

function span(months: readonly MonthKey[]): string {
  if (months.length === 0) return '';
  return months.length === 1 ? months[0]! : `${months[0]} to ${months[months.length - 1]} (${months.length} months)`;
}

/**
 * The one-line summary: `closed 2026-08 to 2026-10 (3 months) for 12 distributors; 2026-11 so far
 * is provisional; in 0.2 s`, or why nothing was written.
 */
export function formatCloseSummary(s: CloseSummary): string {
  const secs = `${s.seconds.toFixed(1)} s`;
  if (!s.changed) {
    if (s.unchanged === 'no facts') return 'close: no orders or attendance imported; the figures in the database are left as they are';
    if (s.unchanged === 'no distributors') return 'close: no distributors to close';
    const through = s.closedThrough ? `closed through ${s.closedThrough}` : 'no month closed yet';
    return `close: nothing changed (${through}; ${s.open.join(', ')} so far is up to date) in ${secs}`;
  }
  const closed = s.closed.length
    ? `closed ${span(s.closed)}`
    : `no month to close (${s.closedThrough ? `closed through ${s.closedThrough}` : 'none closed yet'})`;
  const open = s.open.length === 1 ? `${s.open[0]} so far is provisional` : `${span(s.open)} provisional`;
  const told = s.notifications
    ? `; ${grouped(s.notifications.notifications)} notifications (${grouped(s.notifications.queued)} pushes queued)`
    : '';
  const from = s.resumedAfter ? `from the state after ${s.resumedAfter}` : s.fromFirst ? `from the first month: ${s.fromFirst}` : '';
  return `${closed} for ${grouped(s.distributors)} distributors; ${open}${told}; ${from ? `${from}; ` : ''}in ${secs}`;
}
