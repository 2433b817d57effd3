// The Dockerfile, .dockerignore and compose.yaml, checked without a container daemon (CI has none;
// README "Run it in containers"). Each check answers a list of problems, so the real files must
// answer none and a broken copy (the USER line removed, a service without its health condition…)
// must answer one. Only where `docker info` reaches a daemon is the image also built.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (rel) => fs.readFileSync(path.join(root, rel), 'utf8');
const dockerfile = read('Dockerfile');
const dockerignore = read('.dockerignore');
const compose = read('compose.yaml');

/** The PORT default the server listens on (apps/bff/src/config.ts). */
function defaultPort() {
  const m = /\bPORT: z\.coerce\.number\(\)[^\n]*\.default\((\d+)\)/.exec(read('apps/bff/src/config.ts'));
  if (!m) throw new Error('no PORT default found in apps/bff/src/config.ts');
  return Number(m[1]);
}

/** Instructions with line continuations joined and comments dropped, grouped by FROM into stages. */
function stagesOf(text) {
  const instructions = text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [, keyword, rest] = /^(\S+)\s*(.*)$/.exec(line);
      return { keyword: keyword.toUpperCase(), args: rest };
    });
  const stages = [];
  for (const ins of instructions) {
    if (ins.keyword === 'FROM') {
      const m = /^(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?/i.exec(ins.args);
      stages.push({ image: m[1], name: m[2]?.toLowerCase() ?? null, instructions: [] });
    } else if (stages.length > 0) {
      stages.at(-1).instructions.push(ins);
    }
  }
  return stages;
}

/** A COPY's flags and its sources (shell or JSON form; the last word is the destination). */
function copyOf(args) {
  const words = args.trim().startsWith('[') ? JSON.parse(args) : args.trim().split(/\s+/);
  const flags = Object.fromEntries(
    words
      .filter((w) => w.startsWith('--'))
      .map((w) => w.slice(2).split('=', 2))
      .map(([k, v]) => [k, v ?? true]),
  );
  const paths = words.filter((w) => !w.startsWith('--'));
  return { from: flags.from ?? null, sources: paths.slice(0, -1) };
}

/** .dockerignore's rules as Docker reads them: globs with `**`, `!` re-including, a folder's rule covering what is in it. */
function ignoreRules(text) {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const negate = line.startsWith('!');
      const glob = path.posix.normalize((negate ? line.slice(1) : line).replace(/^\/+/, '')).replace(/\/$/, '');
      const source = glob
        .split(/(\*\*\/|\*\*|\*|\?)/)
        .map((part) =>
          part === '**/'
            ? '(?:.*/)?'
            : part === '**'
              ? '.*'
              : part === '*'
                ? '[^/]*'
                : part === '?'
                  ? '[^/]'
                  : part.replace(/[.+^${}()|[\]\\]/g, '\\$&'),
        )
        .join('');
      return { negate, re: new RegExp(`^${source}$`) };
    });
}

function isIgnored(rules, rel) {
  const parts = path.posix.normalize(rel).replace(/^\.\//, '').split('/');
  const prefixes = parts.map((_, i) => parts.slice(0, i + 1).join('/'));
  let ignored = false;
  for (const rule of rules) if (prefixes.some((p) => rule.re.test(p))) ignored = !rule.negate;
  return ignored;
}

/** What the build makes rather than the repository holds: installed packages and the apps' bundles. */
const producedByBuild = (rel) => /^(?:node_modules|apps\/[^/]+\/dist)(?:\/|$)/.test(rel);

function dockerfileProblems(text, ignoreText = dockerignore, port = defaultPort()) {
  const problems = [];
  const stages = stagesOf(text);
  if (stages.length < 2) problems.push(`expected a multi-stage build, found ${stages.length} FROM`);
  const final = stages.at(-1);
  if (!final) return problems;
  const names = new Set(stages.map((s) => s.name).filter(Boolean));
  const all = (stage, keyword) => stage.instructions.filter((i) => i.keyword === keyword);

  const user = all(final, 'USER').at(-1)?.args.split(':')[0];
  if (user !== 'node') problems.push(`the final stage runs as ${user ?? 'root (no USER)'}, not node`);
  if (!all(final, 'ENV').some((i) => /\bNODE_ENV=production\b/.test(i.args)))
    problems.push('the final stage lacks ENV NODE_ENV=production');

  const exposed = all(final, 'EXPOSE').flatMap((i) => i.args.split(/\s+/).map((p) => Number(p.split('/')[0])));
  if (!exposed.includes(port)) problems.push(`EXPOSE ${exposed.join(' ') || '(none)'} does not include the PORT default ${port}`);
  const envPort = all(final, 'ENV')
    .map((i) => /\bPORT=(\d+)/.exec(i.args)?.[1])
    .find(Boolean);
  if (envPort && Number(envPort) !== port) problems.push(`ENV PORT=${envPort} differs from the PORT default ${port}`);

  const health = all(final, 'HEALTHCHECK').at(-1)?.args ?? '';
  if (!/\/healthz\b/.test(health)) problems.push('the final stage has no HEALTHCHECK calling /healthz');
  else if (!health.includes(`||${port})`)) problems.push(`the HEALTHCHECK does not fall back to port ${port}`);

  const rules = ignoreRules(ignoreText);
  for (const stage of stages) {
    for (const ins of all(stage, 'COPY')) {
      const { from, sources } = copyOf(ins.args);
      for (const source of sources) {
        if (from === null) {
          if (source === '.') continue;
          if (!fs.existsSync(path.join(root, source))) problems.push(`COPY ${source}: not in the repository`);
          else if (isIgnored(rules, source)) problems.push(`COPY ${source}: excluded by .dockerignore`);
        } else {
          if (!names.has(from.toLowerCase())) problems.push(`COPY --from=${from}: no such stage`);
          // Stages work in /app (WORKDIR): the rest is a path of the repository or of the build.
          const rel = source.replace(/^\/app\/?/, '');
          if (!producedByBuild(rel) && !fs.existsSync(path.join(root, rel)))
            problems.push(`COPY --from=${from} ${source}: neither in the repository nor built`);
        }
      }
    }
  }
  return problems;
}

const substituted = (value) => String(value).replace(/\$\{[^}]*\}/g, 'x');

function composeProblems(text, dockerfileText = dockerfile) {
  const problems = [];
  const services = parse(text, { merge: true })?.services ?? {};
  const stageNames = stagesOf(dockerfileText).map((s) => s.name);
  const finalStage = stageNames.at(-1);

  const postgresNames = Object.keys(services).filter((name) => /^postgres(:|$)/.test(services[name].image ?? ''));
  if (postgresNames.length !== 1) return [`expected one postgres service, found ${postgresNames.length}`];
  const [pgName] = postgresNames;
  const pg = services[pgName];
  if (!/^postgres:16\b/.test(pg.image)) problems.push(`${pgName}: image ${pg.image}, expected postgres:16`);
  if (!JSON.stringify(pg.healthcheck?.test ?? '').includes('pg_isready')) problems.push(`${pgName}: no pg_isready healthcheck`);
  if (
    !(pg.volumes ?? []).some((v) =>
      /^[A-Za-z][\w.-]*:\/var\/lib\/postgresql\/data$/.test(typeof v === 'string' ? v : `${v.source}:${v.target}`),
    )
  )
    problems.push(`${pgName}: its data is not on a named volume`);

  const bffs = Object.entries(services).filter(([, s]) => s.build && !s.profiles);
  if (bffs.length !== 2) problems.push(`expected two BFF services built from the Dockerfile, found ${bffs.length}`);
  const hostPorts = [];
  for (const [name, s] of bffs) {
    const build = typeof s.build === 'string' ? { context: s.build } : s.build;
    if (path.posix.normalize(build.context ?? '.') !== '.' || (build.dockerfile ?? 'Dockerfile') !== 'Dockerfile')
      problems.push(`${name}: not built from the repository's Dockerfile`);
    if ((build.target ?? finalStage) !== finalStage) problems.push(`${name}: built to stage ${build.target}, not the final ${finalStage}`);
    const env = Array.isArray(s.environment)
      ? Object.fromEntries(s.environment.map((e) => [e.split('=')[0], e.split('=').slice(1).join('=')]))
      : (s.environment ?? {});
    let url = null;
    try {
      url = new URL(substituted(env.DATABASE_URL));
    } catch {
      problems.push(`${name}: DATABASE_URL is not a URL`);
    }
    if (url && (!/^postgres(ql)?:$/.test(url.protocol) || url.hostname !== pgName))
      problems.push(`${name}: DATABASE_URL does not point at ${pgName}`);
    if (env.NODE_ENV !== 'production') problems.push(`${name}: NODE_ENV is not production`);
    if (s.depends_on?.[pgName]?.condition !== 'service_healthy') problems.push(`${name}: does not wait for ${pgName} to be healthy`);
    // The image's HEALTHCHECK (checked above) applies unless the service turns it off.
    if (s.healthcheck?.disable || JSON.stringify(s.healthcheck?.test ?? '') === '["NONE"]')
      problems.push(`${name}: its health check is off`);
    hostPorts.push(...(s.ports ?? []).map((p) => String(typeof p === 'object' ? p.published : p.split(':').at(-2))));
  }
  if (new Set(hostPorts).size !== hostPorts.length || hostPorts.length < bffs.length)
    problems.push(`the BFFs need a host port each: ${hostPorts.join(', ')}`);
  return problems;
}

describe('the Dockerfile', () => {
  it('builds in stages and runs the server as node, exposing and probing its port', () => {
    expect(dockerfileProblems(dockerfile)).toEqual([]);
  });

  it('is refused without USER node, the health check or the right port', () => {
    expect(dockerfileProblems(dockerfile.replace(/^USER node$/m, ''))).toContainEqual(expect.stringMatching(/runs as root/));
    expect(dockerfileProblems(dockerfile.replace(/^HEALTHCHECK[^\n]*\\\n[^\n]*\n/m, ''))).toContainEqual(
      expect.stringMatching(/HEALTHCHECK/),
    );
    expect(dockerfileProblems(dockerfile.replace(/^EXPOSE \d+$/m, 'EXPOSE 3000'))).toContainEqual(expect.stringMatching(/PORT default/));
    expect(dockerfileProblems(dockerfile, dockerignore, 9090)).toContainEqual(expect.stringMatching(/PORT default 9090/));
    expect(dockerfileProblems('FROM node:20-bookworm-slim\nUSER node\n')).toContainEqual(expect.stringMatching(/multi-stage/));
  });

  it('copies only what the repository holds, the build makes, and .dockerignore lets through', () => {
    const withCopy = (line) => dockerfile.replace(/^(COPY package\.json package-lock\.json \.\/)$/m, `$1\n${line}`);
    expect(dockerfileProblems(withCopy('COPY apps/bff/no-such-file ./'))).toContainEqual(expect.stringMatching(/not in the repository/));
    expect(dockerfileProblems(withCopy('COPY .env.example ./'), `${dockerignore}\n.env*\n`)).toContainEqual(
      expect.stringMatching(/excluded/),
    );
    expect(dockerfileProblems(withCopy('COPY --from=builder /app/apps/bff/nowhere ./'))).toContainEqual(expect.stringMatching(/neither/));
    expect(dockerfileProblems(withCopy('COPY --from=nostage /app/node_modules ./'))).toContainEqual(expect.stringMatching(/no such stage/));
  });

  it('keeps installs, builds, local data and secrets out of the build context', () => {
    const rules = ignoreRules(dockerignore);
    for (const rel of [
      'node_modules/x',
      'apps/web/node_modules/x',
      'apps/bff/dist/server.js',
      '.git/HEAD',
      '.env',
      'data/inquiry.sqlite',
      'try/a',
      '.test-data/a',
      '.reports/a',
    ])
      expect(isIgnored(rules, rel), rel).toBe(true);
    for (const rel of ['package.json', 'apps/bff/src/server.ts', '.env.example', 'packages/plan/src'])
      expect(isIgnored(rules, rel), rel).toBe(false);
  });
});

describe('compose.yaml', () => {
  it('runs two BFFs from the image on one healthy PostgreSQL 16', () => {
    expect(composeProblems(compose)).toEqual([]);
  });

  it('is refused when a BFF stops waiting for PostgreSQL or points elsewhere', () => {
    const doc = () => parse(compose, { merge: true });
    const withService = (edit) => {
      const d = doc();
      edit(d.services);
      return JSON.stringify(d);
    };
    expect(composeProblems(withService((s) => delete s['bff-2'].depends_on))).toContainEqual(expect.stringMatching(/bff-2: does not wait/));
    expect(composeProblems(withService((s) => (s['bff-1'].environment.DATABASE_URL = 'postgres://u:p@localhost/db')))).toContainEqual(
      expect.stringMatching(/bff-1: DATABASE_URL/),
    );
    expect(composeProblems(withService((s) => delete s.postgres.healthcheck))).toContainEqual(expect.stringMatching(/pg_isready/));
    expect(composeProblems(withService((s) => delete s['bff-2']))).toContainEqual(expect.stringMatching(/two BFF services/));
    expect(composeProblems(withService((s) => (s['bff-2'].ports = s['bff-1'].ports)))).toContainEqual(
      expect.stringMatching(/host port each/),
    );
  });
});

// Only with a daemon (not on CI, not on the machines this was written on): the image really builds.
const daemon = spawnSync('docker', ['info'], { stdio: 'ignore', timeout: 10_000 }).status === 0;
describe.skipIf(!daemon)('the image, built by a local daemon', () => {
  it('builds', { timeout: 20 * 60_000 }, () => {
    const built = spawnSync('docker', ['build', '--target', 'runtime', '-t', 'abo-inquiry:test', '.'], { cwd: root, stdio: 'inherit' });
    expect(built.status).toBe(0);
  });
});
