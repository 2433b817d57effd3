// PostgreSQL errors at start name the setting to fix, without its password.
import { StartupRefused } from './prepare-data.ts';

/** DATABASE_URL with its password replaced, for messages and logs. */
export function redactDatabaseUrl(url: string): string {
  try {
    const u = new URL(url);
    if (!u.password) return url;
    return `${u.protocol}//${u.username}:…@${u.host}${u.pathname}${u.search}`;
  } catch {
    // Not a URL the parser takes: hide everything between // and the last @.
    return url.replace(/\/\/.*@/, '//…@');
  }
}

/** The first contact with PostgreSQL failed: which setting, where, and why (AggregateError's reasons too). */
export function databaseUnreachable(url: string, err: unknown): StartupRefused {
  const reasons =
    err instanceof AggregateError && err.errors.length > 0
      ? err.errors.map((e: unknown) => (e instanceof Error ? e.message : String(e)))
      : [err instanceof Error ? err.message || (err as NodeJS.ErrnoException).code || err.name : String(err)];
  // A driver's message may repeat the address it was given: never its password.
  const password = safePassword(url);
  const reason = [...new Set(reasons)].map((r) => (password ? r.split(password).join('…') : r)).join('; ');
  return new StartupRefused(
    `PostgreSQL at DATABASE_URL=${redactDatabaseUrl(url)} cannot be reached: ${reason}\n` +
      '  Check that the server runs and that DATABASE_URL names it (host, port, user, database).',
  );
}

function safePassword(url: string): string {
  try {
    return decodeURIComponent(new URL(url).password);
  } catch {
    return '';
  }
}
