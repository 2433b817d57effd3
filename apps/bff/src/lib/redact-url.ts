/**
 * Credentials that travel in addresses, and how to keep them out of logs and analytics.
 *
 * After the staff sign-in the web app's address holds the tokens it was given (README, "Demo
 * sign-ins"), during any sign-in it holds the one-time `sessionToken` or WeChat's `code`
 * (docs/contract.md §1), and OAuth-style callers put `access_token`/`id_token` there. Whoever can read the
 * access log or the analytics table must not be able to sign in with what they read.
 */

/**
 * Query (and fragment) parameters whose values are credentials, compared case-insensitively.
 * `state` is included: it is the CSRF nonce of the WeChat OAuth round trip, worthless in a log
 * and harmful in the wrong hands while that round trip is open.
 */
export const CREDENTIAL_PARAMS: readonly string[] = [
  'sessionToken',
  'code',
  'state',
  'adaToken',
  'oktaIdToken',
  'oktaIdTokenKey',
  'accessToken',
  'idToken',
  'refreshToken',
  'token',
  'access_token',
  'id_token',
  'refresh_token',
];

/** Request headers that carry credentials (docs/contract.md §7 token headers, cookies); never logged. */
export const CREDENTIAL_HEADERS: readonly string[] = ['idaas-accesstoken', 'idaas-idtoken', 'ada-token', 'authorization', 'cookie'];

export const REDACTED = '[redacted]';

const credentialNames = new Set(CREDENTIAL_PARAMS.map((p) => p.toLowerCase()));

/** A parameter name as the browser and URLSearchParams read it (`+` is a space, %XX decoded). */
function decodeName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

function redactParams(part: string): string {
  return part
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      if (!credentialNames.has(decodeName(name).trim().toLowerCase())) return pair;
      return `${name}=${REDACTED}`;
    })
    .join('&');
}

/**
 * The path with the token of a document link (`/bff/files/<token>`, db/document-links.ts)
 * replaced: the link is a credential until used. The router reads `/BFF/…` and `/%62ff/…` as the
 * same route, so the segments are compared decoded and without case.
 */
function redactPath(base: string): string {
  const parts = base.split('/');
  for (let i = 0; i + 2 < parts.length; i++) {
    if (decodeName(parts[i]!).toLowerCase() === 'bff' && decodeName(parts[i + 1]!).toLowerCase() === 'files' && parts[i + 2] !== '') {
      parts[i + 2] = REDACTED;
    }
  }
  return parts.join('/');
}

/**
 * The address with the value of every credential parameter (CREDENTIAL_PARAMS) and a document
 * link's token replaced by `[redacted]`, in the query and in the fragment; everything else is
 * kept byte for byte, so the log still shows which page was asked for. Works on absolute and
 * relative addresses.
 */
export function redactUrl(url: string): string {
  const hash = url.indexOf('#');
  const beforeHash = hash === -1 ? url : url.slice(0, hash);
  const fragment = hash === -1 ? undefined : url.slice(hash + 1);
  const q = beforeHash.indexOf('?');
  const base = q === -1 ? beforeHash : beforeHash.slice(0, q);
  const query = q === -1 ? undefined : beforeHash.slice(q + 1);
  return (
    redactPath(base) +
    (query === undefined ? '' : `?${redactParams(query)}`) +
    // A fragment may be a route (`#/page?x=1`) or parameters (`#access_token=…`): redact both.
    (fragment === undefined ? '' : `#${fragment.includes('?') ? redactUrl(fragment) : redactParams(fragment)}`)
  );
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

/**
 * Logger options for Fastify: its `incoming request` line logs `req` through this serializer
 * (its default one, minus the `accept-version` header, with the address redacted), and pino
 * blanks credential headers wherever a log call passes a request's `headers` object.
 */
export const requestLogRedaction = {
  serializers: {
    req(request: LoggedRequest) {
      return {
        method: request.method,
        url: typeof request.url === 'string' ? redactUrl(request.url) : request.url,
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      };
    },
  },
  redact: {
    paths: CREDENTIAL_HEADERS.flatMap((h) => [`headers["${h}"]`, `*.headers["${h}"]`]),
    censor: REDACTED,
  },
};
