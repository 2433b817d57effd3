import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code, ok } from '@abo/contract';
import { AppError } from '../../lib/app-error.ts';
import { createSessionToken, exchangeSessionToken } from '../../idp/session-tokens.ts';
import { verifyPassword } from '../../idp/passwords.ts';
import type { KeyRing } from '../../idp/keys.ts';
import { LOGIN_CSS, LOGIN_JS } from './login-assets.ts';
import { LOGIN_MESSAGES, renderLoginPage, type IdpLang } from './login-page.ts';

type Mode = 'distributor' | 'staff' | 'wechat';
const ACTIONS: Record<Mode, string> = {
  distributor: '/idp/login',
  staff: '/idp/okta/login',
  wechat: '/idp/wechat/authorize',
};

export interface IdpOptions {
  keys: KeyRing;
  /** Origins (besides this server's own) that may receive session tokens. */
  allowedRedirectOrigins: string[];
  /** Sign-in attempts per minute per client address and account. */
  loginRateLimit: number;
}

const pageQuery = z.object({
  redirect_uri: z.string().max(2048).optional(),
  state: z.string().max(128).optional(),
  lang: z.string().max(10).optional(),
  display: z.enum(['page', 'iframe']).optional(),
});

const formBody = z.object({
  state: z.string().max(128).optional(),
  username: z.string().max(64).optional(),
  password: z.string().max(128).optional(),
  redirect_uri: z.string().max(2048).optional(),
  lang: z.string().max(10).optional(),
  display: z.enum(['page', 'iframe']).optional(),
});

const sessionBody = z.object({
  username: z.string().trim().min(1, 'username is required').max(64),
  password: z.string().min(1, 'password is required').max(128),
});

// Sign-in attempts are limited per client address and account.
const loginRateLimit = (max: number) => ({
  max,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => {
    const body = request.body as { username?: unknown } | undefined;
    return `${request.ip}|${typeof body?.username === 'string' ? body.username.slice(0, 64) : ''}`;
  },
});

function pickLang(request: FastifyRequest, explicit?: string): IdpLang {
  const raw = explicit ?? request.headers['accept-language'] ?? '';
  return String(raw).toLowerCase().startsWith('en') ? 'en-US' : 'zh-CN';
}

/**
 * The embedded identity provider: sign-in pages for distributors and staff,
 * one-time session tokens, and the JWKS that verifies the tokens it issues.
 */
export async function idpRoutes(app: FastifyInstance, opts: IdpOptions): Promise<void> {
  await app.register(formbody, { bodyLimit: 8 * 1024 });
  await app.register(rateLimit, { global: false });
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** Only our own origin or configured portals may receive a token: no open redirect. */
  const safeRedirect = (request: FastifyRequest, uri: string | undefined): URL | null => {
    const self = new URL(`${request.protocol}://${request.host}`).origin;
    try {
      const url = new URL(uri ?? '/front/', self);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
      if (url.origin !== self && !opts.allowedRedirectOrigins.includes(url.origin)) return null;
      return url;
    } catch {
      return null;
    }
  };

  const checkCredentials = async (username: string, password: string, kind: 'distributor' | 'staff') => {
    const row = await app.db.selectFrom('credentials').selectAll().where('username', '=', username).executeTakeFirst();
    // Verify against a fixed hash when the user is unknown, so timing does not reveal accounts.
    const valid = await verifyPassword(password, row?.password_hash ?? DUMMY_HASH);
    return valid && row && row.kind === kind ? row : null;
  };

  /** The sign-in page for a mode, never cached (it may carry an error or a filled-in account). */
  const sendLoginPage = (
    reply: FastifyReply,
    mode: Mode,
    f: {
      lang: IdpLang;
      redirect: URL | null;
      display?: 'page' | 'iframe';
      state?: string;
      otherLangUrl: string;
      error?: string;
      username?: string;
    },
  ) =>
    reply
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        renderLoginPage({
          lang: f.lang,
          staff: mode === 'staff',
          redirectUri: f.redirect ? f.redirect.toString() : '/front/',
          display: f.display ?? 'page',
          action: ACTIONS[mode],
          state: f.state ?? '',
          otherLangUrl: f.otherLangUrl,
          ...(f.error !== undefined ? { error: f.error } : {}),
          ...(f.username !== undefined ? { username: f.username } : {}),
        }),
      );

  const page = (mode: Mode) => async (request: FastifyRequest, reply: FastifyReply) => {
    const q = pageQuery.safeParse(request.query);
    const query = q.success ? q.data : {};
    const lang = pickLang(request, query.lang);
    const redirect = safeRedirect(request, query.redirect_uri);
    const other = new URL(request.url, 'http://x');
    other.searchParams.set('lang', lang === 'en-US' ? 'zh' : 'en');
    return sendLoginPage(reply, mode, {
      lang,
      redirect,
      display: query.display,
      state: query.state,
      otherLangUrl: other.pathname + other.search,
      ...(redirect ? {} : { error: LOGIN_MESSAGES[lang].badRedirect }),
    });
  };

  const submit = (mode: Mode) => async (request: FastifyRequest, reply: FastifyReply) => {
    const parsed = formBody.safeParse(request.body);
    const body = parsed.success ? parsed.data : {};
    const staff = mode === 'staff';
    const lang = pickLang(request, body.lang);
    const redirect = safeRedirect(request, body.redirect_uri);
    const rerender = (error: string) =>
      sendLoginPage(reply, mode, {
        lang,
        redirect,
        display: body.display,
        state: body.state,
        error,
        username: body.username ?? '',
        otherLangUrl: `${ACTIONS[mode]}?lang=${lang === 'en-US' ? 'zh' : 'en'}`,
      });
    if (!redirect) return rerender(LOGIN_MESSAGES[lang].badRedirect);
    if (!body.username || !body.password) return rerender(LOGIN_MESSAGES[lang].missing);
    const account = await checkCredentials(body.username.trim(), body.password, staff ? 'staff' : 'distributor');
    if (!account) return rerender(LOGIN_MESSAGES[lang].invalid);
    if (staff) {
      const t = await app.tokens.issueStaff({ username: account.username, fullName: account.display_name });
      redirect.searchParams.set('channel', 'iinquiry');
      redirect.searchParams.set('adaToken', t.adaToken);
      redirect.searchParams.set('oktaIdTokenKey', t.oktaIdTokenKey);
      redirect.searchParams.set('oktaIdToken', t.oktaIdToken);
    } else if (mode === 'wechat') {
      // Stand-in for WeChat OAuth: the code is a one-time token the app trades at /idp/wechat/session.
      redirect.searchParams.set('code', await createSessionToken(app.db, account.ada, 'wechat'));
      redirect.searchParams.set('state', body.state ?? '');
    } else {
      redirect.searchParams.set('sessionToken', await createSessionToken(app.db, account.ada, 'distributor'));
    }
    return reply.header('Cache-Control', 'no-store').redirect(redirect.toString(), 303);
  };

  const pageOpts = { config: { public: true } } as const;
  const submitOpts = { config: { public: true, rateLimit: loginRateLimit(opts.loginRateLimit) } } as const;
  r.get('/idp/login', pageOpts, page('distributor'));
  r.get('/idp/okta/login', pageOpts, page('staff'));
  r.get('/idp/wechat/authorize', pageOpts, page('wechat'));
  r.post('/idp/login', submitOpts, submit('distributor'));
  r.post('/idp/okta/login', submitOpts, submit('staff'));
  r.post('/idp/wechat/authorize', submitOpts, submit('wechat'));

  // WeChat OAuth callback: a code from /idp/wechat/authorize becomes a distributor session token.
  r.post(
    '/idp/wechat/session',
    { config: { public: true }, schema: { body: z.object({ code: z.string().min(16).max(512) }) } },
    async (request) => {
      const result = await exchangeSessionToken(app.db, request.body.code);
      if (!result.ok || result.kind !== 'wechat') {
        throw new AppError(Code.UNAUTHORIZED, 'The WeChat sign-in code is invalid or was already used');
      }
      return ok({ sessionToken: await createSessionToken(app.db, result.ada, 'distributor') });
    },
  );

  r.post('/idp/session', { ...submitOpts, schema: { body: sessionBody } }, async (request) => {
    const account = await checkCredentials(request.body.username, request.body.password, 'distributor');
    if (!account) throw new AppError(Code.UNAUTHORIZED, LOGIN_MESSAGES[pickLang(request)].invalid);
    return ok({ sessionToken: await createSessionToken(app.db, account.ada, 'distributor') });
  });

  r.post('/idp/okta/session', { ...submitOpts, schema: { body: sessionBody } }, async (request) => {
    const account = await checkCredentials(request.body.username, request.body.password, 'staff');
    if (!account) throw new AppError(Code.UNAUTHORIZED, LOGIN_MESSAGES[pickLang(request)].invalid);
    return ok(await app.tokens.issueStaff({ username: account.username, fullName: account.display_name }));
  });

  const jwks = async () => ({ keys: opts.keys.publicJwks });
  r.get('/idp/jwks', pageOpts, jwks);
  r.get('/.well-known/jwks.json', pageOpts, jwks);

  r.get('/idp/assets/login.css', pageOpts, (_q, reply) =>
    reply.type('text/css; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(LOGIN_CSS),
  );
  r.get('/idp/assets/login.js', pageOpts, (_q, reply) =>
    reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(LOGIN_JS),
  );
}

// scrypt hash of a random string nobody knows; see checkCredentials.
const DUMMY_HASH = 'scrypt$16384$8$1$2c5Gq0zFvRkzv0T3ZbUe4g$0ZqzvJc0o1zj6cR8m7O0Zb9k4v7qkq1nq0Fh2y1m3Xw';
