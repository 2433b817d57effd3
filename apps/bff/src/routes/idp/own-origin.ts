import type { FastifyRequest } from 'fastify';

/**
 * A Host header as RFC 9110 allows it: a name or IPv4 address, or an IPv6 literal in brackets,
 * and an optional port. Anything else (spaces, `/`, `@`, an unclosed `[`) is refused rather than
 * handed to `new URL`, which would throw or quietly read it as something else.
 */
const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._~-]+)(?::\d{1,5})?$/;

/** The origin of an absolute http(s) URL, or null when it is not one. */
export function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * This server's own origin: PUBLIC_URL's when it is set; otherwise the scheme Fastify reports
 * (X-Forwarded-Proto only from a proxy TRUST_PROXY names) and the Host header the connection
 * carried, never X-Forwarded-Host. Null when that Host header is malformed.
 */
export function ownOrigin(request: FastifyRequest, publicOrigin: string | null): string | null {
  if (publicOrigin) return publicOrigin;
  const host = request.headers.host;
  if (typeof host !== 'string' || !HOST.test(host)) return null;
  return originOf(`${request.protocol}://${host}`);
}

/**
 * True when a form post comes from another site (a CSRF or login-CSRF attempt). Browsers send
 * Origin on every form POST, and Sec-Fetch-Site where they do not: an Origin must be one we
 * accept (`"null"`, an opaque origin, never is); without one, only `cross-site` is refused, so
 * clients that send neither (scripts, tests) still work.
 */
export function isCrossSitePost(request: FastifyRequest, accepted: (origin: string) => boolean): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    const normalised = originOf(origin);
    return normalised === null || !accepted(normalised);
  }
  return request.headers['sec-fetch-site'] === 'cross-site';
}
