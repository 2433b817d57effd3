// The public check of an income certificate's verification code (issue #32,
// packages/contract/src/certificate-check.ts): anyone holding the PDF asks, without a session,
// whether it was issued, when, its totals and its amounts' digest, and whether a later certificate
// of the same period replaced it (when only). Never a name or an ADA. An unknown and a malformed
// code get the same answer, and each client address has a small budget a minute, so codes (70
// random bits) cannot be guessed in bulk.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { chinaIso } from '@abo/words';
import {
  CERTIFICATE_CHECK_PATH,
  certificateCheckDataSchema,
  certificateCheckQuerySchema,
  certificateKindSchema,
  certificateTotalsSchema,
  Code,
  envelopeSchema,
  formatCertificateCode,
  ok,
  parseCertificateCode,
  type CertificateCheckData,
} from '@abo/contract';
import type { Config } from '../../config.ts';
import { findCertificate, newerCertificate } from '../../db/certificate-issues.ts';
import { AppError } from '../../lib/app-error.ts';

/** Checks a minute from one client address (IPv6: per /64): a bank checks a few documents. */
export const CHECKS_PER_MINUTE = 10;

export interface CertificateCheckOptions {
  config: Pick<Config, 'COMPANY_NAME_ZH' | 'COMPANY_NAME_EN'>;
}

/** An ISO instant as China time `YYYY-MM-DD HH:mm`. */
export function chinaMinute(iso: string): string {
  return chinaIso(Date.parse(iso)).slice(0, 16).replace('T', ' ');
}

const notFound = () => new AppError(Code.NOT_FOUND, 'No certificate was issued with this verification code', 404);

export async function certificateCheckRoutes(app: FastifyInstance, opts: CertificateCheckOptions): Promise<void> {
  await app.register(rateLimit, { global: false });
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: CERTIFICATE_CHECK_PATH,
    schema: { querystring: certificateCheckQuerySchema, response: { 200: envelopeSchema(certificateCheckDataSchema) } },
    config: {
      public: true,
      rateLimit: {
        max: CHECKS_PER_MINUTE,
        timeWindow: '1 minute',
        keyGenerator: (request: FastifyRequest) => `certificate-check|${normalizeIP(request.ip, 64)}`,
      },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const code = parseCertificateCode(request.query.code);
      const row = code === null ? undefined : await findCertificate(app.db, code);
      if (!row) throw notFound();
      const newer = await newerCertificate(app.db, row);
      const data: CertificateCheckData = {
        code: formatCertificateCode(row.code),
        kind: certificateKindSchema.parse(row.kind),
        period: row.period,
        issuedOn: row.issued_on,
        issuedAt: chinaMinute(row.issued_at),
        company: { zh: opts.config.COMPANY_NAME_ZH, en: opts.config.COMPANY_NAME_EN },
        totals: certificateTotalsSchema.parse(JSON.parse(row.totals)),
        digest: row.digest,
        newer: newer ? { issuedOn: newer.last_issued_on, issuedAt: chinaMinute(newer.last_issued_at) } : null,
      };
      return ok(data);
    },
  });
}
