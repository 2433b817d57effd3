// What an import did, and the one-line summary the CLI prints.

export interface ImportSummary {
  readonly distributors: { readonly rows: number; readonly added: number; readonly updated: number };
  readonly orders: { readonly rows: number; readonly added: number };
  readonly attendance: { readonly rows: number; readonly added: number };
  readonly replaced: boolean;
  /** Whether anything was written (a re-import of the same files writes nothing). */
  readonly changed: boolean;
  /** The months the orders and attendance of the files fall in (what a close has to look at). */
  readonly months: readonly string[];
  readonly seconds: number;
}

/** `1 234` (the summary's thousands separator is a space). */
function grouped(n: number): string {
  return n.toLocaleString('en-US').replace(/,/g, ' ');
}

/**
 * The one-line summary: `imported 1 234 distributors (12 new, 3 updated), 56 789 orders (3 new),
 * 10 attendance rows (10 new) in 2.3 s`.
 */
export function formatSummary(s: ImportSummary): string {
  const d = s.distributors;
  const changedMembers = s.replaced ? `${grouped(d.added)} new` : `${grouped(d.added)} new, ${grouped(d.updated)} updated`;
  const parts = [
    `${grouped(d.rows)} distributors (${changedMembers})`,
    `${grouped(s.orders.rows)} orders (${grouped(s.orders.added)} new)`,
    `${grouped(s.attendance.rows)} attendance rows (${grouped(s.attendance.added)} new)`,
  ];
  const verb = s.replaced ? 'replaced the data with' : 'imported';
  return `${verb} ${parts.join(', ')} in ${s.seconds.toFixed(1)} s${s.changed ? '' : '; nothing changed'}`;
}
