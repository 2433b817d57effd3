import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EXAMPLES_DIR, TODAY } from '../import/import.test-support.ts';
import { runCommand, spawnCli } from '../testing/run-cli.ts';
import { main as closeMain } from './commands/close.ts';
import { main as importMain } from './commands/import.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abo-close-cli-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const env: NodeJS.ProcessEnv = { ...process.env, INIT_CWD: dir, INQUIRY_TODAY: TODAY };
delete env['DATA_DIR'];
delete env['DATABASE_URL'];
/** A command in-process, as `npm run …` runs it from the caller's directory `dir`, output piped (no terminal). */
const cli = (file: 'close' | 'import', ...args: string[]) => runCommand(file === 'close' ? closeMain : importMain, args, env);

describe('close CLI', () => {
  it('closes through a month, then through the last complete one (from the state saved), then finds nothing new', async () => {
    const imported = await cli('import', '--dir', EXAMPLES_DIR, '--data-dir', 'db', '--no-close');
    expect(imported.status, imported.stderr).toBe(0);
    expect(imported.stdout).toMatch(/^imported 12 distributors .*\n$/);

    const first = await cli('close', '--through', '2026-09', '--data-dir', 'db');
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(
      /^closed 2026-08 to 2026-09 \(2 months\) for 12 distributors; 2026-10 to 2026-11 \(2 months\) provisional; \d+ notifications \(\d+ pushes queued\); in \d+\.\d s\n$/,
    );
    const rest = await cli('close', '--data-dir', 'db');
    expect(rest.stdout).toMatch(
      /^closed 2026-10 for 12 distributors; 2026-11 so far is provisional; \d+ notifications \(\d+ pushes queued\); from the state after 2026-09; in \d+\.\d s\n$/,
    );
    const again = await cli('close', '--data-dir', 'db');
    expect(again.stdout).toMatch(/^close: nothing changed \(closed through 2026-10; 2026-11 so far is up to date\) in \d+\.\d s\n$/);
    // --all runs from the first month even with nothing new.
    const all = await cli('close', '--all', '--data-dir', 'db');
    expect(all.stdout).toMatch(
      /^no month to close \(closed through 2026-10\) for 12 distributors; 2026-11 so far is provisional; .*from the first month: asked for; in /,
    );
  }, 60_000);

  it('refuses to close the month of today, or a month that is not one, with the usage and exit code 2', async () => {
    const today = await cli('close', '--through', '2026-11', '--data-dir', 'db');
    expect(today.status).toBe(2);
    expect(today.stderr).toMatch(
      /2026-11 cannot be closed: today \(2026-11-21\) is in 2026-11, which is still open; the last complete month is 2026-10[\s\S]*Usage: npm run close/,
    );
    const bad = await cli('close', '--through', 'October', '--data-dir', 'db');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--through must be a month, YYYY-MM: October/);
  });

  it('runs as `npm run close` starts it: the bin file, its exit code and output', () => {
    const bad = spawnCli('close', ['--through', 'October', '--data-dir', 'db'], env);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--through must be a month, YYYY-MM: October[\s\S]*Usage: npm run close/);
  }, 60_000);
});
