import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupError, backupDatabase, inspectDatabase, restoreDatabase } from './backup.ts';
import { closeDatabase, MIGRATION_NAMES, migrateToLatest, migrationsNamed, openSqlite, sqlitePath, type DB } from './index.ts';
import { main } from '../cli/commands/backup.ts';
import { seedDatabase } from '../seed/index.ts';
import { runCommand, spawnCli } from '../testing/run-cli.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abo-backup-'));
const dataDir = path.join(dir, 'data');
const live = sqlitePath({ dataDir });
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const names = async (db: DB) =>
  (await db.selectFrom('distributors').select(['ada', 'name_zh']).orderBy('ada').limit(5).execute()).map((r) => `${r.ada} ${r.name_zh}`);

describe('backup and restore', () => {
  let server: DB;
  let original: string[];
  let originalCount: number;

  beforeAll(async () => {
    // A seeded database, open the way the running server holds it.
    server = openSqlite(live);
    await migrateToLatest(server);
    await seedDatabase(server, { distributors: 150, seed: 7, today: '2026-11-21' }, { fresh: true });
    original = await names(server);
    originalCount = Number(
      (
        await server
          .selectFrom('distributors')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  }, 60_000);
  afterAll(async () => {
    await server.destroy();
  });

  it('backs up online while the server holds the database, into one self-contained checked file', async () => {
    const out = path.join(dir, 'backups', 'one.sqlite');
    const summary = await backupDatabase(live, out);
    expect(summary).toMatchObject({ distributors: originalCount, migrations: [...MIGRATION_NAMES] });
    expect(fs.existsSync(`${out}-wal`)).toBe(false);
    expect(fs.existsSync(`${out}.partial`)).toBe(false);
    await expect(backupDatabase(live, out)).rejects.toThrow(/already exists; add --force/);
    await expect(backupDatabase(live, out, { force: true })).resolves.toMatchObject({ distributors: originalCount });
  });

  it('refuses to restore while the server has the database open, and changes nothing', async () => {
    const out = path.join(dir, 'backups', 'one.sqlite');
    await expect(restoreDatabase(out, live, { force: true })).rejects.toThrow(/in use \(is the server running\?\)/);
    expect(await names(server)).toEqual(original);
    expect(fs.readdirSync(dataDir).filter((f) => f.includes('restore'))).toEqual([]);
  });

  it('restores the backup after the data changed: the data is back, the replaced file kept', async () => {
    const out = path.join(dir, 'backups', 'one.sqlite');
    // The data changes after the backup: a rename and lost members.
    await server.updateTable('distributors').set({ name_zh: '改过的名字' }).execute();
    await server.deleteFrom('audit_log').execute();
    expect(await names(server)).not.toEqual(original);
    await server.destroy();

    await expect(restoreDatabase(out, live)).rejects.toThrow(/already exists; add --force/);
    const result = await restoreDatabase(out, live, { force: true });
    expect(result.distributors).toBe(originalCount);
    expect(result.previous).toMatch(/inquiry\.sqlite\.pre-restore-/);
    expect(inspectDatabase(result.previous!).distributors).toBe(originalCount);

    server = openSqlite(live);
    await migrateToLatest(server);
    expect(await names(server)).toEqual(original);
    // The replaced database is still there to go back to.
    const kept = new SQLite(result.previous!, { readonly: true });
    expect((kept.prepare('select name_zh from distributors limit 1').get() as { name_zh: string }).name_zh).toBe('改过的名字');
    kept.close();
  });

  it('refuses files that are not a sound database of this app, leaving the live one untouched', async () => {
    await server.destroy();
    const before = fs.readFileSync(live);
    const junk = path.join(dir, 'junk.sqlite');
    fs.writeFileSync(junk, 'this is not a database '.repeat(100));
    await expect(restoreDatabase(junk, live, { force: true })).rejects.toThrow(/not a SQLite database/);

    const foreign = path.join(dir, 'foreign.sqlite');
    const other = new SQLite(foreign);
    other.exec('create table notes (id integer primary key, text text)');
    other.close();
    await expect(restoreDatabase(foreign, live, { force: true })).rejects.toThrow(/not an ABO Inquiry database/);

    const newer = path.join(dir, 'newer.sqlite');
    await backupDatabase(live, newer);
    const n = new SQLite(newer);
    n.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run('9999-from-the-future', new Date().toISOString());
    n.close();
    await expect(restoreDatabase(newer, live, { force: true })).rejects.toThrow(/newer version/);

    await expect(restoreDatabase(path.join(dir, 'missing.sqlite'), live, { force: true })).rejects.toThrow(BackupError);
    expect(fs.readFileSync(live).equals(before)).toBe(true);
    expect(fs.readdirSync(dataDir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    server = openSqlite(live);
    await migrateToLatest(server);
  });

  it('refuses a backup whose schema is not what the migrations make, replacing nothing', async () => {
    await server.destroy();
    const genuine = path.join(dir, 'schema-genuine.sqlite');
    await backupDatabase(live, genuine);
    const before = fs.readFileSync(live);
    const files = fs.readdirSync(dataDir).sort();
    const tampered = (name: string, sql: string) => {
      const file = path.join(dir, `schema-${name}.sqlite`);
      fs.copyFileSync(genuine, file);
      const db = new SQLite(file);
      db.exec(sql);
      db.close();
      return file;
    };
    const refusals: Array<[string, string, RegExp]> = [
      [
        'trigger',
        'create trigger x_audit after insert on audit_log begin delete from distributors; end',
        /trigger x_audit is not in the schema/,
      ],
      ['table', 'create table stash (secret text)', /table stash is not in the schema/],
      ['view', 'create view everyone as select * from distributors', /view everyone is not in the schema/],
    ];
    for (const [name, sql, message] of refusals) {
      await expect(restoreDatabase(tampered(name, sql), live, { force: true })).rejects.toThrow(message);
    }
    // An index of the schema dropped, and a table of the schema with a column it never had.
    const index = new SQLite(genuine, { readonly: true });
    const { name: indexName } = index.prepare("select name from sqlite_master where type = 'index' and sql is not null limit 1").get() as {
      name: string;
    };
    index.close();
    await expect(restoreDatabase(tampered('dropped', `drop index ${indexName}`), live, { force: true })).rejects.toThrow(
      new RegExp(`index ${indexName} of the schema is missing`),
    );
    await expect(restoreDatabase(tampered('column', 'alter table meta add column extra text'), live, { force: true })).rejects.toThrow(
      /table meta differs from the schema/,
    );
    expect(fs.readFileSync(live).equals(before)).toBe(true);
    expect(fs.readdirSync(dataDir).sort()).toEqual(files);

    // The genuine backup still restores, and so does one an older version wrote (fewer migrations).
    await expect(restoreDatabase(genuine, live, { force: true })).resolves.toMatchObject({ distributors: originalCount });
    const older = path.join(dir, 'older', 'inquiry.sqlite');
    const old = openSqlite(older);
    await migrateToLatest(old, migrationsNamed(MIGRATION_NAMES.slice(0, 3)));
    await closeDatabase(old);
    fs.rmSync(`${older}-wal`, { force: true });
    const elsewhere = path.join(dir, 'elsewhere', 'inquiry.sqlite');
    await expect(restoreDatabase(older, elsewhere)).resolves.toMatchObject({ migrations: MIGRATION_NAMES.slice(0, 3) });
    server = openSqlite(live);
    await migrateToLatest(server);
  });

  it('works from the command line (npm run backup / restore)', async () => {
    await server.destroy();
    const env: NodeJS.ProcessEnv = { ...process.env, INIT_CWD: dir };
    delete env['DATA_DIR'];
    // The command in-process; once through the bin file, as `npm run backup` starts it.
    const run = (...args: string[]) => runCommand(main, args, env);
    const backup = spawnCli('backup', ['backup', '--out', 'cli.sqlite', '--data-dir', 'data'], env);
    expect(backup.status, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(new RegExp(`Backed up .*\\n\\s+to .*cli\\.sqlite\\n\\s+${originalCount} distributors`));
    const again = await run('backup', '--out', 'cli.sqlite', '--data-dir', 'data');
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/already exists; add --force/);

    const refused = await run('restore', '--from', 'cli.sqlite', '--data-dir', 'data');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/already exists; add --force/);
    const restored = await run('restore', '--from', 'cli.sqlite', '--data-dir', 'data', '--force');
    expect(restored.status, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/Restored .*inquiry\.sqlite[\s\S]*kept as .*pre-restore/);

    const usage = await run('backup');
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/backup needs --out FILE[\s\S]*Usage:/);
    expect((await run('frobnicate')).stderr).toMatch(/Unknown command frobnicate/);
    server = openSqlite(live);
    expect(await names(server)).toEqual(original);
  }, 30_000);
});
