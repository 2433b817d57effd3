// The income certificates issued (migration 0018, issue #32): a certificate's verification code is
// given once per person, kind, period and amounts' digest, so a re-download carries the same code
// and a corrected certificate a new one; the public check (routes/certificate) reads it back.
import { randomBytes } from 'node:crypto';
import { CERTIFICATE_CODE_BYTES, certificateCodeOf, type CertificateKind, type CertificateTotals } from '@abo/contract';
import type { DB } from './index.ts';
import type { CertificateIssuesTable } from './schema.ts';

export interface CertificateIssue {
  ada: string;
  kind: CertificateKind;
  period: string;
  digest: string;
  totals: CertificateTotals;
}

export interface IssuedCertificate {
  code: string;
  issuedAt: string;
  issuedOn: string;
}

const newCode = () => certificateCodeOf(randomBytes(CERTIFICATE_CODE_BYTES));

/**
 * The code of this certificate: the one already given to the same person, kind, period and
 * digest, else a new one. Two issues at once insert once (the unique index; the other does
 * nothing and reads the winner's row); a code already taken (70 random bits: never in practice)
 * is drawn again.
 */
export async function issueCertificate(
  db: DB,
  issue: CertificateIssue,
  now: Date,
  issuedOn: string,
  code: () => string = newCode,
): Promise<IssuedCertificate> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const found = await db
      .selectFrom('certificate_issues')
      .select(['code', 'issued_at', 'issued_on'])
      .where('ada', '=', issue.ada)
      .where('kind', '=', issue.kind)
      .where('period', '=', issue.period)
      .where('digest', '=', issue.digest)
      .executeTakeFirst();
    if (found) {
      await db
        .updateTable('certificate_issues')
        .set({ last_issued_at: now.toISOString(), last_issued_on: issuedOn })
        .where('code', '=', found.code)
        .where('last_issued_at', '<', now.toISOString())
        .execute();
      return { code: found.code, issuedAt: found.issued_at, issuedOn: found.issued_on };
    }
    await db
      .insertInto('certificate_issues')
      .values({
        code: code(),
        ada: issue.ada,
        kind: issue.kind,
        period: issue.period,
        issued_at: now.toISOString(),
        issued_on: issuedOn,
        last_issued_at: now.toISOString(),
        last_issued_on: issuedOn,
        digest: issue.digest,
        totals: JSON.stringify(issue.totals),
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  throw new Error('could not issue a certificate code');
}

/** The certificate issued under `code` (canonical form), or undefined. */
export async function findCertificate(db: DB, code: string): Promise<CertificateIssuesTable | undefined> {
  return db.selectFrom('certificate_issues').selectAll().where('code', '=', code).executeTakeFirst();
}

/**
 * The certificate of the same person, kind and period issued last, when it is not `row` and
 * prints other amounts (a correction): then `row` is no longer current. Amounts corrected and
 * put back make `row` the last issued again.
 */
export async function newerCertificate(db: DB, row: CertificateIssuesTable): Promise<CertificateIssuesTable | undefined> {
  const latest = await db
    .selectFrom('certificate_issues')
    .selectAll()
    .where('ada', '=', row.ada)
    .where('kind', '=', row.kind)
    .where('period', '=', row.period)
    .orderBy('last_issued_at', 'desc')
    .orderBy('code')
    .limit(1)
    .executeTakeFirst();
  return latest && latest.code !== row.code && latest.digest !== row.digest && latest.last_issued_at > row.last_issued_at
    ? latest
    : undefined;
}
