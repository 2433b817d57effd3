import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { Code, fail } from '@abo/contract';

const PAGE_PREFIX = '/front/';
const ASSET_PREFIX = '/front/assets/';

/**
 * Serves the built web app under /front/: hashed assets cached for a year,
 * index.html never cached, and the SPA fallback only for page paths (a
 * missing asset must 404, or a stale chunk would load HTML as JavaScript).
 */
export const webPlugin = fp(
  async (app: FastifyInstance, opts: { webDist: string }) => {
    const indexFile = path.join(opts.webDist, 'index.html');
    const hasBuild = fs.existsSync(indexFile);
    if (!hasBuild) {
      app.log.warn({ webDist: opts.webDist }, 'web app is not built; run `npm run build`');
    }

    app.get('/', (_request, reply) => reply.redirect(PAGE_PREFIX, 302));
    app.get('/front', (request, reply) => {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return reply.redirect(PAGE_PREFIX + query, 301);
    });

    if (hasBuild) {
      await app.register(fastifyStatic, {
        root: opts.webDist,
        prefix: PAGE_PREFIX,
        wildcard: true,
        index: ['index.html'],
        // The web build writes .br/.gz beside each asset (apps/web/scripts/precompress.mjs).
        preCompressed: true,
        cacheControl: false,
        // @fastify/static 10 hands the Fastify reply here, not the raw response.
        setHeaders(reply: { header(name: string, value: string): unknown }, filePath: string) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0] ?? '';
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        url.toLowerCase().startsWith(PAGE_PREFIX) &&
        !url.toLowerCase().startsWith(ASSET_PREFIX) &&
        !path.extname(url);
      if (isPage && hasBuild) {
        return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
      }
      return reply.status(404).send(fail(Code.NOT_FOUND, `No such resource: ${request.method} ${url}`));
    });
  },
  { name: 'web' },
);
