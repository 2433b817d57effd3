// What a command-line tool reads and writes, passed in rather than taken from `process`, so the
// tests run a command in-process (`main(argv, io)`) and each bin file (src/cli/*.ts) is one line.
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { DatabaseOpenToOthersError } from '../db/file-modes.ts';

/** Where a command writes: process.stdout / process.stderr, or a test's collector. */
export interface Output {
  write(text: string): unknown;
  readonly isTTY?: boolean;
}

export interface CliIo {
  stdout: Output;
  stderr: Output;
  env: NodeJS.ProcessEnv;
  /** Standard input (the accounts command reads a password from it). */
  stdin?: AsyncIterable<string | Buffer> & { readonly isTTY?: boolean };
}

/** A command: the arguments after the script name in, the exit code out. */
export type CliMain = (argv: string[], io: CliIo) => Promise<number>;

/** A usage mistake: the message, the usage and exit code 2. */
export class UsageError extends Error {}

export const line = (out: Output, text = '') => out.write(`${text}\n`);

/** Runs a command's body; a UsageError it throws becomes the message, the usage and exit code 2. */
export async function withUsage(usage: string, io: CliIo, run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    line(io.stderr, `${err.message}\n\n${usage}`);
    return 2;
  }
}

/** Throws the UsageError withUsage answers. */
export function usage(message: string): never {
  throw new UsageError(message);
}

/** -h/--help, which every command answers with its usage. */
const HELP_OPTION = { help: { type: 'boolean', short: 'h', default: false } } as const;

/**
 * The command's arguments by `parseArgs` (an unknown or malformed option is a usage mistake), or
 * undefined when -h/--help (added to every command's options) asked for the usage, which is then
 * printed.
 */
export function parseCommand<T extends ParseArgsConfig>(
  config: T,
  usageText: string,
  io: CliIo,
): ReturnType<typeof parseArgs<T>> | undefined {
  let parsed: ReturnType<typeof parseArgs<T>>;
  try {
    parsed = parseArgs<T>({ ...config, options: { ...config.options, ...HELP_OPTION } });
  } catch (err) {
    usage(err instanceof Error ? err.message : String(err));
  }
  if ((parsed.values as { help?: boolean }).help) {
    line(io.stdout, usageText);
    return undefined;
  }
  return parsed;
}

/**
 * A command whose arguments are all options and positionals (`config`, as parseCommand takes it):
 * `run` is given them parsed, and a usage mistake in either is withUsage's.
 */
export function command<T extends Omit<ParseArgsConfig, 'args'>>(
  usageText: string,
  config: T,
  run: (parsed: ReturnType<typeof parseArgs<T & { args: string[] }>>, io: CliIo) => Promise<number>,
): CliMain {
  return (argv, io) =>
    withUsage(usageText, io, async () => {
      const parsed = parseCommand({ ...config, args: argv }, usageText, io);
      return parsed ? run(parsed, io) : 0;
    });
}

/** A path the caller gave, against the folder they ran the command in (npm runs workspace scripts inside apps/bff). */
export function callerPath(io: CliIo, p: string): string {
  return path.resolve(io.env['INIT_CWD'] ?? process.cwd(), p);
}

/** The data folder: `dataDir` (--data-dir), else DATA_DIR, else ./data, against the caller's folder. */
export function callerDataDir(io: CliIo, dataDir?: string): string {
  return callerPath(io, dataDir ?? io.env['DATA_DIR'] ?? './data');
}

/**
 * Runs a command as its bin file: the process's own arguments, streams and environment. An error
 * the command did not answer itself is printed (a database others may read in one line, else the
 * stack, unless `stack` is false) with exit code 1.
 */
export function runCli(main: CliMain, { stack = true } = {}): void {
  const io: CliIo = { stdout: process.stdout, stderr: process.stderr, env: process.env, stdin: process.stdin };
  main(process.argv.slice(2), io).then(
    (code) => {
      if (code !== 0) process.exit(code);
    },
    (err: unknown) => {
      console.error(
        err instanceof DatabaseOpenToOthersError
          ? err.message
          : err instanceof Error
            ? ((stack ? err.stack : undefined) ?? err.message)
            : err,
      );
      process.exit(1);
    },
  );
}
