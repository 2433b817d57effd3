// `npm run keys -- list | rotate | retire [--force]`
// Signing-key rotation for the embedded IdP (RFC 7517 JWKS with kid). Keys are rows in the
// database, so this works while servers run: each re-reads the keys within a minute.
//   rotate  adds a key; every process signs new tokens with it, older keys keep verifying.
//   retire  retires all keys but the newest; tokens they signed stop verifying. Refused while
//           such tokens may still be live (the newest key is younger than a token's lifetime
//           plus the refresh interval) unless --force (a leaked key: cut its tokens off now).
// The command is in commands/keys.ts (its tests run it in-process).
import { runCli } from './io.ts';
import { main } from './commands/keys.ts';

runCli(main, { stack: false });
