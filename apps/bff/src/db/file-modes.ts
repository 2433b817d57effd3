// The embedded database holds the RS256 signing key in clear and every distributor's personal
// data, and so does each backup: its folder is 0700 and its files 0600, whatever the umask.
import fs from 'node:fs';
import path from 'node:path';

const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
/** What SQLite may create beside a database (with the database's own mode). */
export const SIDE_FILES = ['-wal', '-shm', '-journal'] as const;

const octal = (mode: number) => (mode & 0o777).toString(8).padStart(4, '0');

/** A database file other accounts may read: a start refuses it rather than go on exposing the key. */
export class DatabaseOpenToOthersError extends Error {
  constructor(file: string, mode: number) {
    super(
      `Refusing to open ${file}: other accounts may read it (mode ${octal(mode)}), and it holds the signing key and personal data; ` +
        `run  chmod 600 ${file}*  and  chmod 700 ${path.dirname(file)}  first.`,
    );
    this.name = 'DatabaseOpenToOthersError';
  }
}

/**
 * Creates `dir` (and missing parents) as 0700. An existing folder open to others is tightened when
 * it is this account's and not a shared one (sticky, like /tmp); otherwise it is left as it is.
 */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const st = fs.statSync(dir);
  const mine = typeof process.getuid !== 'function' || st.uid === process.getuid();
  if ((st.mode & 0o077) !== 0 && (st.mode & 0o1000) === 0 && mine) fs.chmodSync(dir, PRIVATE_DIR_MODE);
}

/**
 * Makes `file` ready for SQLite to open as a private database: a new one is created empty as
 * 0600 (SQLite gives its -wal and -shm the database's mode); an existing one open to others is
 * refused; side files left open by an older version are tightened.
 */
export function preparePrivateDatabase(file: string): void {
  ensurePrivateDir(path.dirname(file));
  try {
    fs.closeSync(fs.openSync(file, 'wx', PRIVATE_FILE_MODE));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const { mode } = fs.statSync(file);
    if ((mode & 0o077) !== 0) throw new DatabaseOpenToOthersError(file, mode);
  }
  for (const suffix of SIDE_FILES) makePrivate(file + suffix);
}

/** Sets `file` to 0600 if it exists and is open to others. */
function makePrivate(file: string): void {
  let mode: number;
  try {
    mode = fs.statSync(file).mode;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  if ((mode & 0o077) !== 0) fs.chmodSync(file, PRIVATE_FILE_MODE);
}
