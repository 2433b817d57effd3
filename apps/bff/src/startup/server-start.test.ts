// The server's entry point as `npm start` runs it, for the mistakes a first start meets: a port
// already taken, PostgreSQL out of reach. Each is told in one line before anything is created.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_TODAY } from '../testing/today.ts';

const bffRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function runServer(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(DATABASE_URL|PORT|DEMO|DATA_DIR|NODE_ENV)$/.test(k)));
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], { cwd: bffRoot, env: { ...clean, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 25_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abo-start-'));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('the server’s start', () => {
  it('stops at once on a port in use, saying which and how to choose another, before creating a database', async () => {
    const other = net.createServer();
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const port = (other.address() as net.AddressInfo).port;
    try {
      const r = await runServer({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO: '1', SEED_DISTRIBUTORS: '10' });
      expect(r.stderr.trim()).toBe(`port ${port} is in use (another ABO Inquiry?); choose one with PORT=…`);
      expect(r.code).toBe(1);
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      other.close();
    }
  });

  it('names DATABASE_URL when PostgreSQL cannot be reached, without its password', async () => {
    const r = await runServer({ PORT: '0', HOST: '127.0.0.1', DATABASE_URL: 'postgres://abo:s3cret-pw@127.0.0.1:1/inquiry', DEMO: '0' });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('PostgreSQL at DATABASE_URL=postgres://abo:…@127.0.0.1:1/inquiry cannot be reached: ');
    expect(r.stderr).toMatch(/ECONNREFUSED/);
    expect(r.stderr + r.stdout).not.toContain('s3cret-pw');
  });

  it('answers probes from its first moment: not ready while it migrates and seeds, then ready', async () => {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as net.AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const clean = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !/^(DATABASE_URL|PORT|DEMO|DATA_DIR|NODE_ENV|LOG_)/.test(k)),
    );
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: bffRoot,
      env: {
        ...clean,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEMO: '1',
        SEED_DISTRIBUTORS: '300',
        INQUIRY_TODAY: TEST_TODAY,
      },
    });
    const seen: string[] = [];
    try {
      const deadline = Date.now() + 40_000;
      while (Date.now() < deadline && child.exitCode === null) {
        const answer = await fetch(`http://127.0.0.1:${port}/readyz`).then(
          async (r) => `${r.status} ${JSON.stringify(await r.json())}`,
          () => 'no answer',
        );
        if (seen.at(-1) !== answer) seen.push(answer);
        if (answer.startsWith('200')) break;
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      child.kill('SIGTERM');
    }
    // While it seeded, the probe was told so (and never met a closed port after the first answer).
    const starting = seen.filter((s) => s.startsWith('503') && s.includes('"startUp":"seeding the demo'));
    expect(starting.length, seen.join('\n')).toBeGreaterThan(0);
    const first = seen.findIndex((s) => s !== 'no answer');
    expect(seen.slice(first).filter((s) => s === 'no answer').length, seen.join('\n')).toBeLessThanOrEqual(1);
    expect(seen.at(-1)).toBe('200 {"status":"ready"}');
  });
});
