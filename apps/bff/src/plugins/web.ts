import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { Code, fail } from '@abo/contract';
import { acceptedEncoding, type Encoding } from '../lib/json-answer.ts';

const PAGE_PREFIX = '/front/';
const ASSET_PREFIX = '/front/assets/';
/** Written by the web build (apps/web/vite.config.ts, routePreloads). */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/** Page path (lowercase; '*' for any other path) → the chunks and stylesheets its first visit loads after the shell. */
type RoutePreloads = Record<string, { js: string[]; css: string[] }>;
/** Written by the web build too (apps/web/vite.config.ts, earlyExchange): apps/web/src/app/early-requests.ts. */
export const EARLY_REQUESTS_FILE = '.vite/early-requests.json';
/** Page path → the requests index.html's starter sends once the token exchange answers (passed on as they are). */
type EarlyRequests = Record<string, unknown[]>;
/** The id the starter reads its page's list by (apps/web/src/features/auth/early-exchange.ts, EARLY_DATA_ID). */
const EARLY_DATA_ID = 'abo-early';

/**
 * The page's early requests as a JSON block (a data block: no script runs, so the CSP has
 * nothing to allow) just before the starter, the first inline script, which reads it as it
 * starts; none when the page has none or the build wrote no starter. `<` is escaped, so
 * nothing in it can close the block.
 */
export function withEarlyRequests(html: string, requests: unknown[] | undefined): string {
  if (!requests?.length || !html.includes('<script>')) return html;
  const json = JSON.stringify(requests).replace(/</g, '\\u003c');
  return html.replace('<script>', `<script type="application/json" id="${EARLY_DATA_ID}">${json}</script><script>`);
}

/** '/front/Income/ServiceFee/?x=1' → '/income/servicefee', a key of the route table. */
export function routeKey(url: string): string {
  const pathname = (url.split('?')[0] ?? '').replace(/^\/front(?=\/|$)/i, '');
  return pathname.replace(/\/+$/, '').toLowerCase() || '/';
}

/**
 * The CSP sources that allow index.html's inline scripts (the web build writes one: the early
 * token exchange, apps/web/src/features/auth/early-exchange.ts), each by the SHA-256 of its text:
 * script-src stays without 'unsafe-inline'.
 */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, text]) =>
      `'sha256-${createHash('sha256')
        .update(text ?? '')
        .digest('base64')}'`,
  );
}

/** The page's Content-Security-Policy: the app's, with `sources` added to script-src. */
export function withScriptSources(csp: string, sources: string[]): string {
  if (sources.length === 0) return csp;
  return csp.replace(
    /(^|;)\s*script-src([^;]*)/,
    (_m, start: string, values: string) => `${start}script-src${values} ${sources.join(' ')}`,
  );
}

/**
 * index.html per page path, with preload links for what that page loads after
 * the shell (the app frame, the page's chunks and styles): they download
 * alongside the shell instead of after it has run the router; and with the
 * page's early requests for the starter (withEarlyRequests). Each variant is
 * built and compressed once, on first request.
 */
function pageDocuments(webDist: string) {
  const html = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const preloadsFile = path.join(webDist, ROUTE_PRELOADS_FILE);
  const preloads: RoutePreloads = fs.existsSync(preloadsFile) ? JSON.parse(fs.readFileSync(preloadsFile, 'utf8')) : {};
  const earlyFile = path.join(webDist, EARLY_REQUESTS_FILE);
  const early: EarlyRequests = fs.existsSync(earlyFile) ? JSON.parse(fs.readFileSync(earlyFile, 'utf8')) : {};
  const cache = new Map<string, { body: Buffer; etag: string }>();

  const withPreloads = (html: string, route: RoutePreloads[string] | undefined): string => {
    if (!route) return html;
    const links = [
      ...route.js.map((f) => `<link rel="modulepreload" crossorigin href="${PAGE_PREFIX}${f}">`),
      // Fetched now, applied when the page's chunk imports them (same crossorigin mode as Vite's links).
      ...route.css.map((f) => `<link rel="preload" as="style" crossorigin href="${PAGE_PREFIX}${f}">`),
    ];
    return html.replace('</head>', `${links.join('')}</head>`);
  };

  const scriptSources = inlineScriptHashes(html);
  const documentFor = (url: string, encoding: Encoding) => {
    const key = routeKey(url);
    const route = key in preloads ? key : '*';
    const cacheKey = `${route}|${encoding}`;
    let entry = cache.get(cacheKey);
    if (!entry) {
      const text = Buffer.from(withPreloads(withEarlyRequests(html, early[route]), preloads[route]));
      const body =
        encoding === 'br'
          ? zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })
          : encoding === 'gzip'
            ? zlib.gzipSync(text, { level: 9 })
            : text;
      entry = { body, etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"` };
      cache.set(cacheKey, entry);
    }
    return entry;
  };
  return { documentFor, scriptSources };
}

/**
 * Serves the built web app under /front/: hashed assets cached for a year
 * (precompressed), pages (index.html with the page's preload links, compressed)
 * revalidated on every load, and the SPA fallback only for page paths (a
 * missing asset must 404, or a stale chunk would load HTML as JavaScript).
 */
export const webPlugin = fp(
  async (app: FastifyInstance, opts: { webDist: string }) => {
    const indexFile = path.join(opts.webDist, 'index.html');
    const hasBuild = fs.existsSync(indexFile);
    if (!hasBuild) {
      app.log.warn({ webDist: opts.webDist }, 'web app is not built; run `npm run build`');
    }
    const documents = hasBuild ? pageDocuments(opts.webDist) : null;

    const sendPage = (request: FastifyRequest, reply: FastifyReply) => {
      const encoding = acceptedEncoding(request);
      const { body, etag } = documents!.documentFor(request.url, encoding);
      // Set by the security headers' onRequest hook, on the raw response.
      const csp = reply.raw.getHeader('content-security-policy');
      if (typeof csp === 'string') reply.header('content-security-policy', withScriptSources(csp, documents!.scriptSources));
      reply.header('Cache-Control', 'no-cache').header('ETag', etag).header('Vary', 'Accept-Encoding');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
      return reply.type('text/html; charset=utf-8').send(body);
    };

    // The app's pages and files are public: its data calls are what need a session.
    const open = { config: { public: true } } as const;
    app.get('/', open, (_request, reply) => reply.redirect(PAGE_PREFIX, 302));
    app.get('/front', open, (request, reply) => {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return reply.redirect(PAGE_PREFIX + query, 301);
    });

    if (hasBuild) {
      // The root page; deeper page paths come through the not-found handler below.
      app.get(PAGE_PREFIX, open, sendPage);
      // In a scope of its own, so marking its routes public touches no other route.
      await app.register(async (files) => {
        files.addHook('onRoute', (route) => {
          route.config = { ...route.config, public: true };
        });
        await files.register(fastifyStatic, {
          root: opts.webDist,
          prefix: PAGE_PREFIX,
          wildcard: true,
          // Pages are answered by sendPage (index.html with the page's preload links).
          index: false,
          // The web build writes .br/.gz beside each asset (apps/web/scripts/precompress.mjs).
          preCompressed: true,
          cacheControl: false,
          // Build metadata such as .vite/manifest.json is for the server, not for browsers.
          dotfiles: 'ignore',
          // @fastify/static 10 hands the Fastify reply here, not the raw response.
          setHeaders(reply: { header(name: string, value: string): unknown }, filePath: string) {
            const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
            reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
          },
        });
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0] ?? '';
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        url.toLowerCase().startsWith(PAGE_PREFIX) &&
        !url.toLowerCase().startsWith(ASSET_PREFIX) &&
        !path.extname(url);
      if (isPage && hasBuild) return sendPage(request, reply);
      return reply.status(404).send(fail(Code.NOT_FOUND, `No such resource: ${request.method} ${url}`));
    });
  },
  { name: 'web' },
);
