import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { Code, fail } from '@abo/contract';
import { acceptedEncoding, type Encoding } from '../lib/json-answer.ts';
import { firstPage, withFirstPage } from '../page-render/first-page.ts';
import { createPageRenderer } from '../page-render/page-renderer.ts';

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
  const routeOf = (url: string) => {
    const key = routeKey(url);
    return key in preloads ? key : '*';
  };
  /** The page's document as text (a page rendered for its user is built from it). */
  const textFor = (url: string) => {
    const route = routeOf(url);
    return withPreloads(withEarlyRequests(html, early[route]), preloads[route]);
  };
  // The page's stylesheets by address, read once (a rendered page carries them: first-page.ts).
  const styles = new Map<string, string | undefined>();
  const styleOf = (href: string) => {
    if (!styles.has(href)) {
      const file = path.join(webDist, href.startsWith(PAGE_PREFIX) ? href.slice(PAGE_PREFIX.length) : href);
      styles.set(href, href.endsWith('.css') && !href.includes('..') && fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined);
    }
    return styles.get(href);
  };
  /** The pages whose first calls the starter knows (app/early-requests.ts): those rendered for a sign-in. */
  const renders = (url: string) => routeOf(url) in early;
  const documentFor = (url: string, encoding: Encoding) => {
    const route = routeOf(url);
    const cacheKey = `${route}|${encoding}`;
    let entry = cache.get(cacheKey);
    if (!entry) {
      // Made once per page path and kept: the best compression.
      const body = compressed(textFor(url), encoding, 'best');
      entry = { body, etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"` };
      cache.set(cacheKey, entry);
    }
    return entry;
  };
  return { documentFor, textFor, renders, styleOf, scriptSources };
}

/** A page's document in `encoding`: the best compression for one kept, a quick one for one made per request. */
function compressed(text: string, encoding: Encoding, effort: 'best' | 'quick'): Buffer {
  const bytes = Buffer.from(text);
  const best = effort === 'best';
  if (encoding === 'br') return zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: best ? 11 : 5 } });
  if (encoding === 'gzip') return zlib.gzipSync(bytes, { level: best ? 9 : 6 });
  return bytes;
}

/**
 * Serves the built web app under /front/: hashed assets cached for a year
 * (precompressed), pages (index.html with the page's preload links, compressed)
 * revalidated on every load, and the SPA fallback only for page paths (a
 * missing asset must 404, or a stale chunk would load HTML as JavaScript).
 */
export const webPlugin = fp(
  async (app: FastifyInstance, opts: { webDist: string; pageRender?: boolean }) => {
    const indexFile = path.join(opts.webDist, 'index.html');
    const hasBuild = fs.existsSync(indexFile);
    if (!hasBuild) {
      app.log.warn({ webDist: opts.webDist }, 'web app is not built; run `npm run build`');
    }
    const documents = hasBuild ? pageDocuments(opts.webDist) : null;
    // Issue #36: the first page rendered for a sign-in from the portal (page-render/first-page.ts).
    const renderer =
      hasBuild && opts.pageRender !== false
        ? createPageRenderer(opts.webDist, (message) => app.log.error({ message }, 'page render thread stopped; pages go out unrendered'))
        : null;
    if (renderer) {
      app.addHook('onListen', async () => renderer.warm());
      app.addHook('onClose', () => renderer.close());
    }

    const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
      const encoding = acceptedEncoding(request);
      // Set by the security headers' onRequest hook, on the raw response.
      const csp = reply.raw.getHeader('content-security-policy');
      if (typeof csp === 'string') reply.header('content-security-policy', withScriptSources(csp, documents!.scriptSources));
      const first = renderer && documents!.renders(request.url) ? await firstPage(app, request, renderer) : null;
      if (first) {
        if (first.reason) request.log.info({ reason: first.reason }, 'first page not rendered');
        const text = withFirstPage(documents!.textFor(request.url), first, documents!.styleOf);
        // The tokens and the user's figures: for this answer only, never kept.
        reply.header('Cache-Control', 'no-store').header('Vary', 'Accept-Encoding');
        if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
        return reply.type('text/html; charset=utf-8').send(compressed(text, encoding, 'quick'));
      }
      const { body, etag } = documents!.documentFor(request.url, encoding);
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
