import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EXAMPLES_DIR, TODAY } from '../import/import.test-support.ts';
import { runCommand, spawnCli } from '../testing/run-cli.ts';
import { main } from './commands/import.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abo-import-cli-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const env: NodeJS.ProcessEnv = { ...process.env, INIT_CWD: dir, INQUIRY_TODAY: TODAY };
delete env['DATA_DIR'];
delete env['DATABASE_URL'];
/** The command in-process, as `npm run import` runs it from the caller's directory `dir`, output piped (no terminal). */
const importCli = (...args: string[]) => runCommand(main, args, env);

describe('import CLI', () => {
  it('imports a folder and closes the complete months, a line each, and lists the issues of a bad one with exit code 1', async () => {
    const ok = await importCli('--dir', EXAMPLES_DIR, '--data-dir', 'db');
    expect(ok.stderr).toBe('');
    expect(ok.status).toBe(0);
    expect(ok.stdout).toMatch(
      /^imported 12 distributors \(12 new, 0 updated\), 38 orders \(38 new\), 5 attendance rows \(5 new\) in \d+\.\d s\nclosed 2026-08 to 2026-10 \(3 months\) for 12 distributors; 2026-11 so far is provisional; \d+ notifications \(\d+ pushes queued\); in \d+\.\d s\n$/,
    );
    expect(fs.existsSync(path.join(dir, 'db', 'inquiry.sqlite'))).toBe(true);
    // The same files again (their orders in months closed now): nothing to write, nothing to close.
    const again = await importCli('--dir', EXAMPLES_DIR, '--data-dir', 'db');
    expect(again.stderr).toBe('');
    expect(again.stdout).toMatch(
      /; nothing changed\nclose: nothing changed \(closed through 2026-10; 2026-11 so far is up to date\) in \d+\.\d s\n$/,
    );

    fs.mkdirSync(path.join(dir, 'bad'));
    fs.writeFileSync(
      path.join(dir, 'bad', 'orders.csv'),
      'order_id,ada,ordered_at,pv\nX-1,86000001,2026-10-01,ten\nX-2,99999999,2026-10-01,1\n',
    );
    const bad = await importCli('--dir', 'bad', '--data-dir', 'db');
    expect(bad.status).toBe(1);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toBe(
      [
        'orders.csv:2:4 pv: "ten" is not a whole number of PV',
        'orders.csv:3:2 ada: unknown ADA 99999999: not in distributors.csv nor in the database',
        '2 errors; nothing was imported.',
        '',
      ].join('\n'),
    );
  }, 60_000);

  it('answers usage mistakes with the usage and exit code 2', async () => {
    const none = await importCli();
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(
      /Name the folder to import with --dir[\s\S]*Usage: npm run import -- --dir DIR \[--replace\] \[--no-close\]/,
    );
    const missing = await importCli('--dir', 'nowhere', '--data-dir', 'db');
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/nowhere is not a folder/);
  });

  it('runs as `npm run import` starts it: the bin file, its exit code and output', () => {
    const none = spawnCli('import', [], env);
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(/Name the folder to import with --dir[\s\S]*Usage: npm run import/);
  }, 60_000);
});
