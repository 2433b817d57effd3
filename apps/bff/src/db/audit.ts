// The audit log of reads of another distributor's data (staff, and leaders through queryAda or a
// market row reference): one insert.
import type { DB } from './index.ts';

export interface AuditedRead {
  /** Who read: a distributor's ada or a staff account. */
  actor: string;
  /** Whose data was read. */
  subjectAda: string;
  channel: string;
  /** The request, as auditAction gives it. */
  action: string;
}

/** The action an audited request is recorded as: its method and route (as declared, not as spelt). */
export function auditAction(request: { method: string; url: string; routeOptions: { url?: string | undefined } }): string {
  return `${request.method} ${request.routeOptions.url ?? request.url}`;
}

export async function recordRead(db: DB, read: AuditedRead, at = new Date().toISOString()): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({ actor: read.actor, subject_ada: read.subjectAda, action: read.action, channel: read.channel, at })
    .execute();
}

/** Several reads of one request (a staff look-up that shows more than one person): one insert. */
export async function recordReads(db: DB, reads: readonly AuditedRead[], at = new Date().toISOString()): Promise<void> {
  if (reads.length === 0) return;
  await db
    .insertInto('audit_log')
    .values(reads.map((read) => ({ actor: read.actor, subject_ada: read.subjectAda, action: read.action, channel: read.channel, at })))
    .execute();
}

/**
 * The distributors `actor` read through queryAda since `since` (ISO time; staff look-ups not
 * counted, they have their own budget): how many, whether `subject` is among them, and when the
 * oldest of those reads was.
 */
export async function subjectsReadSince(
  db: DB,
  actor: string,
  since: string,
  subject: string,
): Promise<{ count: number; seen: boolean; oldest: string | null }> {
  const row = await db
    .selectFrom('audit_log')
    .select((eb) => [
      eb.fn.count<number | string>('subject_ada').distinct().as('n'),
      eb.fn.max(eb.case().when('subject_ada', '=', subject).then(1).else(0).end()).as('seen'),
      eb.fn.min('at').as('oldest'),
    ])
    .where('actor', '=', actor)
    .where('at', '>=', since)
    .where('action', 'not like', '%/staffLookup')
    .executeTakeFirst();
  return { count: Number(row?.n ?? 0), seen: Number(row?.seen ?? 0) === 1, oldest: (row?.oldest as string | null | undefined) ?? null };
}

const DAY_MS = 86_400_000;

/**
 * Deletes audit entries older than AUDIT_RETENTION_DAYS (0: keep them all), in batches so SQLite lets
 * requests through between them (the housekeeping timer); answers how many.
 */
export async function pruneAuditLog(db: DB, retentionDays: number, now = new Date(), batch = 5000): Promise<number> {
  if (retentionDays <= 0) return 0;
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
  let total = 0;
  for (;;) {
    const result = await db
      .deleteFrom('audit_log')
      .where('id', 'in', db.selectFrom('audit_log').select('id').where('at', '<', cutoff).limit(batch))
      .executeTakeFirst();
    const deleted = Number(result.numDeletedRows);
    total += deleted;
    if (deleted < batch) return total;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
