import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCommand, spawnCli } from '../testing/run-cli.ts';
import { main } from './commands/seed.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abo-seed-cli-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const env: NodeJS.ProcessEnv = { ...process.env, INIT_CWD: dir };
delete env['DATA_DIR'];
/** The command in-process, as `npm run seed` runs it from `dir`, output piped (no terminal). */
const seed = (...args: string[]) => runCommand(main, args, env);

describe('seed CLI', () => {
  it('seeds into --data-dir (relative to the caller), refuses to overwrite without --force', async () => {
    const first = await seed('--distributors', '200', '--seed', '5', '--today', '2026-11-21', '--data-dir', 'out');
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/Seeded 200 distributors \(seed 5, today 2026-11-21\)/);
    expect(first.stdout).toMatch(/monthly_results\s+[\d,]+/);
    expect(first.stdout).toMatch(/rows\/s/);
    expect(first.stdout).toMatch(/staff01/);
    expect(fs.existsSync(path.join(dir, 'out', 'inquiry.sqlite'))).toBe(true);

    const again = await seed('--distributors', '200', '--data-dir', 'out');
    expect(again.status).toBe(2);
    expect(again.stderr).toMatch(/already exists; add --force/);

    const forced = await seed('--distributors', '150', '--data-dir', 'out', '--force', '--today', '2026-11-21');
    expect(forced.status).toBe(0);
    expect(forced.stdout).toMatch(/Seeded 150 distributors/);
  }, 60_000);

  it('rejects bad options with the usage', async () => {
    const small = await seed('--distributors', '10');
    expect(small.status).toBe(2);
    expect(small.stderr).toMatch(/at least 150/);
    expect(small.stderr).toMatch(/Usage: npm run seed/);
    expect((await seed('--today', '21/11/2026')).stderr).toMatch(/YYYY-MM-DD/);
  });

  it('runs as `npm run seed` starts it: the bin file, its exit code and output', () => {
    const small = spawnCli('seed', ['--distributors', '10'], env);
    expect(small.status).toBe(2);
    expect(small.stderr).toMatch(/at least 150[\s\S]*Usage: npm run seed/);
  }, 60_000);
});
