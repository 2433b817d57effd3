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
    if (found) return { code: found.code, issuedAt: found.issued_at, issuedOn: found.issued_on };
    await db
      .insertInto('certificate_issues')
      .values({
        code: code(),
        ada: issue.ada,
        kind: issue.kind,
        period: issue.period,
        issued_at: now.toISOString(),
        issued_on: issuedOn,
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

/** The latest certificate of the same person, kind and period issued after `row`, or undefined. */
export async function newerCertificate(db: DB, row: CertificateIssuesTable): Promise<CertificateIssuesTable | undefined> {
  return db
    .selectFrom('certificate_issues')
    .selectAll()
    .where('ada', '=', row.ada)
    .where('kind', '=', row.kind)
    .where('period', '=', row.period)
    .where('issued_at', '>', row.issued_at)
    .orderBy('issued_at', 'desc')
    .executeTakeFirst();
}
