// `npm run keys -- list | rotate | retire [--force]`
// Signing-key rotation for the embedded IdP (RFC 7517 JWKS with kid). Keys are rows in the
// database, so this works while servers run: each re-reads the keys within a minute.
//   rotate  adds a key; every process signs new tokens with it, older keys keep verifying.
//   retire  retires all keys but the newest; tokens they signed stop verifying. Refused while
//           such tokens may still be live (the newest key is younger than a token's lifetime
//           plus the refresh interval) unless --force (a leaked key: cut its tokens off now).
import { loadConfig } from '../../config.ts';
import { closeDatabase, migrateToLatest, openDatabase } from '../../db/index.ts';
import { createSigningKey, KEY_REFRESH_MS, listSigningKeys, retireOlderSigningKeys } from '../../idp/keys.ts';
import { TOKEN_LIFETIME_SECONDS } from '../../idp/tokens.ts';
import { callerDataDir, line, parseCommand, usage, withUsage, type CliIo } from '../io.ts';

const USAGE = `Usage: npm run keys -- <command>
  list            the signing keys, newest last
  rotate          add a signing key; servers sign with it within ${KEY_REFRESH_MS / 1000} s
  retire [--force] retire every key but the newest (--force: even if tokens they signed may still be live)
Uses DATABASE_URL, else the SQLite file in DATA_DIR (default ./data).`;

export function main(argv: string[], io: CliIo): Promise<number> {
  return withUsage(USAGE, io, () => run(argv, io));
}

async function run(argv: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  const parsed = parseCommand(
    {
      args: rest,
      options: { force: { type: 'boolean', default: false } },
    },
    USAGE,
    io,
  );
  if (!parsed) return 0;
  const { values } = parsed;
  if (!command) usage('Name a command: list, rotate or retire');
  const config = loadConfig({ ...io.env, DATA_DIR: callerDataDir(io) });
  const db = openDatabase(config);
  try {
    await migrateToLatest(db);
    const show = async () => {
      const keys = await listSigningKeys(db);
      if (keys.length === 0) line(io.stdout, '  no signing keys yet (the server creates the first when it starts)');
      for (const k of keys) {
        line(io.stdout, `  ${k.kid}  created ${k.createdAt}  ${k.retiredAt ? `retired ${k.retiredAt}` : 'active'}`);
      }
    };
    if (command === 'list') {
      await show();
    } else if (command === 'rotate') {
      const kid = await createSigningKey(db);
      line(io.stdout, `Added signing key ${kid}. Servers sign with it within ${KEY_REFRESH_MS / 1000} s; older keys verify until retired.`);
      await show();
    } else if (command === 'retire') {
      const keys = (await listSigningKeys(db)).filter((k) => !k.retiredAt);
      const newest = keys.at(-1);
      const safeAfter = newest ? Date.parse(newest.createdAt) + TOKEN_LIFETIME_SECONDS * 1000 + KEY_REFRESH_MS : 0;
      if (keys.length > 1 && Date.now() < safeAfter && !values.force) {
        usage(
          `Tokens signed with the older keys may still be live until ${new Date(safeAfter).toISOString()}; ` +
            'retire after that, or add --force to cut them off now (their holders sign in again).',
        );
      }
      const kids = await retireOlderSigningKeys(db);
      line(
        io.stdout,
        kids.length ? `Retired ${kids.length} key(s): ${kids.join(', ')}` : 'Nothing to retire: only the newest key is active.',
      );
      await show();
    } else {
      usage(`Unknown command ${command}`);
    }
  } finally {
    await closeDatabase(db);
  }
  return 0;
}
