import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const bffRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abo-accounts-cli-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function accounts(input: string, ...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, INIT_CWD: dir, DATA_DIR: 'data' };
  delete env['DATABASE_URL'];
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/accounts.ts', ...args], { cwd: bffRoot, env, input, encoding: 'utf8' });
}

describe('accounts CLI', () => {
  it('adds a staff account with a password from standard input, never from the command line', () => {
    const added = accounts('a long staff passphrase\n', 'add-staff', 'ops.chen', '--display-name', '客服 陈');
    expect(added.status, added.stderr).toBe(0);
    expect(added.stdout).toMatch(/Added staff account ops.chen/);
    const listed = accounts('', 'list');
    expect(listed.stdout).toMatch(/ops.chen\s+客服 陈/);

    const weak = accounts('demo1234\n', 'add-staff', 'ops.zhao');
    expect(weak.status).toBe(1);
    expect(weak.stderr).toMatch(/Not done: .*(at least 10|demo)/);

    const usage = accounts('', 'add-staff');
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/needs an account name/);
  }, 60_000);
});
