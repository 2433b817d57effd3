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

/** The bin file src/cli/`name`.ts started as `npm run …` starts it (tsx, from apps/bff). */
export function spawnCli(name: string, argv: string[], env: NodeJS.ProcessEnv, input = ''): CliResult {
  const r = spawnSync(process.execPath, ['--import', 'tsx', `src/cli/${name}.ts`, ...argv], { cwd: bffRoot, env, input, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
