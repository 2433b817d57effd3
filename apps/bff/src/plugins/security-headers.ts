import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

export interface SecurityHeadersOptions {
  /** Portal origins allowed to frame the app (ebiz). */
  portalOrigins: string[];
  /** Extra origins for images (WeChat head images), scripts and connections (analytics collector). */
  imageOrigins: string[];
  connectOrigins: string[];
}

/** The CSP directives, in the order they are sent. */
export function cspDirectives(opts: SecurityHeadersOptions): Array<[string, string[]]> {
  return [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    // antd-mobile and Chart.js set style attributes at run time.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...opts.imageOrigins]],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...opts.connectOrigins]],
    // The iOS native bridge signals itself through a wvjbscheme: iframe.
    ['frame-src', ["'self'", 'wvjbscheme:']],
    ['frame-ancestors', ["'self'", ...opts.portalOrigins]],
    ['form-action', ["'self'", ...opts.portalOrigins]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['worker-src', ["'self'", 'blob:']],
  ];
}

/** helmet's settings for the BFF: everything bundled and same-origin, framing by the portal only. */
export function helmetOptions(opts: SecurityHeadersOptions): HelmetOptions {
  const directives: Record<string, string[]> = {};
  // helmet's camelCase directive names; it writes them back in kebab case, in this order.
  for (const [name, values] of cspDirectives(opts)) directives[name.replace(/-(\w)/g, (_m, c: string) => c.toUpperCase())] = values;
  return {
    contentSecurityPolicy: { useDefaults: false, directives },
    // frame-ancestors governs framing; X-Frame-Options would block the portal.
    frameguard: false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: { maxAge: 15552000, includeSubDomains: true },
  };
}

/**
 * The security headers of every answer, as helmet writes them for these settings (a
 * Content-Security-Policy the app works under, with WeChat images and an analytics collector
 * configurable; framing limited to the configured portal origins; nosniff; a strict referrer
 * policy; helmet's other defaults). helmet's middleware is run once on a stand-in response and
 * its headers kept: running it per request was 5–9 % of a request's CPU (bench/bff.ts). It
 * throws for a configured origin that would break out of its directive.
 */
export function securityHeaders(opts: SecurityHeadersOptions): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  const response = {
    setHeader: (name: string, value: unknown) => headers.push([name, String(value)]),
    // helmet removes X-Powered-By, which Fastify never sets.
    removeHeader: () => undefined,
  };
  let failure: unknown;
  helmet(helmetOptions(opts))({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return headers;
}

/** Sets the security headers on every answer, first thing, as @fastify/helmet would (routes may still override one). */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, opts: SecurityHeadersOptions) => {
    // Answers are personal (figures, names, tokens) unless a route says otherwise (pages, assets):
    // no browser or proxy cache keeps them.
    const headers: Array<[string, string]> = [...securityHeaders(opts), ['Cache-Control', 'no-store']];
    app.addHook('onRequest', (_request, reply, done) => {
      const res = reply.raw;
      for (const [name, value] of headers) res.setHeader(name, value);
      done();
    });
  },
  { name: 'security-headers' },
);
