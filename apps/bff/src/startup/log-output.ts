// Where the server's log goes: JSON lines for a log collector, or pino-pretty for a person.
import pretty from 'pino-pretty';
import type { Config } from '../config.ts';

/**
 * LOG_FORMAT=auto: readable lines on a terminal, in development and in the demo; JSON in
 * production and whenever the output is piped elsewhere outside the demo.
 */
export function logFormat(config: Pick<Config, 'LOG_FORMAT' | 'NODE_ENV' | 'demo'>, isTTY: boolean): 'json' | 'pretty' {
  if (config.LOG_FORMAT !== 'auto') return config.LOG_FORMAT;
  if (config.NODE_ENV === 'production') return 'json';
  return isTTY || config.demo || config.NODE_ENV === 'development' ? 'pretty' : 'json';
}

/** The stream buildApp writes to, or undefined for pino's own JSON to stdout. */
export function serverLogStream(
  config: Pick<Config, 'LOG_FORMAT' | 'NODE_ENV' | 'demo'>,
  stdout: NodeJS.WriteStream = process.stdout,
): { write(line: string): void } | undefined {
  if (logFormat(config, stdout.isTTY === true) === 'json') return undefined;
  // Synchronous: the banner printed with console.log must come after the lines logged before it.
  return pretty({
    colorize: stdout.isTTY === true,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
    sync: true,
    destination: stdout,
  });
}
