// `npm run audit -- export --from D --to D [--actor X] [--subject ADA] [--format csv|json] [--out FILE]`:
// the audit log's entries between two days in China time (both included), optionally of one
// actor (a staff account or a distributor) and/or about one distributor, as CSV (the default) or
// JSON: the same file the operators' export (POST /bff/v1/operator/auditExport) answers, written
// to standard output or to FILE (made 0600: it names who read whom). The export itself is audited.
import fs from 'node:fs';
import { once } from 'node:events';
import { auditExportBodySchema } from '@abo/contract';
import { loadConfig } from '../../config.ts';
import { recordRead } from '../../db/audit.ts';
import { closeDatabase, migrateToLatest, openDatabase } from '../../db/index.ts';
import { auditExportAction, auditExportChunks, countAuditEntries, ExportRefused, type AuditQuery } from '../../operator/audit-export.ts';
import { callerDataDir, callerPath, command, line, usage } from '../io.ts';

const USAGE = `Usage: npm run audit -- export --from YYYY-MM-DD --to YYYY-MM-DD [--actor NAME] [--subject ADA]
                                 [--format csv|json] [--out FILE]
  --from, --to     the first and the last day (China time), both included
  --actor NAME     only the entries of this staff account or distributor
  --subject ADA    only the entries about this distributor
  --format         csv (the default: RFC 4180, cells a spreadsheet would run as a formula start with ') or json
  --out FILE       write the file there (0600) instead of standard output
At most 1 000 000 entries in one export. Uses DATABASE_URL, else the SQLite file in DATA_DIR (default ./data).
Entries older than AUDIT_RETENTION_DAYS (default 400) are deleted by the server.`;

export const main = command(
  USAGE,
  {
    allowPositionals: true,
    options: {
      from: { type: 'string' },
      to: { type: 'string' },
      actor: { type: 'string' },
      subject: { type: 'string' },
      format: { type: 'string', default: 'csv' },
      out: { type: 'string' },
    },
  },
  async ({ values, positionals }, io) => {
    if (positionals[0] !== 'export' || positionals.length > 1) usage('Name the command: export');
    if (!values.from || !values.to) usage('Name the days with --from and --to');
    // The same checks as the operators' export.
    const body = auditExportBodySchema.safeParse({
      from: values.from,
      to: values.to,
      format: values.format,
      ...(values.actor !== undefined ? { actor: values.actor } : {}),
      ...(values.subject !== undefined ? { subjectAda: values.subject } : {}),
    });
    if (!body.success) usage(body.error.issues.map((i) => `${i.path.join('.') || 'arguments'}: ${i.message}`).join('; '));
    const q: AuditQuery = body.data;

    const config = loadConfig({ ...io.env, DATA_DIR: callerDataDir(io) });
    const db = openDatabase(config);
    try {
      await migrateToLatest(db);
      const count = await countAuditEntries(db, q);
      const user = io.env['USER'] ?? io.env['LOGNAME'] ?? 'cli';
      await recordRead(db, {
        actor: `cli:${user}`.slice(0, 64),
        subjectAda: '',
        action: auditExportAction('npm run audit -- export', q),
        channel: 'cli',
      });
      const out = values.out ? fs.createWriteStream(callerPath(io, values.out), { mode: 0o600 }) : null;
      for await (const chunk of auditExportChunks(db, q)) {
        if (out) {
          if (!out.write(chunk)) await once(out, 'drain');
        } else io.stdout.write(chunk);
      }
      if (out) {
        out.end();
        await once(out, 'close');
        line(io.stderr, `wrote ${count} entries to ${values.out}`);
      }
    } catch (err) {
      if (err instanceof ExportRefused) {
        line(io.stderr, `Not exported: ${err.message}`);
        return 1;
      }
      throw err;
    } finally {
      await closeDatabase(db);
    }
    return 0;
  },
);
