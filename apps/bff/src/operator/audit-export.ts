// The audit log's export (POST /bff/v1/operator/auditExport, `npm run audit -- export`): the
// entries between two days in China time, both included, optionally of one actor and/or about one
// distributor, as CSV (RFC 4180, a header of AUDIT_EXPORT_COLUMNS, cells that a spreadsheet would
// run as a formula prefixed with ') or as a JSON array. Read in pages of PAGE rows in (at, id)
// order, so the file is written as it is read and memory stays bounded; a range of more than
// MAX_EXPORT_ROWS entries is refused before anything is written.
import { AUDIT_EXPORT_COLUMNS } from '@abo/contract';
import { CHINA_ISO_OFFSET, chinaDay, chinaInstant, chinaIso } from '@abo/words';
import type { DB } from '../db/index.ts';

export const MAX_EXPORT_ROWS = 1_000_000;
const PAGE = 5000;
const DAY_MS = 86_400_000;

export interface AuditQuery {
  /** `YYYY-MM-DD`, China time, both included. */
  from: string;
  to: string;
  actor?: string | undefined;
  subjectAda?: string | undefined;
  format: 'csv' | 'json';
}

/** A range the export refuses, in words (the envelope's message, the CLI's error). */
export class ExportRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExportRefused';
  }
}

/** The midnight starting a China day, as the UTC ISO text `at` is stored in; null: not a calendar day. */
function chinaMidnight(day: string): string | null {
  const t = chinaInstant(day);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(t) || chinaDay(t) !== day) return null;
  return new Date(t).toISOString();
}

/** The stored times of the query's days: `since` included, `until` (the midnight after `to`) not. */
export function auditRange(q: Pick<AuditQuery, 'from' | 'to'>): { since: string; until: string } {
  const since = chinaMidnight(q.from);
  const toStart = chinaMidnight(q.to);
  if (!since) throw new ExportRefused(`from: ${q.from} is not a day (YYYY-MM-DD)`);
  if (!toStart) throw new ExportRefused(`to: ${q.to} is not a day (YYYY-MM-DD)`);
  if (q.from > q.to) throw new ExportRefused(`from (${q.from}) is after to (${q.to})`);
  return { since, until: new Date(Date.parse(toStart) + DAY_MS).toISOString() };
}

function filtered(db: DB, q: AuditQuery) {
  const { since, until } = auditRange(q);
  let query = db.selectFrom('audit_log').where('at', '>=', since).where('at', '<', until);
  if (q.actor !== undefined) query = query.where('actor', '=', q.actor);
  if (q.subjectAda !== undefined) query = query.where('subject_ada', '=', q.subjectAda);
  return query;
}

/** How many entries the export holds; ExportRefused past MAX_EXPORT_ROWS (or a range that is not one). */
export async function countAuditEntries(db: DB, q: AuditQuery, max = MAX_EXPORT_ROWS): Promise<number> {
  const row = await filtered(db, q)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  const n = Number(row?.n ?? 0);
  if (n > max) {
    throw new ExportRefused(
      `${n} entries from ${q.from} to ${q.to}: an export holds at most ${max.toLocaleString('en-US')}; choose fewer days or one actor`,
    );
  }
  return n;
}

/**
 * A cell a spreadsheet would take for a formula (= + - @, and a tab or carriage return before one)
 * gets a leading apostrophe; then RFC 4180: quoted when it holds a comma, a quote or a line break.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

type Entry = Record<(typeof AUDIT_EXPORT_COLUMNS)[number], string>;

/** The file's text, a page of entries at a time (CSV lines end with CRLF, as RFC 4180 has them). */
export async function* auditExportChunks(db: DB, q: AuditQuery): AsyncGenerator<string> {
  const csv = q.format === 'csv';
  yield csv ? `${AUDIT_EXPORT_COLUMNS.join(',')}\r\n` : '[';
  let after: { at: string; id: number } | null = null;
  let first = true;
  for (;;) {
    let page = filtered(db, q).select(['id', 'at', 'actor', 'subject_ada', 'action', 'channel']);
    if (after) {
      const { at, id } = after;
      page = page.where((eb) => eb.or([eb('at', '>', at), eb.and([eb('at', '=', at), eb('id', '>', id)])]));
    }
    const rows = await page.orderBy('at').orderBy('id').limit(PAGE).execute();
    if (rows.length === 0) break;
    let text = '';
    for (const r of rows) {
      const entry: Entry = {
        at: `${chinaIso(Date.parse(r.at))}${CHINA_ISO_OFFSET}`,
        actor: r.actor,
        subjectAda: r.subject_ada,
        action: r.action,
        channel: r.channel,
      };
      if (csv) text += `${AUDIT_EXPORT_COLUMNS.map((c) => csvCell(entry[c])).join(',')}\r\n`;
      else text += `${first ? '\n' : ',\n'}${JSON.stringify(entry)}`;
      first = false;
    }
    yield text;
    const last = rows[rows.length - 1]!;
    after = { at: last.at, id: Number(last.id) };
    if (rows.length < PAGE) break;
  }
  if (!csv) yield first ? ']\n' : '\n]\n';
}

/** `audit-2026-11-01-to-2026-11-21.csv` */
export function auditExportFileName(q: AuditQuery): string {
  return `audit-${q.from}-to-${q.to}.${q.format}`;
}

/** The action the export itself is audited as: the call and what it asked for. */
export function auditExportAction(base: string, q: AuditQuery): string {
  const filters = [
    `from=${q.from}`,
    `to=${q.to}`,
    ...(q.actor ? [`actor=${q.actor}`] : []),
    ...(q.subjectAda ? [`subject=${q.subjectAda}`] : []),
  ];
  return `${base} ${filters.join(' ')} ${q.format}`;
}
