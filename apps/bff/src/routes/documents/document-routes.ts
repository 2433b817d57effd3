import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Code, ok, type DocumentRequest } from '@abo/contract';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { endpoint } from '../../lib/endpoint.ts';
import { sessionOf, type Session } from '../../lib/session.ts';
import { createDocumentLink, DOCUMENT_LINK_TTL_MS, FILES_PATH, openDocumentLink, type OpenRefusal } from '../../db/document-links.ts';
import { contentDisposition, fileCsp, RenderedFiles, type RenderedFile } from './file-answer.ts';

/** Renders a document for a session (documents/render.ts); throws the income calls' AppErrors for a month it refuses. */
export type DocumentRenderer = (db: DB, config: Config, session: Session, request: DocumentRequest) => Promise<RenderedFile>;

export interface DocumentRoutesOptions {
  config: Config;
  render: DocumentRenderer;
  /**
   * The wall clock links expire by (tests move it). Not config.today: that is the business day,
   * pinned in demos and tests.
   */
  now?: () => Date;
}

/** Links a user may ask for in a minute: a page has a few documents, a script wants many. */
export const LINKS_PER_MINUTE = 20;
/** Files opened per minute from one client address (IPv6: per /64), links being per user. */
export const OPENS_PER_MINUTE = 60;
/** Rendered files kept per process between a link and its open. */
const RENDERED_BYTES = 32 * 1024 * 1024;

/** What a refused open answers: the envelope, with an HTTP status a browser shows sensibly. */
function refusal(reason: OpenRefusal): AppError {
  switch (reason) {
    case 'unknown':
      return new AppError(Code.NOT_FOUND, 'This file link is not valid or has expired; open the document again from its page', 404);
    case 'other-browser':
      return new AppError(Code.FORBIDDEN, 'This file link was made for another user or browser; open the document from your own page', 403);
    case 'expired':
      return new AppError(Code.FORBIDDEN, 'This file link has expired (links last 5 minutes); open the document again from its page', 410);
    case 'used':
      return new AppError(Code.FORBIDDEN, 'This file link was already used; open the document again from its page', 410);
  }
}

/**
 * The browser cookie a link is bound to: only this browser's requests to /bff/files carry it
 * (HttpOnly: no script reads it; SameSite=Strict: no other site's link or form sends it), and it
 * lasts as long as the link. Secure when users reach us over https: the request came over it
 * (directly, or through a proxy TRUST_PROXY names), or PUBLIC_URL says so.
 */
function bindingCookie(request: FastifyRequest, config: Config, name: string, value: string): string {
  const secure = request.protocol === 'https' || /^https:/i.test(config.PUBLIC_URL ?? '');
  return `${name}=${value}; Max-Age=${DOCUMENT_LINK_TTL_MS / 1000}; Path=${FILES_PATH}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

function sendFile(reply: FastifyReply, file: RenderedFile) {
  const appCsp = reply.raw.getHeader('content-security-policy');
  if (typeof appCsp === 'string') reply.header('content-security-policy', fileCsp(appCsp, file.contentType));
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(file))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.body);
}

/**
 * Statements, certificates and income spreadsheets as files (README "Statements and exports"):
 * `POST /bff/v1/income/documentLink` renders the document, so a refused month answers in the
 * envelope there, and answers a one-time link valid 5 minutes bound to the asking browser;
 * `GET /bff/files/<token>` hands the file out once.
 */
export async function documentRoutes(app: FastifyInstance, opts: DocumentRoutesOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const clock = opts.now ?? (() => new Date());
  const rendered = new RenderedFiles(RENDERED_BYTES);
  await app.register(rateLimit, { global: false });

  r.route({
    ...endpoint('/bff/v1/income/documentLink', {
      config: {
        // Per signed-in user, after the session guard (a render is the costly part).
        rateLimit: {
          max: LINKS_PER_MINUTE,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => `document-link|${request.session?.actor ?? request.ip}`,
        },
      },
    }),
    handler: async (request, reply) => {
      // Staff reading a distributor through queryAda: the guard has written this read to the audit log.
      const session = sessionOf(request);
      const document = request.body.document;
      // Rendered now, so that a month the renderer refuses is said here, in the envelope the page
      // shows, and not on a file address a webview would show as raw JSON.
      const file = await opts.render(db, opts.config, session, document);
      const now = clock();
      const link = await createDocumentLink(db, session, document, now);
      rendered.put(link.tokenHash, file, Date.parse(link.expiresAt), now.getTime());
      reply.header('set-cookie', bindingCookie(request, opts.config, link.cookieName, link.cookieValue));
      return ok({ url: `${FILES_PATH}/${link.token}`, fileName: file.fileName, contentType: file.contentType, expiresAt: link.expiresAt });
    },
  });

  app.route({
    method: 'GET',
    url: `${FILES_PATH}/:token`,
    // A HEAD (a link preview, a prefetch) must not use the link up.
    exposeHeadRoute: false,
    // A navigation carries no token headers: the link and its cookie are the credential.
    config: { public: true, rateLimit: { max: OPENS_PER_MINUTE, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      const { token } = request.params as { token: string };
      const now = clock();
      const opened = await openDocumentLink(db, token, request.headers.cookie, now);
      if (!opened.ok) throw refusal(opened.reason);
      const { link } = opened;
      const file = rendered.take(link.tokenHash, now.getTime()) ?? (await opts.render(db, opts.config, link.session, link.document));
      // The cookie is left to expire with the link: reopened from the history, the link then says
      // it was used, rather than that it belongs to someone else.
      return sendFile(reply, file);
    },
  });
}
