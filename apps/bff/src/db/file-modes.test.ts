// The database holds the signing key and personal data: who else on the machine can read it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { backupDatabase, restoreDatabase } from './backup.ts';
import { closeDatabase, migrateToLatest, openSqlite, sqlitePath, type DB } from './index.ts';

const bffRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const mode = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);

const dirs: string[] = [];
const dbs: DB[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await closeDatabase(db);
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abo-modes-'));
  dirs.push(dir);
  return dir;
}
async function openMigrated(file: string): Promise<DB> {
  const db = openSqlite(file);
  dbs.push(db);
  await migrateToLatest(db);
  return db;
}

describe('files of the embedded database', () => {
  it('makes DATA_DIR 0700 and the database with its -wal and -shm 0600 (umask 022 would give 0755/0644)', async () => {
    expect(process.umask() & 0o077).not.toBe(0o077);
    const dataDir = path.join(tempDir(), 'data');
    const file = sqlitePath({ dataDir });
    const db = await openMigrated(file);
    await db.insertInto('meta').values({ key: 'probe', value: 'x' }).execute();
    expect(mode(dataDir)).toBe('700');
    expect(fs.existsSync(`${file}-wal`)).toBe(true);
    expect([file, `${file}-wal`, `${file}-shm`].map(mode)).toEqual(['600', '600', '600']);
  });

  it('tightens an existing DATA_DIR and side files an older version left open', async () => {
    const dataDir = path.join(tempDir(), 'data');
    const file = sqlitePath({ dataDir });
    await closeDatabase(await openMigrated(file));
    dbs.length = 0;
    fs.chmodSync(dataDir, 0o755);
    fs.writeFileSync(`${file}-shm`, Buffer.alloc(0));
    fs.chmodSync(`${file}-shm`, 0o644);
    await openMigrated(file);
    expect(mode(dataDir)).toBe('700');
    expect(mode(`${file}-shm`)).toBe('600');
  });

  it('refuses a database other accounts may read, saying how to fix it', async () => {
    const dataDir = path.join(tempDir(), 'data');
    const file = sqlitePath({ dataDir });
    await closeDatabase(await openMigrated(file));
    dbs.length = 0;
    fs.chmodSync(file, 0o644);
    expect(() => openSqlite(file)).toThrow(`Refusing to open ${file}: other accounts may read it (mode 0644)`);
    expect(() => openSqlite(file)).toThrow(`chmod 600 ${file}*`);

    // The server refuses to start on it, in one line, before listening.
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, DEMO: '0', PORT: '0', LOG_LEVEL: 'silent' };
    delete env['DATABASE_URL'];
    const server = spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: bffRoot,
      env,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(server.status).toBe(1);
    expect(server.stderr.trim()).toMatch(/^Refusing to open .*inquiry\.sqlite: other accounts may read it \(mode 0644\).*chmod 600 /);
    expect(server.stderr.trim().split('\n')).toHaveLength(1);

    fs.chmodSync(file, 0o600);
    dbs.push(openSqlite(file));
  }, 30_000);

  it('writes backups, restored databases and pre-restore copies as 0600, even from a readable backup', async () => {
    const root = tempDir();
    const dataDir = path.join(root, 'data');
    const file = sqlitePath({ dataDir });
    await closeDatabase(await openMigrated(file));
    dbs.length = 0;

    const out = path.join(root, 'backups', 'one.sqlite');
    await backupDatabase(file, out);
    expect(mode(out)).toBe('600');
    expect(mode(path.dirname(out))).toBe('700');

    // A backup copied around with a careless mode: what it restores is private all the same.
    fs.chmodSync(out, 0o644);
    const result = await restoreDatabase(out, file, { force: true });
    expect(mode(file)).toBe('600');
    expect(mode(result.previous!)).toBe('600');
    dbs.push(openSqlite(file));
  });
});
