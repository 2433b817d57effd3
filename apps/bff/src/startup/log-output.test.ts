import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { logFormat } from './log-output.ts';

describe('the log format', () => {
  const format = (env: Record<string, string>, tty: boolean) => {
    const c = loadConfig(env);
    return logFormat(c, tty);
  };

  it('is readable on a terminal, in development and in the demo', () => {
    expect(format({}, true)).toBe('pretty');
    expect(format({ NODE_ENV: 'development' }, false)).toBe('pretty');
    expect(format({ DEMO: '1' }, false)).toBe('pretty');
  });

  it('is JSON in production, even on a terminal, and when piped outside the demo', () => {
    expect(format({ NODE_ENV: 'production' }, true)).toBe('json');
    expect(format({}, false)).toBe('json');
  });

  it('is what LOG_FORMAT says when it says one', () => {
    expect(format({ LOG_FORMAT: 'json', DEMO: '1' }, true)).toBe('json');
    expect(format({ LOG_FORMAT: 'pretty', NODE_ENV: 'production' }, false)).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });
});
