import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_EXPORT_PATH, Code } from '@abo/contract';
import { main as auditMain } from '../cli/commands/audit.ts';
import { pruneAuditLog } from '../db/audit.ts';
import { insertStaff } from '../testing/fixtures.ts';
import { runCommand } from '../testing/run-cli.ts';
import { call, operatorApp, staffHeaders, type OperatorApp } from '../routes/operator/operator.test-support.ts';
import { auditRange, countAuditEntries, csvCell, ExportRefused } from './audit-export.ts';

// China days: 2026-11-20 runs from 2026-11-19T16:00Z to 2026-11-20T16:00Z.
const ENTRIES = [
  { at: '2026-11-19T15:59:59.000Z', actor: 'staff01', subject_ada: '10000001', action: 'POST /bff/v1/home/summary', channel: 'iinquiry' },
  { at: '2026-11-19T16:00:00.000Z', actor: 'staff01', subject_ada: '10000002', action: 'POST /bff/v1/home/summary', channel: 'iinquiry' },
  { at: '2026-11-20T03:00:00.000Z', actor: '10000001', subject_ada: '10000004', action: '=HYPERLINK("http://x","a, b")', channel: 'wec' },
  { at: '2026-11-20T15:59:59.999Z', actor: '@evil', subject_ada: '10000002', action: '-1+2', channel: 'ebiz' },
  { at: '2026-11-20T16:00:00.000Z', actor: 'staff01', subject_ada: '10000002', action: 'POST /bff/v1/home/summary', channel: 'iinquiry' },
];

describe('the audit export', () => {
  let t: OperatorApp;
  let ops: Record<string, string>;
  beforeAll(async () => {
    t = await operatorApp();
    await insertStaff(t.db, 'ops01', 'operator');
    ops = await staffHeaders(t.app, 'ops01');
    await t.db.insertInto('audit_log').values(ENTRIES).execute();
  });
  afterAll(() => t.close());
  const exported = (body: object) => call(t.app, ops, AUDIT_EXPORT_PATH, body);

  it('answers the day in China time as a CSV attachment, RFC 4180 quoted, formulas defused, and audits itself', async () => {
    const res = await exported({ from: '2026-11-20', to: '2026-11-20', format: 'csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="audit-2026-11-20-to-2026-11-20.csv"');
    expect(res.body).toBe(
      [
        'at,actor,subjectAda,action,channel',
        '2026-11-20T00:00:00.000+08:00,staff01,10000002,POST /bff/v1/home/summary,iinquiry',
        `2026-11-20T11:00:00.000+08:00,10000001,10000004,"'=HYPERLINK(""http://x"",""a, b"")",wec`,
        "2026-11-20T23:59:59.999+08:00,'@evil,10000002,'-1+2,ebiz",
        '',
      ].join('\r\n'),
    );
    const own = await t.db
      .selectFrom('audit_log')
      .select(['actor', 'subject_ada', 'action', 'channel'])
      .where('actor', '=', 'ops01')
      .execute();
    expect(own).toEqual([
      {
        actor: 'ops01',
        subject_ada: '',
        action: 'POST /bff/v1/operator/auditExport from=2026-11-20 to=2026-11-20 csv',
        channel: 'iinquiry',
      },
    ]);
  });

  it('answers JSON, filtered by actor and subject', async () => {
    const res = await exported({ from: '2026-11-19', to: '2026-11-21', subjectAda: '10000002', actor: 'staff01', format: 'json' });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="audit-2026-11-19-to-2026-11-21.json"');
    expect(res.json()).toEqual([
      {
        at: '2026-11-20T00:00:00.000+08:00',
        actor: 'staff01',
        subjectAda: '10000002',
        action: 'POST /bff/v1/home/summary',
        channel: 'iinquiry',
      },
      {
        at: '2026-11-21T00:00:00.000+08:00',
        actor: 'staff01',
        subjectAda: '10000002',
        action: 'POST /bff/v1/home/summary',
        channel: 'iinquiry',
      },
    ]);
    const none = await exported({ from: '2026-01-01', to: '2026-01-02', format: 'json' });
    expect(none.json()).toEqual([]);
  });

  it('refuses a range that is not one, with the envelope', async () => {
    expect((await exported({ from: '2026-11-21', to: '2026-11-20', format: 'csv' })).json()).toMatchObject({
      code: Code.BAD_REQUEST,
      message: 'from (2026-11-21) is after to (2026-11-20)',
    });
    expect((await exported({ from: '2026-02-30', to: '2026-03-01', format: 'csv' })).json()).toMatchObject({
      code: Code.BAD_REQUEST,
      message: 'from: 2026-02-30 is not a day (YYYY-MM-DD)',
    });
    expect((await exported({ from: '2026-11-20', to: '2026-11-20', format: 'xlsx' })).json().code).toBe(Code.BAD_REQUEST);
  });

  it('refuses an export past the row limit before writing anything', async () => {
    const q = { from: '2026-11-19', to: '2026-11-21', format: 'csv' as const };
    expect(await countAuditEntries(t.db, q, 10)).toBeGreaterThanOrEqual(4);
    await expect(countAuditEntries(t.db, q, 3)).rejects.toThrow(ExportRefused);
    await expect(countAuditEntries(t.db, q, 3)).rejects.toThrow(/an export holds at most 3; choose fewer days or one actor/);
  });

  it('writes the same file from the command line', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, INIT_CWD: t.config.dataDir, DATA_DIR: 'cli-data', USER: 'tester' };
    delete env['DATABASE_URL'];
    const dir = path.join(t.config.dataDir, 'cli-data');
    // A database of the CLI's own, with the same entries.
    const first = await runCommand(auditMain, ['export', '--from', '2026-11-20', '--to', '2026-11-20'], env);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toBe('at,actor,subjectAda,action,channel\r\n');
    const { openSqlite, closeDatabase } = await import('../db/index.ts');
    const db = openSqlite(path.join(dir, 'inquiry.sqlite'));
    try {
      await db.insertInto('audit_log').values(ENTRIES).execute();
    } finally {
      await closeDatabase(db);
    }
    const out = await runCommand(
      auditMain,
      ['export', '--from', '2026-11-20', '--to', '2026-11-20', '--subject', '10000002', '--format', 'json', '--out', 'x.json'],
      env,
    );
    expect(out.status, out.stderr).toBe(0);
    expect(out.stderr).toBe('wrote 2 entries to x.json\n');
    const file = path.join(t.config.dataDir, 'x.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).map((e: { actor: string }) => e.actor)).toEqual(['staff01', '@evil']);
    const bad = await runCommand(auditMain, ['export', '--from', '2026-11-21', '--to', '2026-11-20'], env);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toBe('Not exported: from (2026-11-21) is after to (2026-11-20)\n');
    const usage = await runCommand(auditMain, ['export', '--from', '2026-11-21'], env);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/Name the days with --from and --to[\s\S]*Usage: npm run audit/);
  });
});

describe('audit pieces', () => {
  it('quotes cells as RFC 4180 has it and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    for (const f of ['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1']) expect(csvCell(f).replace(/^"/, '')).toMatch(/^'/);
  });

  it('reads days in China time', () => {
    expect(auditRange({ from: '2026-11-20', to: '2026-11-21' })).toEqual({
      since: '2026-11-19T16:00:00.000Z',
      until: '2026-11-21T16:00:00.000Z',
    });
  });

  it('prunes only entries older than the retention, and nothing with 0', async () => {
    const t = await operatorApp();
    try {
      const now = new Date('2026-11-21T12:00:00Z');
      const ago = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
      const e = { subject_ada: '1', action: 'a', channel: 'wec' };
      await t.db
        .insertInto('audit_log')
        .values([
          { ...e, actor: 'old', at: ago(11) },
          { ...e, actor: 'new', at: ago(9) },
        ])
        .execute();
      expect(await pruneAuditLog(t.db, 0, now)).toBe(0);
      expect(await pruneAuditLog(t.db, 10, now, 1)).toBe(1);
      expect((await t.db.selectFrom('audit_log').select('actor').execute()).map((r) => r.actor)).toEqual(['new']);
    } finally {
      await t.close();
    }
  });
});
