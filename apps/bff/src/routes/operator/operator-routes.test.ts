import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type ImportRun } from '@abo/contract';
import { main as importMain } from '../../cli/commands/import.ts';
import { setStaffRole } from '../../idp/accounts.ts';
import { EXAMPLES_DIR, TODAY } from '../../import/import.test-support.ts';
import { formatIssue } from '../../import/issues.ts';
import { importDirectory } from '../../import/import.ts';
import { closeMonths, CloseConflictError } from '../../close/close.ts';
import { NOT_OPERATOR, OPERATOR_READS_NO_ONE } from '../../plugins/auth.ts';
import { insertDistributor, insertStaff } from '../../testing/fixtures.ts';
import { runCommand } from '../../testing/run-cli.ts';
import { STOPPED_MESSAGE } from '../../operator/runs.ts';
import { signInHeaders } from '../../testing/suite-app.ts';
import { call, exampleParts, operatorApp, settled, staffHeaders, upload, type OperatorApp } from './operator.test-support.ts';

const GET = '/bff/v1/operator/imports/get';
const LIST = '/bff/v1/operator/imports/list';
const CONFIRM = '/bff/v1/operator/imports/confirm';
const DISCARD = '/bff/v1/operator/imports/discard';

const EXAMPLE_COUNTS = {
  distributors: { rows: 12, added: 12, updated: 0 },
  orders: { rows: 38, added: 38 },
  attendance: { rows: 5, added: 5 },
  months: ['2026-08', '2026-09', '2026-10', '2026-11'],
  changed: true,
};

const audited = (t: OperatorApp) =>
  t.db
    .selectFrom('audit_log')
    .select(['actor', 'subject_ada', 'action', 'channel'])
    .where('action', 'like', '%/operator/%')
    .orderBy('id')
    .execute();

describe('the operators import page: upload, check, confirm, import and close', () => {
  let t: OperatorApp;
  let ops: Record<string, string>;
  beforeAll(async () => {
    t = await operatorApp();
    await insertStaff(t.db, 'ops01', 'operator');
    ops = await staffHeaders(t.app, 'ops01');
  });
  afterAll(() => t.close());

  it('checks the examples (counts, nothing written), imports and closes them on confirm, and audits each step', async () => {
    const up = await upload(t.app, ops, exampleParts());
    expect(up.json()).toMatchObject({ code: Code.OK, data: { run: { status: 'checking', uploadedBy: 'ops01', replace: false } } });
    const id = up.json().data.run.id as string;
    const files = up.json().data.run.files as ImportRun['files'];
    expect(files.map((f) => f.name)).toEqual(['distributors.csv', 'orders.csv', 'attendance.csv']);
    expect(files[1]).toEqual({
      name: 'orders.csv',
      bytes: fs.statSync(path.join(EXAMPLES_DIR, 'orders.csv')).size,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const folder = path.join(t.config.dataDir, 'imports', id);
    expect(fs.statSync(folder).mode & 0o777).toBe(0o700);

    const checked = await settled(t.app, ops, id);
    expect(checked).toMatchObject({ status: 'checked', check: EXAMPLE_COUNTS, issues: { total: 0, shown: [] }, error: null });
    // A check writes nothing.
    expect(await t.db.selectFrom('distributors').select('ada').execute()).toEqual([]);
    expect(fs.existsSync(folder)).toBe(true);

    const confirmed = await call(t.app, ops, CONFIRM, { id });
    expect(confirmed.json()).toMatchObject({ code: Code.OK, data: { run: { status: 'importing', confirmedBy: 'ops01' } } });
    const done = await settled(t.app, ops, id);
    expect(done).toMatchObject({ status: 'done', imported: EXAMPLE_COUNTS, error: null, progress: null });
    expect(done.close).toMatchObject({
      closed: ['2026-08', '2026-09', '2026-10'],
      closedThrough: '2026-10',
      open: ['2026-11'],
      distributors: 12,
    });
    expect(done.close!.summary).toMatch(/^closed 2026-08 to 2026-10 \(3 months\) for 12 distributors; 2026-11 so far is provisional/);
    expect(done.finishedAt).toEqual(expect.any(String));
    // The data is there: the month close computed 王芳's August (1 450 PV of her own order, docs/data-import.md).
    const august = await t.db
      .selectFrom('monthly_results')
      .select(['ppv', 'bv_fen'])
      .where('ada', '=', '86000002')
      .where('month', '=', '2026-08')
      .executeTakeFirstOrThrow();
    expect(august.bv_fen).toBeGreaterThanOrEqual(145_000);
    // Nothing of the run is kept on disk.
    expect(fs.existsSync(folder)).toBe(false);
    expect(await audited(t)).toEqual([
      { actor: 'ops01', subject_ada: '', action: `POST /bff/v1/operator/imports/upload run=${id}`, channel: 'iinquiry' },
      { actor: 'ops01', subject_ada: '', action: `POST /bff/v1/operator/imports/confirm run=${id}`, channel: 'iinquiry' },
    ]);
  }, 60_000);

  it('checks the same files again: nothing would change', async () => {
    const up = await upload(t.app, ops, exampleParts());
    const run = await settled(t.app, ops, up.json().data.run.id);
    expect(run.check).toEqual({
      distributors: { rows: 12, added: 0, updated: 0 },
      orders: { rows: 38, added: 0 },
      attendance: { rows: 5, added: 0 },
      months: EXAMPLE_COUNTS.months,
      changed: false,
    });
    // Discarding it deletes its files.
    const discarded = await call(t.app, ops, DISCARD, { id: run.id });
    expect(discarded.json().data.run).toMatchObject({ status: 'discarded', finishedAt: expect.any(String) });
    expect(fs.existsSync(path.join(t.config.dataDir, 'imports', run.id))).toBe(false);
    expect((await call(t.app, ops, CONFIRM, { id: run.id })).json()).toMatchObject({
      code: Code.BAD_REQUEST,
      message: expect.stringMatching(/is discarded: only a checked run can be confirmed/),
    });
    expect((await audited(t)).at(-1)).toEqual({
      actor: 'ops01',
      subject_ada: '',
      action: `POST /bff/v1/operator/imports/discard run=${run.id}`,
      channel: 'iinquiry',
    });
  }, 60_000);

  it('rejects a file with a bad row with the file, line and column the CLI prints, and keeps no file', async () => {
    const orders = fs.readFileSync(path.join(EXAMPLES_DIR, 'orders.csv'), 'utf8').split('\n');
    orders[2] = orders[2]!.replace(/,1450,/, ',14x0,');
    const bad = orders.join('\n');
    const members = fs.readFileSync(path.join(EXAMPLES_DIR, 'distributors.csv'));
    const up = await upload(t.app, ops, [
      { name: 'distributors.csv', filename: 'distributors.csv', content: members },
      { name: 'orders.csv', filename: 'orders.csv', content: bad },
    ]);
    const run = await settled(t.app, ops, up.json().data.run.id);
    expect(run.status).toBe('rejected');
    expect(run.check).toBeNull();
    expect(run.issues.total).toBe(1);
    const [issue] = run.issues.shown;
    expect(issue).toMatchObject({ file: 'orders.csv', line: 3, column: 4, field: 'pv' });
    // The CLI on the same files (into a database of its own) prints the same line.
    const dir = fs.mkdtempSync(path.join(t.config.dataDir, 'cli-'));
    fs.writeFileSync(path.join(dir, 'distributors.csv'), members);
    fs.writeFileSync(path.join(dir, 'orders.csv'), bad);
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: path.join(dir, 'data'), INQUIRY_TODAY: TODAY };
    delete env['DATABASE_URL'];
    const cli = await runCommand(importMain, ['--dir', dir, '--no-close'], env);
    expect(cli.status).toBe(1);
    expect(cli.stderr.split('\n')[0]).toBe(formatIssue(issue!));
    expect(fs.existsSync(path.join(t.config.dataDir, 'imports', run.id))).toBe(false);
    // The list shows it without its problems; a rejected run may be discarded.
    const list = await call(t.app, ops, LIST, {});
    expect(list.json().data).toMatchObject({ busy: null });
    const listed = (list.json().data.runs as ImportRun[]).find((r) => r.id === run.id)!;
    expect(listed.issues).toEqual({ total: 1, shown: [] });
    expect((list.json().data.runs as ImportRun[]).map((r) => r.uploadedAt)).toEqual(
      [...(list.json().data.runs as ImportRun[]).map((r) => r.uploadedAt)].sort().reverse(),
    );
    expect((await call(t.app, ops, DISCARD, { id: run.id })).json().data.run.status).toBe('discarded');
  }, 60_000);

  it('refuses uploads it cannot take, with a clear message, and keeps nothing of them', async () => {
    const csv = 'order_id,ada,ordered_at,pv\n';
    const refused = async (parts: Parameters<typeof upload>[2], message: RegExp) => {
      const res = await upload(t.app, ops, parts);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: Code.BAD_REQUEST, success: false, message: expect.stringMatching(message) });
    };
    const before = await t.db.selectFrom('import_runs').select('id').execute();
    await refused([{ name: 'order.csv', filename: 'order.csv', content: csv }], /"order.csv" is not a file of an import/);
    await refused(
      [
        { name: 'orders.csv', filename: 'orders.csv', content: csv },
        { name: 'orders.csv', filename: 'orders2.csv', content: csv },
      ],
      /orders.csv is sent twice/,
    );
    await refused([{ name: 'orders.csv', filename: 'orders.xlsx', content: csv }], /is not a CSV file/);
    await refused([{ name: 'orders.csv', filename: 'orders.csv', content: Buffer.from('PK\x03\x04rest', 'latin1') }], /Excel workbook/);
    await refused([{ name: 'replace', content: 'false' }], /no file/);
    await refused([{ name: 'replace', content: 'yes' }], /replace is 'true' or 'false'/);
    await refused(
      [
        { name: 'replace', content: 'true' },
        { name: 'orders.csv', filename: 'orders.csv', content: csv },
      ],
      /distributors.csv is needed/,
    );
    const json = await call(t.app, ops, '/bff/v1/operator/imports/upload', {});
    expect(json.json()).toMatchObject({ code: Code.BAD_REQUEST, message: 'send the files as multipart/form-data' });
    expect(await t.db.selectFrom('import_runs').select('id').execute()).toEqual(before);
    const ids = new Set(before.map((r) => r.id));
    expect(fs.readdirSync(path.join(t.config.dataDir, 'imports')).filter((e) => !ids.has(e))).toEqual([]);
  });

  it('refuses a file over OPERATOR_UPLOAD_MAX_MB', async () => {
    const small = await operatorApp(undefined, { env: { OPERATOR_UPLOAD_MAX_MB: '1' } });
    try {
      await insertStaff(small.db, 'ops01', 'operator');
      const h = await staffHeaders(small.app, 'ops01');
      const big = `order_id,ada,ordered_at,pv\n${'X-1,86000001,2026-08-03,1\n'.repeat(50_000)}`;
      const res = await upload(small.app, h, [{ name: 'orders.csv', filename: 'orders.csv', content: big }]);
      expect(res.json()).toMatchObject({
        code: Code.BAD_REQUEST,
        message: expect.stringMatching(/larger than 1 MB \(OPERATOR_UPLOAD_MAX_MB\)/),
      });
      expect(await small.db.selectFrom('import_runs').select('id').execute()).toEqual([]);
      expect(fs.readdirSync(path.join(small.config.dataDir, 'imports'))).toEqual([]);
    } finally {
      await small.close();
    }
  });
});

describe('who may use the import page', () => {
  let t: OperatorApp;
  beforeAll(async () => {
    t = await operatorApp();
    await insertStaff(t.db, 'ops01', 'operator');
    await insertStaff(t.db, 'staff01');
    await insertDistributor(t.db, '10000001');
    await insertDistributor(t.db, '10000004');
  });
  afterAll(() => t.close());

  it('refuses customer-service staff and distributors on every operator call', async () => {
    const service = await staffHeaders(t.app, 'staff01');
    const member = await signInHeaders(t.app, '10000001');
    for (const headers of [service, member]) {
      for (const url of [LIST, GET, CONFIRM, DISCARD]) {
        const res = await call(t.app, headers, url, { id: 'x' });
        expect(res.json(), url).toMatchObject({ code: Code.FORBIDDEN, message: NOT_OPERATOR, success: false });
      }
      expect((await upload(t.app, headers, exampleParts())).json()).toMatchObject({ code: Code.FORBIDDEN });
      const exported = await call(t.app, headers, '/bff/v1/operator/auditExport', { from: TODAY, to: TODAY, format: 'csv' });
      expect(exported.json()).toMatchObject({ code: Code.FORBIDDEN });
    }
    expect(await t.db.selectFrom('import_runs').select('id').execute()).toEqual([]);
  });

  it('ends the right at the next call when the role is taken away, read from the database', async () => {
    await insertStaff(t.db, 'ops02', 'operator');
    const h = await staffHeaders(t.app, 'ops02');
    expect((await call(t.app, h, LIST)).json().code).toBe(Code.OK);
    await setStaffRole(t.db, 'ops02', 'service');
    expect((await call(t.app, h, LIST)).json()).toMatchObject({ code: Code.FORBIDDEN, message: NOT_OPERATOR });
    await setStaffRole(t.db, 'ops02', 'operator');
    expect((await call(t.app, h, LIST)).json().code).toBe(Code.OK);
  });

  it('lets an operator read no distributor: queryAda and the staff look-up are refused', async () => {
    const h = await staffHeaders(t.app, 'ops01');
    const summary = await t.app.inject({
      method: 'POST',
      url: '/bff/v1/home/summary',
      headers: { ...h, queryAda: '10000004' },
      payload: { channel: 'iinquiry' },
    });
    expect(summary.json()).toMatchObject({ code: Code.FORBIDDEN, message: OPERATOR_READS_NO_ONE });
    const lookup = await call(t.app, h, '/bff/v1/common/staffLookup', { q: '10000004' });
    expect(lookup.json()).toMatchObject({ code: Code.FORBIDDEN, message: OPERATOR_READS_NO_ONE });
    // Nothing read, nothing audited; customer service still reads.
    expect(await t.db.selectFrom('audit_log').select('actor').where('actor', '=', 'ops01').execute()).toEqual([]);
    const service = await t.app.inject({
      method: 'POST',
      url: '/bff/v1/home/summary',
      headers: { ...(await staffHeaders(t.app, 'staff01')), queryAda: '10000004' },
      payload: { channel: 'iinquiry' },
    });
    expect(service.json().code).toBe(Code.OK);
  });
});

describe('one run at a time', () => {
  it('refuses a second upload and a confirmation while a run is busy, and a stopped process fails its run', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started: () => void = () => undefined;
    const running = new Promise<void>((resolve) => (started = resolve));
    const t = await operatorApp({
      importDirectory: async (db, opts) => {
        if (!opts.checkOnly) {
          opts.progress?.({ phase: 'read orders.csv', done: 5, total: 38 });
          started();
          await held;
        }
        return importDirectory(db, opts);
      },
    });
    try {
      await insertStaff(t.db, 'ops01', 'operator');
      const h = await staffHeaders(t.app, 'ops01');
      const first = await settled(t.app, h, (await upload(t.app, h, exampleParts())).json().data.run.id);
      const second = await settled(t.app, h, (await upload(t.app, h, exampleParts())).json().data.run.id);
      expect([first.status, second.status]).toEqual(['checked', 'checked']);
      expect((await call(t.app, h, CONFIRM, { id: first.id })).json().code).toBe(Code.OK);
      await running;
      const busyMessage = expect.stringMatching(new RegExp(`^another import is under way \\(run ${first.id}\\)`));
      const again = await upload(t.app, h, exampleParts());
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: Code.BAD_REQUEST, message: busyMessage });
      const confirm = await call(t.app, h, CONFIRM, { id: second.id });
      expect(confirm.statusCode).toBe(409);
      expect(confirm.json()).toMatchObject({ code: Code.BAD_REQUEST, message: busyMessage });
      expect((await call(t.app, h, LIST)).json().data.busy).toBe(first.id);
      // Where it stands, for every process to read.
      const progress = async () => ((await call(t.app, h, GET, { id: first.id })).json().data.run as ImportRun).progress;
      for (let i = 0; i < 100 && (await progress()) === null; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await progress()).toEqual({ phase: 'read orders.csv', done: 5, total: 38 });
      release();
      expect((await settled(t.app, h, first.id)).status).toBe('done');
      expect((await call(t.app, h, LIST)).json().data.busy).toBeNull();
    } finally {
      release();
      await t.close();
    }
  }, 60_000);

  it('fails a busy run whose lease expired (its process stopped) when it is next read', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const t = await operatorApp({
      leaseMs: 300,
      heartbeatMs: 60_000,
      importDirectory: async (db, opts) => {
        await held;
        return importDirectory(db, opts);
      },
    });
    try {
      await insertStaff(t.db, 'ops01', 'operator');
      const h = await staffHeaders(t.app, 'ops01');
      const id = (await upload(t.app, h, exampleParts())).json().data.run.id as string;
      await new Promise((resolve) => setTimeout(resolve, 400));
      const run = (await call(t.app, h, GET, { id })).json().data.run as ImportRun;
      expect(run).toMatchObject({ status: 'failed', error: STOPPED_MESSAGE, progress: null });
      // The slot is free again: another upload is taken.
      expect((await upload(t.app, h, exampleParts())).json().code).toBe(Code.OK);
    } finally {
      release();
      await t.close();
    }
  }, 60_000);
});

describe('when the confirmed import or its close goes wrong', () => {
  it('rejects the run when the data changed since its check, and fails it when the close refuses', async () => {
    let closeFault: Error | null = null;
    const t = await operatorApp({
      closeMonths: async (db, opts) => {
        if (closeFault) throw closeFault;
        return closeMonths(db, opts);
      },
    });
    try {
      await insertStaff(t.db, 'ops01', 'operator');
      const h = await staffHeaders(t.app, 'ops01');
      await importDirectory(t.db, { dir: EXAMPLES_DIR, today: TODAY });
      const order = (pv: number) => `order_id,ada,ordered_at,pv\nOPS-1,86000002,2026-11-03T09:00:00,${pv}\n`;
      const run = await settled(
        t.app,
        h,
        (await upload(t.app, h, [{ name: 'orders.csv', filename: 'orders.csv', content: order(100) }])).json().data.run.id,
      );
      expect(run.check).toMatchObject({ orders: { rows: 1, added: 1 }, changed: true });
      // Meanwhile the same order id came in with other content (another import).
      const other = fs.mkdtempSync(path.join(t.config.dataDir, 'other-'));
      fs.writeFileSync(path.join(other, 'orders.csv'), order(200));
      await importDirectory(t.db, { dir: other, today: TODAY });
      await call(t.app, h, CONFIRM, { id: run.id });
      const rejected = await settled(t.app, h, run.id);
      expect(rejected).toMatchObject({
        status: 'rejected',
        imported: null,
        error: 'the files no longer pass the check (the data changed since it ran); nothing was imported',
        issues: { total: 1, shown: [{ file: 'orders.csv', line: 2 }] },
      });

      closeFault = new CloseConflictError();
      const next = await settled(
        t.app,
        h,
        (await upload(t.app, h, [{ name: 'orders.csv', filename: 'orders.csv', content: order(200).replace('OPS-1', 'OPS-2') }])).json()
          .data.run.id,
      );
      await call(t.app, h, CONFIRM, { id: next.id });
      const failed = await settled(t.app, h, next.id);
      expect(failed).toMatchObject({ status: 'failed', imported: { orders: { added: 1 } }, close: null });
      expect(failed.error).toBe(`imported, but the close refused: ${new CloseConflictError().message}`);

      // A fault of the server's own: a message in words, no details.
      closeFault = new Error('SQLITE_CORRUPT: secret details at /srv/x.ts:12');
      const third = await settled(
        t.app,
        h,
        (await upload(t.app, h, [{ name: 'orders.csv', filename: 'orders.csv', content: order(200).replace('OPS-1', 'OPS-3') }])).json()
          .data.run.id,
      );
      await call(t.app, h, CONFIRM, { id: third.id });
      const faulted = await settled(t.app, h, third.id);
      expect(faulted.status).toBe('failed');
      expect(faulted.error).toMatch(
        /^imported, but the close stopped on a server error: the next import or `npm run close` closes the months/,
      );
      expect(faulted.error).not.toMatch(/SQLITE|secret|\.ts/);
    } finally {
      await t.close();
    }
  }, 60_000);
});
