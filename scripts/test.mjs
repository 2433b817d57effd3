#!/usr/bin/env node
// `npm test`: lint, typecheck, unit + integration (vitest), build, then the
// Playwright end-to-end suite against the real built app. Ends with one plain
// "N passed, N failed" line, which CI reads.
//
// The PostgreSQL suite runs on one worker, and the static checks are one process each: they run
// side by side, in two lanes, instead of one after another. A step running beside another writes
// its output to .reports/logs/, printed whole when the step ends.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, '.reports');
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });

let passed = 0;
let failed = 0;
const failures = [];
/** Every failed test by name, printed again last: CI shows only the tail of the output. */
const failedTests = [];
const startedAll = Date.now();
/** Each step's name and seconds, for the summary at the end. */
const timings = [];
const logs = path.join(reports, 'logs');

/**
 * Runs a step. With `log` (a step running beside another) its output goes to that file and is
 * printed whole when it ends, so the two steps' lines never interleave; `lane` groups it in the
 * summary.
 */
async function run(name, cmd, args, { env = {}, log, lane } = {}) {
  console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}${log ? ' (beside another step: its output follows when it ends)' : ''}`);
  const started = Date.now();
  const timing = [name, 0, lane];
  timings.push(timing);
  const out = log ? fs.openSync(log, 'w') : 'inherit';
  const status = await new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: log ? ['ignore', out, out] : 'inherit', env: { ...process.env, ...env } });
    child.once('error', (e) => {
      if (log) fs.writeSync(out, `${e.message}\n`);
      else console.error(e.message);
      resolve(null);
    });
    child.once('close', (code) => resolve(code));
  });
  const seconds = (Date.now() - started) / 1000;
  timing[1] = seconds;
  if (log) {
    fs.closeSync(out);
    console.log(`\n── ${name}: output (${path.relative(root, log)}) ──`);
    process.stdout.write(fs.readFileSync(log));
  }
  const ok = status === 0;
  console.log(`${ok ? '✔' : '✘'} ${name} (${seconds.toFixed(1)} s)`);
  return ok;
}

/** The file a step running beside another writes its output to. */
const logFor = (slug) => path.join(logs, `${slug}.log`);

/** A step that is one check (lint, typecheck, build). */
async function check(name, cmd, args, options) {
  if (await run(name, cmd, args, options)) passed += 1;
  else {
    failed += 1;
    failures.push(name);
  }
}

/** A step whose JSON report counts individual tests. */
async function suite(name, cmd, args, reportFile, count, options) {
  // A report left by an earlier step must not be counted for this one.
  fs.rmSync(reportFile, { force: true });
  const ok = await run(name, cmd, args, options);
  let counted = false;
  if (fs.existsSync(reportFile)) {
    try {
      const c = count(JSON.parse(fs.readFileSync(reportFile, 'utf8')));
      passed += c.passed;
      failed += c.failed;
      counted = c.passed + c.failed > 0;
      if (c.failed > 0) failures.push(`${name}: ${c.failed} failed`);
      for (const n of c.names ?? []) failedTests.push(`${name}: ${n}`);
    } catch {
      /* fall through: count the step */
    }
  }
  if (!counted || (!ok && !failures.some((f) => f.startsWith(name)))) {
    if (ok) passed += 1;
    else {
      failed += 1;
      failures.push(name);
    }
  }
}

// A Chinese font, as every phone has: without one Chromium draws Chinese text as boxes.
const CHINESE_FONT = '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc';

function ensureChromium() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const missing = [...(fs.existsSync(chromium) ? [] : ['chromium']), ...(fs.existsSync(CHINESE_FONT) ? [] : ['fonts-wqy-microhei'])];
  if (missing.length && process.getuid?.() === 0) {
    console.log(`Installing Debian’s ${missing.join(' and ')} with apt-get…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
  }
  if (fs.existsSync(chromium)) return true;
  console.error(
    `\nChromium was not found at ${chromium}. Install Debian's browser with:\n  sudo apt-get install -y chromium\n` +
      'or point CHROMIUM_PATH at a Chromium binary. (Playwright browser downloads are not used.)',
  );
  return false;
}

/** PostgreSQL server binaries (initdb, pg_ctl) for the PostgreSQL suite; Debian's package when root. */
function ensurePostgres() {
  const found = () =>
    (fs.existsSync('/usr/lib/postgresql') &&
      fs.readdirSync('/usr/lib/postgresql').some((v) => fs.existsSync(`/usr/lib/postgresql/${v}/bin/initdb`))) ||
    (process.env.PATH ?? '').split(path.delimiter).some((d) => d && fs.existsSync(path.join(d, 'initdb')));
  if (found()) return true;
  if (process.getuid?.() === 0) {
    console.log('PostgreSQL is missing: installing Debian’s postgresql with apt-get…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const r = spawnSync('apt-get', ['install', '-y', '-qq', 'postgresql'], { stdio: 'inherit', env });
    if (r.status === 0 && found()) return true;
  }
  console.error(
    '\nPostgreSQL server binaries (initdb, pg_ctl) were not found. Install them with:\n  sudo apt-get install -y postgresql\n' +
      'The suite starts its own throwaway cluster; no system database is used.',
  );
  return false;
}

/** poppler-utils' pdftotext: the document tests read the generated PDFs back as text. */
function ensurePdftotext() {
  const found = () => (process.env.PATH ?? '').split(path.delimiter).some((d) => d && fs.existsSync(path.join(d, 'pdftotext')));
  if (found()) return;
  if (process.getuid?.() === 0) {
    console.log('pdftotext is missing: installing Debian’s poppler-utils with apt-get…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', 'poppler-utils'], { stdio: 'inherit', env });
  }
  if (!found())
    console.error('\npdftotext was not found: the document tests will fail. Install it with:\n  sudo apt-get install -y poppler-utils\n');
}

/** The first line of a failure message, without colour codes: enough to name it in the summary. */
const firstLine = (message) =>
  String(message ?? '')
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
    .split('\n')
    .find((l) => l.trim())
    ?.trim()
    .slice(0, 300) ?? '';

const vitestCount = (r) => ({
  passed: r.numPassedTests ?? 0,
  failed: (r.numFailedTests ?? 0) + (r.numRuntimeErrorTestSuites ?? 0),
  names: (r.testResults ?? []).flatMap((file) => {
    const where = path.relative(root, file.name ?? '');
    const tests = (file.assertionResults ?? [])
      .filter((t) => t.status === 'failed')
      .map((t) => `${where} › ${t.fullName ?? t.title}: ${firstLine(t.failureMessages?.[0])}`);
    return tests.length || file.status !== 'failed' ? tests : [`${where}: ${firstLine(file.message)}`];
  }),
});
const playwrightCount = (r) => {
  const names = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === 'unexpected' || test.status === 'flaky') {
          const error = test.results?.find((x) => x.error)?.error?.message;
          names.push(`${[...titles, spec.title].filter(Boolean).join(' › ')} (${test.status}): ${firstLine(error)}`);
        }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const s of r.suites ?? []) walk(s, [s.title]);
  return { passed: r.stats?.expected ?? 0, failed: (r.stats?.unexpected ?? 0) + (r.stats?.flaky ?? 0), names };
};

ensurePdftotext();
const havePostgres = ensurePostgres();
fs.mkdirSync(logs, { recursive: true });

// Two lanes, one per core: the static checks one after another, and beside them the PostgreSQL
// suite (one worker; it is the longer lane). Nothing in either lane writes what the other reads:
// the build, whose web app every test app serves, comes after both.
const lanesStarted = Date.now();
await Promise.all([
  (async () => {
    await check('lint', 'npx', ['eslint', '.', '--max-warnings=0'], { log: logFor('lint'), lane: 1 });
    await check('format', 'npx', ['prettier', '--check', '.'], { log: logFor('format'), lane: 1 });
    await check('dead code (knip)', 'npx', ['knip', '--no-progress'], { log: logFor('knip'), lane: 1 });
    await check('typecheck', 'npm', ['run', 'typecheck', '--silent'], { log: logFor('typecheck'), lane: 1 });
  })(),
  (async () => {
    if (!havePostgres) {
      failed += 1;
      failures.push('integration tests on PostgreSQL: PostgreSQL missing');
      return;
    }
    await suite(
      'integration tests on PostgreSQL',
      'npx',
      [
        'vitest',
        'run',
        '--root',
        'apps/bff',
        '-c',
        'vitest.postgres.config.ts',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${path.join(reports, 'vitest-postgres.json')}`,
      ],
      path.join(reports, 'vitest-postgres.json'),
      vitestCount,
      { log: logFor('vitest-postgres'), lane: 2 },
    );
  })(),
]);
const lanesSeconds = (Date.now() - lanesStarted) / 1000;

await suite(
  'unit and integration tests',
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reports, 'vitest.json')}`],
  path.join(reports, 'vitest.json'),
  vitestCount,
);
await check('build', 'npm', ['run', 'build', '--silent']);
// Budgets, on the build just made: shell ≤ 100 KB gzip, no route chunk over 50 KB.
await check('bundle budgets (bench/bundle.ts)', 'npx', ['tsx', 'bench/bundle.ts', '--no-build']);
// The benchmarks run small (smoke runs): they must work and answer correctly; their figures
// are read by hand (bench/README.md), never used as a pass mark here.
await check('bench smoke: seed (2 000 distributors)', 'npx', ['tsx', 'bench/seed.ts', '--distributors', '2000']);
await check('bench smoke: bff (every call answers code 0 under load)', 'npx', ['tsx', 'bench/bff.ts', '--smoke']);
await check('bench smoke: soak (zero errors)', 'npx', ['tsx', 'bench/soak.ts', '--smoke']);
if (ensureChromium()) {
  await check(
    'bench smoke: lighthouse (each page signs in and loads; scores printed)',
    'npx',
    ['tsx', 'bench/lighthouse.ts', '--runs', '1'],
    {
      env: { CHROME_PATH: process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    },
  );
  await suite('end-to-end (Playwright, Chromium)', 'npx', ['playwright', 'test'], path.join(reports, 'playwright.json'), playwrightCount, {
    env: { CI_JSON: '1' },
  });
  // A cross-section again with the server on PostgreSQL (a throwaway cluster): sign-in, keys and
  // one-time tokens in the database, and the income pages whose amounts are int8 columns.
  if (havePostgres) {
    await suite(
      'end-to-end on PostgreSQL (sign-in, income, the operators’ import)',
      'npx',
      [
        'tsx',
        'apps/bff/src/testing/pg-cluster.ts',
        'run',
        '--',
        'npx',
        'playwright',
        'test',
        'e2e/sign-in.spec.ts',
        'e2e/income.spec.ts',
        'e2e/operator.spec.ts',
      ],
      path.join(reports, 'playwright.json'),
      playwrightCount,
      { env: { CI_JSON: '1' } },
    );
  }
} else {
  failed += 1;
  failures.push('end-to-end: Chromium missing');
}

// Where the time went (CI allows 45 minutes), then the one line CI reads, last.
const mmss = (seconds) => {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};
console.log('\nSteps (‖: in two lanes, beside each other):');
const inLanes = timings.filter((t) => t[2]).sort((a, b) => a[2] - b[2]);
for (const [name, seconds] of inLanes) console.log(`  ${mmss(seconds).padStart(6)}  ‖ ${name}`);
console.log(`  ${mmss(lanesSeconds).padStart(6)}  ‖ (the two lanes, wall time)`);
for (const [name, seconds] of timings.filter((t) => !t[2])) console.log(`  ${mmss(seconds).padStart(6)}  ${name}`);
console.log(`  ${mmss((Date.now() - startedAll) / 1000).padStart(6)}  total`);
if (failures.length) console.log(`\nFailed: ${failures.join('; ')}`);
for (const n of failedTests.slice(0, 20)) console.log(`  ✘ ${n}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
