import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closeDatabase, openSqlite } from '../db/index.ts';
import { verifyPassword } from '../idp/passwords.ts';
import { EXAMPLES_DIR, TODAY } from '../import/import.test-support.ts';
import { runCommand, spawnCli } from '../testing/run-cli.ts';
import { main as accountsMain } from './commands/accounts.ts';
import { main as importMain } from './commands/import.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abo-accounts-cli-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const env: NodeJS.ProcessEnv = { ...process.env, INIT_CWD: dir, DATA_DIR: 'data', INQUIRY_TODAY: TODAY };
delete env['DATABASE_URL'];
/** The command in-process, as `npm run accounts` runs it from `dir`, output piped (no terminal). */
const accounts = (input: string, ...args: string[]) => runCommand(accountsMain, args, env, input);

describe('accounts CLI', () => {
  it('adds a staff account with a password from standard input, never from the command line', async () => {
    const added = await accounts('a long staff passphrase\n', 'add-staff', 'ops.chen', '--display-name', '客服 陈');
    expect(added.status, added.stderr).toBe(0);
    expect(added.stdout).toMatch(/Added staff account ops.chen/);
    const listed = await accounts('', 'list');
    expect(listed.stdout).toMatch(/ops.chen\s+service\s+客服 陈/);

    const weak = await accounts('demo1234\n', 'add-staff', 'ops.zhao');
    expect(weak.status).toBe(1);
    expect(weak.stderr).toMatch(/Not done: .*(at least 10|demo)/);

    const usage = await accounts('', 'add-staff');
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/needs an account name[\s\S]*Usage: npm run accounts/);
  });

  it('adds an operator with --operator, changes a role with set-role, and lists the roles', async () => {
    const added = await accounts('a long operator passphrase\n', 'add-staff', 'ops.wu', '--operator');
    expect(added.status, added.stderr).toBe(0);
    expect(added.stdout).toMatch(/Added operator account ops.wu.*\/front\/operator/);
    expect((await accounts('', 'list')).stdout).toMatch(/ops.wu\s+operator\s+ops.wu/);
    const demoted = await accounts('', 'set-role', 'ops.wu', 'service');
    expect(demoted.status, demoted.stderr).toBe(0);
    expect((await accounts('', 'list')).stdout).toMatch(/ops.wu\s+service\s+ops.wu/);
    const bad = await accounts('', 'set-role', 'ops.wu', 'admin');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/set-role needs a role: service or operator/);
    const unknown = await accounts('', 'set-role', 'nobody.here', 'operator');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toMatch(/Not done: no staff account named nobody.here/);
    const misplaced = await accounts('', 'list', '--operator');
    expect(misplaced.status).toBe(2);
  });

  it('adds a sign-in for an imported distributor: their ADA and a password from standard input', async () => {
    const imported = await runCommand(importMain, ['--dir', EXAMPLES_DIR, '--no-close'], env);
    expect(imported.status, imported.stderr).toBe(0);
    const added = await accounts('a long member passphrase\n', 'add-distributor', '86000002');
    expect(added.status, added.stderr).toBe(0);
    expect(added.stdout).toMatch(/Added a sign-in for 86000002 \(王芳\): they sign in at \/front\/ with ADA 86000002/);
    const db = openSqlite(path.join(dir, 'data', 'inquiry.sqlite'));
    try {
      const row = await db.selectFrom('credentials').selectAll().where('username', '=', '86000002').executeTakeFirstOrThrow();
      expect(row).toMatchObject({ ada: '86000002', kind: 'distributor', display_name: '王芳' });
      expect(await verifyPassword('a long member passphrase', row.password_hash)).toBe(true);
    } finally {
      await closeDatabase(db);
    }

    const twice = await accounts('another long passphrase\n', 'add-distributor', '86000002');
    expect(twice.status).toBe(1);
    expect(twice.stderr).toMatch(/Not done: 86000002 has a sign-in account already \(npm run accounts -- set-password 86000002\)/);
    const unknown = await accounts('a long member passphrase\n', 'add-distributor', '86000099');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toMatch(/Not done: no distributor 86000099 in the database/);
    const weak = await accounts('demo1234\n', 'add-distributor', '86000003');
    expect(weak.status).toBe(1);
    expect(weak.stderr).toMatch(/Not done: .*(at least 10|demo)/);
  }, 60_000);

  it('runs as `npm run accounts` starts it: the bin file, its exit code and output', () => {
    const usage = spawnCli('accounts', ['remove'], env);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/remove needs an account name[\s\S]*Usage: npm run accounts/);
    expect(usage.stdout).toBe('');
  }, 60_000);
});
