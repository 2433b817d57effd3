import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code, fail, ok } from '@abo/contract';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { createSessionToken, exchangeSessionToken } from '../../idp/session-tokens.ts';
import { checkPassword, type SignInAccount } from '../../idp/credentials.ts';
import { staffAccount } from '../../idp/live-accounts.ts';
import type { KeyRing } from '../../idp/keys.ts';
import { LOGIN_CSS, LOGIN_JS } from './login-assets.ts';
import { LOGIN_MESSAGES, renderLoginPage, type IdpLang } from './login-page.ts';
import { isCrossSitePost, originOf, ownOrigin } from './own-origin.ts';
import { signInBudgetFor } from './sign-in-budget.ts';
import { recordAddress, standInOpenId } from '../../notifications/addresses.ts';

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
  /** Sign-in attempts per minute per account (a client address may make 5 times as many). */
  loginRateLimit: number;
  /** PUBLIC_URL: when set, its origin is this server's own, whatever Host a request names. */
  publicUrl?: string | undefined;
  /** Demo mode: the sign-in pages show the demo accounts. */
  demo?: boolean;
  /** The official account's app id: the WeChat stand-in's openids are per account (notifications/addresses.ts). */
  wechatAppId?: string;
}

const pageQuery = z.object({
  redirect_uri: z.string().max(2048).optional(),
  state: z.string().max(128).optional(),
  lang: z.string().max(10).optional(),
  // Set by the page's language switch: the user chose `lang` there (not the browser's default).
  chosen: z.literal('1').optional(),
  display: z.enum(['page', 'iframe']).optional(),
});

const formBody = z.object({
  state: z.string().max(128).optional(),
  username: z.string().max(64).optional(),
  password: z.string().max(128).optional(),
  redirect_uri: z.string().max(2048).optional(),
  lang: z.string().max(10).optional(),
  lang_chosen: z.literal('1').optional(),
  display: z.enum(['page', 'iframe']).optional(),
});

const sessionBody = z.object({
  username: z.string().trim().min(1, 'username is required').max(64),
  password: z.string().min(1, 'password is required').max(128),
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
  const r = app.withTypeProvider<ZodTypeProvider>();
  const publicOrigin = opts.publicUrl ? originOf(opts.publicUrl) : null;
  // One budget for every route that checks a password (checkCredentials is the only way to); on
  // PostgreSQL one for every process on the database.
  const budget = signInBudgetFor(app.db, { perAccount: opts.loginRateLimit });

  /** Our own origin for this request; a malformed Host header is the client's fault, never a 500. */
  const selfOrigin = (request: FastifyRequest): string => {
    const self = ownOrigin(request, publicOrigin);
    if (!self) throw badRequest('Invalid Host header');
    return self;
  };
  /** Origins that may receive a token and may post the sign-in forms: ours and the configured portals. */
  const trusted = (self: string) => (origin: string) => origin === self || opts.allowedRedirectOrigins.includes(origin);

  /** Only our own origin or configured portals may receive a token: no open redirect. */
  const safeRedirect = (self: string, uri: string | undefined): URL | null => {
    try {
      const url = new URL(uri ?? '/front/', self);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
      return trusted(self)(url.origin) ? url : null;
    } catch {
      return null;
    }
  };

  type CredentialCheck =
    { result: 'ok'; account: SignInAccount } | { result: 'invalid' } | { result: 'limited'; retryAfterSeconds: number };

  /** Spends one attempt of the sign-in budget, then (if it was not spent) checks the password. */
  const checkCredentials = async (
    request: FastifyRequest,
    username: string,
    password: string,
    kind: 'distributor' | 'staff',
  ): Promise<CredentialCheck> => {
    const verdict = await budget.take(username, request.ip);
    if (!verdict.ok) {
      request.log.warn({ limitedBy: verdict.limitedBy }, 'sign-in budget spent');
      return { result: 'limited', retryAfterSeconds: verdict.retryAfterSeconds };
    }
    const account = await checkPassword(app.db, username, password, kind);
    return account ? { result: 'ok', account } : { result: 'invalid' };
  };

  /** The JSON sign-ins' refusal: 429 with Retry-After, or the envelope's "not signed in". */
  const refuseJson = (request: FastifyRequest, reply: FastifyReply, check: Exclude<CredentialCheck, { result: 'ok' }>) => {
    const messages = LOGIN_MESSAGES[pickLang(request)];
    if (check.result === 'invalid') throw new AppError(Code.UNAUTHORIZED, messages.invalid);
    return reply
      .status(429)
      .header('Retry-After', String(check.retryAfterSeconds))
      .send(fail(Code.RATE_LIMITED, messages.tooMany(check.retryAfterSeconds)));
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
      langChosen?: boolean;
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
          langChosen: f.langChosen === true,
          demoHint: opts.demo === true,
          ...(f.error !== undefined ? { error: f.error } : {}),
          ...(f.username !== undefined ? { username: f.username } : {}),
        }),
      );

  /** The page at `action` in the other language, chosen there, with `keep`'s query (where it returns to). */
  const switchedLangUrl = (action: string, lang: IdpLang, keep: Record<string, string | undefined>) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(keep)) if (v !== undefined) q.set(k, v);
    q.set('lang', lang === 'en-US' ? 'zh' : 'en');
    q.set('chosen', '1');
    return `${action}?${q.toString()}`;
  };

  const page = (mode: Mode) => async (request: FastifyRequest, reply: FastifyReply) => {
    const self = selfOrigin(request);
    const q = pageQuery.safeParse(request.query);
    const query = q.success ? q.data : {};
    const lang = pickLang(request, query.lang);
    const redirect = safeRedirect(self, query.redirect_uri);
    const asked = new URL(request.url, 'http://x');
    return sendLoginPage(reply, mode, {
      lang,
      langChosen: query.chosen === '1',
      redirect,
      display: query.display,
      state: query.state,
      otherLangUrl: switchedLangUrl(asked.pathname, lang, Object.fromEntries(asked.searchParams)),
      ...(redirect ? {} : { error: LOGIN_MESSAGES[lang].badRedirect }),
    });
  };

  const submit = (mode: Mode) => async (request: FastifyRequest, reply: FastifyReply) => {
    const self = selfOrigin(request);
    const parsed = formBody.safeParse(request.body);
    const body = parsed.success ? parsed.data : {};
    const staff = mode === 'staff';
    const lang = pickLang(request, body.lang);
    const redirect = safeRedirect(self, body.redirect_uri);
    const rerender = (error: string, status = 200) =>
      sendLoginPage(reply.status(status), mode, {
        lang,
        redirect,
        display: body.display,
        state: body.state,
        error,
        username: body.username ?? '',
        langChosen: body.lang_chosen === '1',
        // Where the form returns to, kept: a switch after a failed attempt must not lose the portal's return.
        otherLangUrl: switchedLangUrl(ACTIONS[mode], lang, { redirect_uri: body.redirect_uri, state: body.state, display: body.display }),
      });
    // Login CSRF: another site must not post our form (into a frame, or to sign a victim in).
    if (isCrossSitePost(request, trusted(self))) return rerender(LOGIN_MESSAGES[lang].crossSite, 403);
    if (!redirect) return rerender(LOGIN_MESSAGES[lang].badRedirect);
    const username = body.username?.trim();
    if (!username || !body.password) return rerender(LOGIN_MESSAGES[lang].missing);
    const check = await checkCredentials(request, username, body.password, staff ? 'staff' : 'distributor');
    if (check.result === 'limited') {
      reply.header('Retry-After', String(check.retryAfterSeconds));
      return rerender(LOGIN_MESSAGES[lang].tooMany(check.retryAfterSeconds), 429);
    }
    if (check.result === 'invalid') return rerender(LOGIN_MESSAGES[lang].invalid);
    const { account } = check;
    // A language the user chose on this page goes back to the app, which keeps it.
    if (body.lang_chosen === '1') redirect.searchParams.set('lang', lang === 'en-US' ? 'en' : 'zh');
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

  const publicRoute = { config: { public: true } } as const;
  r.get('/idp/login', publicRoute, page('distributor'));
  r.get('/idp/okta/login', publicRoute, page('staff'));
  r.get('/idp/wechat/authorize', publicRoute, page('wechat'));
  // Form bodies are parsed for the form posts only: the JSON routes below refuse them (415), so
  // a cross-site HTML form cannot reach them.
  await app.register(async (forms) => {
    await forms.register(formbody, { bodyLimit: 8 * 1024 });
    forms.post('/idp/login', publicRoute, submit('distributor'));
    forms.post('/idp/okta/login', publicRoute, submit('staff'));
    forms.post('/idp/wechat/authorize', publicRoute, submit('wechat'));
  });

  // WeChat OAuth callback: a code from /idp/wechat/authorize becomes a distributor session token.
  r.post(
    '/idp/wechat/session',
    { config: { public: true }, schema: { body: z.object({ code: z.string().min(16).max(512) }) } },
    async (request) => {
      const result = await exchangeSessionToken(app.db, request.body.code);
      if (!result.ok || result.kind !== 'wechat') {
        throw new AppError(Code.UNAUTHORIZED, 'The WeChat sign-in code is invalid or was already used');
      }
      // The openid the official account's subscribe messages are sent to (notifications/delivery).
      await recordAddress(app.db, result.ada, 'wec', standInOpenId(opts.wechatAppId ?? '', result.ada));
      return ok({ sessionToken: await createSessionToken(app.db, result.ada, 'distributor') });
    },
  );

  r.post('/idp/session', { ...publicRoute, schema: { body: sessionBody } }, async (request, reply) => {
    const check = await checkCredentials(request, request.body.username, request.body.password, 'distributor');
    if (check.result !== 'ok') return refuseJson(request, reply, check);
    return ok({ sessionToken: await createSessionToken(app.db, check.account.ada, 'distributor') });
  });

  r.post('/idp/okta/session', { ...publicRoute, schema: { body: sessionBody } }, async (request, reply) => {
    const check = await checkCredentials(request, request.body.username, request.body.password, 'staff');
    if (check.result !== 'ok') return refuseJson(request, reply, check);
    const { account } = check;
    return ok(await app.tokens.issueStaff({ username: account.username, fullName: account.display_name }));
  });

  // Silent renewal of a staff session (tokens live 30 minutes): the app trades a token that is
  // still valid for a new one while the staff member works. The account is read afresh, not
  // from the guard's kept answers: a removed account, or one whose password changed since the
  // token was issued, gets none, so its session ends within one token's life.
  r.post('/idp/okta/renew', publicRoute, async (request) => {
    const expired = () => new AppError(Code.IINQUIRY_EXPIRED, 'The query has expired, please query again');
    const adaToken = request.headers['ada-token'];
    const kid = request.headers['jwks'];
    if (typeof adaToken !== 'string' || typeof kid !== 'string' || !adaToken || !kid) throw expired();
    const payload = await app.tokens.verify(adaToken, 'ada', kid).catch(() => null);
    if (!payload || payload['staff'] !== true || typeof payload.sub !== 'string') throw expired();
    const account = await staffAccount(app.db, payload.sub);
    if (!account || account.stamp !== payload['cv']) throw expired();
    // The stamp just checked, not one read again: a password changed in between renews nothing.
    return ok(await app.tokens.issueStaff({ username: payload.sub, fullName: account.displayName, stamp: account.stamp }));
  });

  const jwks = async () => ({ keys: opts.keys.publicJwks });
  r.get('/idp/jwks', publicRoute, jwks);
  r.get('/.well-known/jwks.json', publicRoute, jwks);

  r.get('/idp/assets/login.css', publicRoute, (_q, reply) =>
    reply.type('text/css; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(LOGIN_CSS),
  );
  r.get('/idp/assets/login.js', publicRoute, (_q, reply) =>
    reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(LOGIN_JS),
  );
}
