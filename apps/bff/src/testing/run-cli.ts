// Runs a command-line tool the two ways its tests need: in-process (`runCommand`, the command's
// main with collected output: no tsx start per case) and, once per tool, as `npm run …` starts
// it (`spawnCli`: the bin file, its exit code and its output through real pipes).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { CliIo, CliMain } from '../cli/io.ts';

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

const bffRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** `main(argv, io)` with output piped (no terminal) into strings and `input` as standard input. */
export async function runCommand(main: CliMain, argv: string[], env: NodeJS.ProcessEnv, input = ''): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env,
    stdin: Readable.from([input]),
  };
  const status = await main(argv, io);
  return { status, stdout, stderr };
}

/** The tools package.json starts through cli.mjs (from the build when it is fresh, else the source). */
const LAUNCHED = new Set(['import', 'close']);

/** The bin file src/cli/`name`.ts started as `npm run …` starts it (from apps/bff: cli.mjs, or tsx). */
export function spawnCli(name: string, argv: string[], env: NodeJS.ProcessEnv, input = ''): CliResult {
  const bin = LAUNCHED.has(name) ? ['cli.mjs', name] : ['--import', 'tsx', `src/cli/${name}.ts`];
  const r = spawnSync(process.execPath, [...bin, ...argv], { cwd: bffRoot, env, input, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
