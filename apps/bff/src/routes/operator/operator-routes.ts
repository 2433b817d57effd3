import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUDIT_EXPORT_PATH, auditExportBodySchema, Code, IMPORT_UPLOAD_PATH, ok } from '@abo/contract';
import type { Config } from '../../config.ts';
import { auditAction, recordRead } from '../../db/audit.ts';
import { AppError, badRequest, notFound, unauthorized } from '../../lib/app-error.ts';
import { endpoint } from '../../lib/endpoint.ts';
import {
  auditExportAction,
  auditExportChunks,
  auditExportFileName,
  countAuditEntries,
  ExportRefused,
} from '../../operator/audit-export.ts';
import { ImportRunner, type RunnerOptions } from '../../operator/runner.ts';
import {
  busyRun,
  claimForImport,
  discardRun,
  expireStaleRuns,
  insertCheckingRun,
  listRuns,
  readRun,
  RunBusyError,
  runStatus,
} from '../../operator/runs.ts';
import { presentRun } from '../../operator/run-presenter.ts';
import { receiveUpload, UploadRefused, uploadLimits } from '../../operator/upload.ts';

export interface OperatorRoutesOptions {
  config: Config;
  /** Replaces parts of the runner (tests: a short lease, a held import). */
  runner?: Partial<Omit<RunnerOptions, 'db'>>;
}

/** The one-at-a-time refusal: an envelope BAD_REQUEST with HTTP 409 (Conflict). */
const busyRefusal = (err: RunBusyError) => new AppError(Code.BAD_REQUEST, err.message, 409);

/** Run ids: time-ordered, URL- and file-name-safe. */
const newRunId = () => `${Date.now().toString(36)}-${randomBytes(6).toString('hex')}`;

/** Terminal runs keep no files; a folder without a run is an upload cut short (an hour is plenty for one to finish). */
const ORPHAN_AGE_MS = 3_600_000;

/**
 * The operators' import page and the audit export (packages/contract/src/operator.ts, issue #35).
 * Every call here needs an operator's staff session: plugins/auth.ts decides it on the path. An
 * upload is checked in the background (operator/runner.ts), a confirmed run imported and closed
 * there; one run at a time is busy on the database, a second upload or confirmation is refused
 * (BAD_REQUEST, HTTP 409). Uploads, confirmations, discards and exports are audited.
 */
export async function operatorRoutes(app: FastifyInstance, opts: OperatorRoutesOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const maxBytes = opts.config.OPERATOR_UPLOAD_MAX_MB * 1024 * 1024;
  // Here only: no other route takes multipart bodies.
  await app.register(multipart, { limits: uploadLimits(maxBytes) });
  const runner = new ImportRunner({ db, dataDir: opts.config.dataDir, today: opts.config.today, log: app.log, ...opts.runner });

  const actorOf = (request: FastifyRequest) => {
    if (!request.session) throw unauthorized();
    return request.session.actor;
  };
  const audit = (request: FastifyRequest, action: string) =>
    recordRead(db, { actor: actorOf(request), subjectAda: '', action, channel: request.session?.channel ?? 'iinquiry' });

  app.addHook('onReady', async () => {
    // Runs a stopped process left busy are failed; files nothing can use any more are deleted.
    await expireStaleRuns(db);
    const dir = runner.importsDir();
    for (const entry of fs.readdirSync(dir)) {
      const status = await runStatus(db, entry);
      const keep = status
        ? ['checked', 'checking', 'importing', 'closing'].includes(status)
        : Date.now() - fs.statSync(`${dir}/${entry}`).mtimeMs < ORPHAN_AGE_MS;
      if (!keep) runner.removeFolder(entry);
    }
  });
  // Before the database closes: a run under way finishes (or the next start fails it).
  app.addHook('preClose', () => runner.idle());

  r.route({
    method: 'POST',
    url: IMPORT_UPLOAD_PATH,
    handler: async (request) => {
      const by = actorOf(request);
      // Refused before anything is read; the insert below decides for good (two uploads at once).
      const busy = await busyRun(db);
      if (busy) throw busyRefusal(new RunBusyError(busy));
      const id = newRunId();
      runner.importsDir();
      let uploaded;
      try {
        uploaded = await receiveUpload(request.parts({ limits: uploadLimits(maxBytes) }), runner.folderOf(id), maxBytes);
      } catch (err) {
        if (err instanceof UploadRefused) throw badRequest(err.message);
        throw err;
      }
      let row;
      try {
        row = await insertCheckingRun(db, { id, replace: uploaded.replace, files: uploaded.files, uploadedBy: by }, runner.leaseMs);
      } catch (err) {
        runner.removeFolder(id);
        if (err instanceof RunBusyError) throw busyRefusal(err);
        throw err;
      }
      await audit(request, `${auditAction(request)} run=${id}`);
      runner.startCheck(id, uploaded.replace);
      return ok({ run: presentRun(row) });
    },
  });

  r.route({
    ...endpoint('/bff/v1/operator/imports/get'),
    handler: async (request) => {
      const row = await readRun(db, request.body.id);
      if (!row) throw notFound(`no import run ${request.body.id}`);
      return ok({ run: presentRun(row) });
    },
  });

  r.route({
    ...endpoint('/bff/v1/operator/imports/list'),
    handler: async (request) => {
      const rows = await listRuns(db, request.body?.limit ?? 20);
      return ok({ runs: rows.map((row) => presentRun(row, false)), busy: await busyRun(db) });
    },
  });

  r.route({
    ...endpoint('/bff/v1/operator/imports/confirm'),
    handler: async (request) => {
      const { id } = request.body;
      const before = await readRun(db, id);
      if (!before) throw notFound(`no import run ${id}`);
      if (before.status !== 'checked') throw badRequest(`run ${id} is ${before.status}: only a checked run can be confirmed`);
      if (!fs.existsSync(runner.folderOf(id))) {
        throw badRequest(
          `run ${id}'s files are not in this server's DATA_DIR: with several servers, send the operator page to one of them or share DATA_DIR/imports`,
        );
      }
      let claimed;
      try {
        claimed = await claimForImport(db, id, actorOf(request), runner.leaseMs);
      } catch (err) {
        if (err instanceof RunBusyError) throw busyRefusal(err);
        throw err;
      }
      if (!claimed) throw badRequest(`run ${id} is no longer checked: read it again`);
      await audit(request, `${auditAction(request)} run=${id}`);
      // Read before the work starts: the answer is the run as confirmed ('importing').
      const run = presentRun((await readRun(db, id))!);
      runner.startImport(id, Number(before.replace) === 1);
      return ok({ run });
    },
  });

  r.route({
    ...endpoint('/bff/v1/operator/imports/discard'),
    handler: async (request) => {
      const { id } = request.body;
      const before = await readRun(db, id);
      if (!before) throw notFound(`no import run ${id}`);
      if (!(await discardRun(db, id))) throw badRequest(`run ${id} is ${before.status}: only a checked or rejected run can be discarded`);
      runner.removeFolder(id);
      await audit(request, `${auditAction(request)} run=${id}`);
      return ok({ run: presentRun((await readRun(db, id))!) });
    },
  });

  r.route({
    method: 'POST',
    url: AUDIT_EXPORT_PATH,
    schema: { body: auditExportBodySchema },
    handler: async (request, reply) => {
      const q = request.body;
      try {
        await countAuditEntries(db, q);
      } catch (err) {
        if (err instanceof ExportRefused) throw badRequest(err.message);
        throw err;
      }
      await audit(request, auditExportAction(auditAction(request), q));
      return reply
        .header('content-type', q.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${auditExportFileName(q)}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(auditExportChunks(db, q)));
    },
  });
}
