// Local stand-ins of the two services the worker pushes to, for the demo and the tests (never in
// production: plugins/notification-delivery.ts registers them in demo mode only). They answer as
// the real ones do and record every message they receive, duplicates included, so a test can
// count them and the demo can show what would have been sent:
//   POST /stand-in/wechat/cgi-bin/stable_token               WeChat's stable access token
//   POST /stand-in/wechat/cgi-bin/message/subscribe/bizsend  WeChat's subscribe message
//   POST /stand-in/push                                      the app's push service (checks the signature)
//   GET  /stand-in/messages[?service=wechat|push&person=…&limit=N]  what they received, newest first
//   GET  /stand-in/[?lang=zh|en&person=…&channel=wechat|push&page=N] the same as a page for the demo (stand-in-page.ts)
// `person`: an ADA or a name, looked up among the distributors (standInPeople).
import { randomBytes } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { chinaDay } from '@abo/words';
import type { DB } from '../../db/index.ts';
import { standInOpenId } from '../addresses.ts';
import { filterReceipts, renderStandInPage, standInFilter, standInPageLang, type StandInPerson } from './stand-in-page.ts';
import type { StandInReceipt, StandInService } from './stand-in-receipt.ts';
import { IDEMPOTENCY_HEADER } from './wechat.ts';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verifyWebhook } from './webhook.ts';

export interface StandInOptions {
  /** The credentials the WeChat stand-in hands tokens for. */
  wechat: { appId: string; secret: string };
  /** The secret the push stand-in checks signatures with. */
  push: { secret: string };
  now?: () => Date;
  /** Receipts kept, the oldest dropped first (default KEEP: a first demo start's every push). */
  keep?: number;
  /** Who a `person` filter names (standInPeople); without it, the filter matches the recipient as typed. */
  people?: (person: string) => Promise<StandInPerson[]>;
  /** Requests a minute per client address to the page and the list (default PAGE_PER_MINUTE). */
  pagePerMinute?: number;
  /** Posts a minute per client address other than this machine (default POSTS_PER_MINUTE). */
  postsPerMinute?: number;
}

/** The page and its JSON: a person refreshing, not a scraper. */
const PAGE_PER_MINUTE = 30;
/** Posts from elsewhere; the server's own delivery worker posts from this machine, unthrottled. */
const POSTS_PER_MINUTE = 120;
const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;
/** A first demo start pushes every distributor's news at once (5 000 distributors: some 11 000 messages). */
const KEEP = 20_000;
/** People a name names at most. */
const PEOPLE_MAX = 20;

/**
 * The distributors a person filter names: the ADA itself, else those whose name holds the text
 * (Chinese or English, any case), with the openids WeChat messages to them carry (the one their
 * sign-in recorded, and the stand-in's for this official account).
 */
export function standInPeople(db: DB, appId: string): (person: string) => Promise<StandInPerson[]> {
  return async (person) => {
    const q = person.trim();
    if (!q) return [];
    let found = await db.selectFrom('distributors').select(['ada', 'name_zh', 'name_en']).where('ada', '=', q).execute();
    if (found.length === 0) {
      const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      found = await db
        .selectFrom('distributors')
        .select(['ada', 'name_zh', 'name_en'])
        .where((eb) =>
          eb.or([sql<boolean>`lower(name_zh) like ${like} escape '\\'`, sql<boolean>`lower(name_en) like ${like} escape '\\'`]),
        )
        .orderBy('ada')
        .limit(PEOPLE_MAX)
        .execute();
    }
    if (found.length === 0) return [];
    const recorded = await db
      .selectFrom('notification_addresses')
      .select(['ada', 'address'])
      .where('channel', '=', 'wec')
      .where(
        'ada',
        'in',
        found.map((d) => d.ada),
      )
      .execute();
    return found.map((d) => ({
      ada: d.ada,
      name: d.name_zh || d.name_en,
      openids: [...new Set([...recorded.filter((r) => r.ada === d.ada).map((r) => r.address), standInOpenId(appId, d.ada)])],
    }));
  };
}

export interface StandIn {
  /** The routes (an encapsulated plugin: its raw-body parser stays inside). */
  readonly routes: FastifyPluginAsync;
  /**
   * The next `n` messages to `service` fail: WeChat answers errcode `answer` (default -1, "system
   * busy"), the push service HTTP `answer` (default 503).
   */
  failNext(service: StandInService, n: number, answer?: number): void;
  /**
   * Every token handed out so far stops working: bizsend answers `errcode` with it (40001 or
   * 42001), and stable_token hands out a new one (as after an expiry, or a forced refresh elsewhere).
   */
  expireTokens(errcode?: number): void;
  /**
   * The stable token itself goes bad: bizsend answers `errcode` with it, yet stable_token's normal
   * mode keeps answering it until a force_refresh replaces it.
   */
  spoilStableToken(errcode?: number): void;
  /** This openid has not subscribed (or used up its one-time subscription): bizsend answers 43101. */
  unsubscribe(openid: string): void;
  /** What arrived, oldest first. */
  receipts(): readonly StandInReceipt[];
  /** stable_token calls, forced ones included. */
  readonly tokenRequests: number;
  /** stable_token calls with force_refresh that made a new token. */
  readonly forcedRefreshes: number;
  clear(): void;
}

const TOKEN_LIFE_S = 7200;
/** Normal mode makes a new token when the current one has this little left (the old one stays good until it ends). */
const RENEW_BEFORE_S = 300;
/** force_refresh: 20 a day (China day), and a call within 30 s of the last refresh refreshes nothing. */
const FORCED_PER_DAY = 20;
const FORCED_GAP_S = 30;
const WECHAT_TIME = /^(\d{4}-\d{2}-\d{2} |\d{4}年\d{1,2}月\d{1,2}日 )?([01]\d|2[0-3]):[0-5]\d$/;

interface BizsendBody {
  touser?: unknown;
  template_id?: unknown;
  page?: unknown;
  data?: unknown;
}

/** WeChat's checks of a subscribe message's data, as far as the adapter's templates use them: errmsg or null. */
function invalidData(data: unknown): string | null {
  if (!data || typeof data !== 'object') return 'argument invalid! data is empty';
  for (const [key, v] of Object.entries(data as Record<string, unknown>)) {
    const value = (v as { value?: unknown } | null)?.value;
    if (typeof value !== 'string' || value === '') return `argument invalid! data.${key}.value is empty`;
    if (key.startsWith('thing') && Array.from(value).length > 20) return `argument invalid! data.${key}.value invalid`;
    if (key.startsWith('time') && !WECHAT_TIME.test(value)) return `argument invalid! data.${key}.value invalid`;
  }
  return null;
}

export function createStandIn(opts: StandInOptions): StandIn {
  const now = opts.now ?? (() => new Date());
  const keep = opts.keep ?? KEEP;
  const people = opts.people ?? (async () => []);
  const receipts: StandInReceipt[] = [];
  const failing: Record<StandInService, number[]> = { wechat: [], push: [] };
  /** token → when it expires (ms), or the errcode it now answers. */
  const tokens = new Map<string, { expires: number; rejected?: number }>();
  /** The token stable_token answers (every caller the same), while it lasts. */
  let current: { token: string; expires: number } | null = null;
  let lastForced: number | null = null;
  const forcedOn = { day: '', count: 0 };
  const unsubscribed = new Set<string>();
  let tokenRequests = 0;
  let forcedRefreshes = 0;

  const newToken = (t: number) => {
    const token = `stand-in-${randomBytes(12).toString('hex')}`;
    tokens.set(token, { expires: t + TOKEN_LIFE_S * 1000 });
    current = { token, expires: t + TOKEN_LIFE_S * 1000 };
    return current;
  };

  /** stable_token's answer to a caller with the right credentials. */
  const stableToken = (force: boolean): { access_token: string; expires_in: number } | { errcode: number; errmsg: string } => {
    const t = now().getTime();
    let live = current && t < current.expires ? current : null;
    if (force && !(live && lastForced !== null && t - lastForced < FORCED_GAP_S * 1000)) {
      const day = chinaDay(t);
      if (forcedOn.day !== day) Object.assign(forcedOn, { day, count: 0 });
      if (forcedOn.count >= FORCED_PER_DAY) return { errcode: 45009, errmsg: 'reach max api daily quota limit' };
      forcedOn.count++;
      forcedRefreshes++;
      lastForced = t;
      // The token before stops working at once.
      for (const old of tokens.values()) old.rejected ??= 40001;
      live = newToken(t);
    } else if (!live || live.expires - t <= RENEW_BEFORE_S * 1000) {
      live = newToken(t);
    }
    return { access_token: live.token, expires_in: Math.floor((live.expires - t) / 1000) };
  };

  const record = (r: Omit<StandInReceipt, 'at'>) => {
    receipts.push({ ...r, at: now().toISOString() });
    if (receipts.length > keep) receipts.splice(0, receipts.length - keep);
  };

  const routes: FastifyPluginAsync = async (app: FastifyInstance) => {
    // The push stand-in signs over the raw body: keep it as a string here (this plugin only).
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    // Public routes of a demo server: each client address gets a budget (this plugin only).
    await app.register(rateLimit, { global: false });
    const open = {
      // The server's own worker posts here thousands of times on a first demo start: not in the log.
      logLevel: 'silent' as const,
      config: {
        public: true,
        rateLimit: {
          max: opts.postsPerMinute ?? POSTS_PER_MINUTE,
          timeWindow: '1 minute',
          allowList: (req: FastifyRequest) => LOOPBACK.test(req.ip),
        },
      },
    };
    const page = { config: { public: true, rateLimit: { max: opts.pagePerMinute ?? PAGE_PER_MINUTE, timeWindow: '1 minute' } } };
    /** A post without credentials the stand-in gave out: counted, its body (anyone's text) not kept. */
    const unsigned = (service: StandInService, answer: number) =>
      record({ service, idempotencyKey: null, accepted: false, answer, message: null });

    app.post<{ Body: string }>('/stand-in/wechat/cgi-bin/stable_token', open, async (request) => {
      tokenRequests++;
      let q: Record<string, unknown>;
      try {
        const parsed: unknown = JSON.parse(typeof request.body === 'string' ? request.body : '');
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
        q = parsed as Record<string, unknown>;
      } catch {
        return { errcode: 47001, errmsg: 'data format error' };
      }
      if (q['grant_type'] !== 'client_credential') return { errcode: 40002, errmsg: 'invalid grant_type' };
      if (!q['appid']) return { errcode: 41002, errmsg: 'appid missing' };
      if (!q['secret']) return { errcode: 41004, errmsg: 'appsecret missing' };
      if (q['appid'] !== opts.wechat.appId) return { errcode: 40013, errmsg: 'invalid appid' };
      if (q['secret'] !== opts.wechat.secret) return { errcode: 40125, errmsg: 'invalid appsecret' };
      return stableToken(q['force_refresh'] === true);
    });

    app.post<{ Querystring: Record<string, string | undefined>; Body: string }>(
      '/stand-in/wechat/cgi-bin/message/subscribe/bizsend',
      open,
      async (request) => {
        const key = request.headers[IDEMPOTENCY_HEADER];
        let body: BizsendBody;
        try {
          body = JSON.parse(request.body || '{}') as BizsendBody;
        } catch {
          return { errcode: 47001, errmsg: 'data format error' };
        }
        const answer = (errcode: number, errmsg: string) => {
          record({
            service: 'wechat',
            idempotencyKey: typeof key === 'string' ? key : null,
            accepted: errcode === 0,
            answer: errcode,
            message: body,
          });
          return { errcode, errmsg };
        };
        const invalidToken = 'invalid credential, access_token is invalid or not latest';
        const token = tokens.get(request.query['access_token'] ?? '');
        if (!token) {
          unsigned('wechat', 40001);
          return { errcode: 40001, errmsg: invalidToken };
        }
        if (token.rejected) return answer(token.rejected, token.rejected === 42001 ? 'access_token expired' : invalidToken);
        if (now().getTime() >= token.expires) return answer(42001, 'access_token expired');
        const fail = failing.wechat.shift();
        if (fail !== undefined) return answer(fail, 'system error');
        if (typeof body.touser !== 'string' || body.touser === '') return answer(40003, 'invalid openid');
        if (typeof body.template_id !== 'string' || body.template_id === '') return answer(40037, 'invalid template_id');
        const invalid = invalidData(body.data);
        if (invalid) return answer(47003, invalid);
        if (unsubscribed.has(body.touser)) return answer(43101, 'user refuse to accept the msg');
        return answer(0, 'ok');
      },
    );

    app.post<{ Body: string }>('/stand-in/push', open, async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      let message: { idempotencyKey?: unknown } | null = null;
      try {
        message = JSON.parse(raw) as { idempotencyKey?: unknown };
      } catch {
        // Recorded as received, refused below.
      }
      const key = typeof message?.idempotencyKey === 'string' ? message.idempotencyKey : null;
      const answer = (status: number) => {
        record({ service: 'push', idempotencyKey: key, accepted: status >= 200 && status < 300, answer: status, message: message ?? raw });
        return reply.status(status).send(status < 300 ? { ok: true } : { ok: false });
      };
      const header = (name: string) => {
        const v = request.headers[name];
        return typeof v === 'string' ? v : undefined;
      };
      const signed = verifyWebhook(
        opts.push.secret,
        { timestamp: header(TIMESTAMP_HEADER), signature: header(SIGNATURE_HEADER) },
        raw,
        now(),
      );
      if (!signed) {
        unsigned('push', 401);
        return reply.status(401).send({ ok: false });
      }
      if (!message || key === null) return answer(400);
      const fail = failing.push.shift();
      if (fail !== undefined) return answer(fail);
      return answer(200);
    });

    app.get<{ Querystring: Record<string, string | undefined> }>('/stand-in/messages', page, async (request) => {
      const filter = standInFilter(request.query);
      const limit = Math.min(1000, Math.max(1, Number(request.query['limit']) || 100));
      const service = request.query['service'];
      // A service the stand-ins do not have lists nothing (as before), rather than everything.
      if (service && !filter.channel) return { messages: [] };
      const list = filterReceipts(receipts, filter, filter.person ? await people(filter.person) : []);
      return { messages: list.slice(-limit).reverse() };
    });

    app.get('/stand-in', page, (_request, reply) => reply.redirect('/stand-in/', 302));
    app.get<{ Querystring: Record<string, string | undefined> }>('/stand-in/', page, async (request, reply) => {
      const lang = standInPageLang(request.query['lang'], request.headers['accept-language']);
      const filter = standInFilter(request.query);
      const found = filter.person ? await people(filter.person) : [];
      return reply
        .type('text/html; charset=utf-8')
        .header('Content-Language', lang)
        .header('Vary', 'Accept-Language')
        .send(renderStandInPage({ lang, receipts, path: '/stand-in/', filter, people: found }));
    });
  };

  return {
    routes,
    failNext(service, n, answer) {
      for (let i = 0; i < n; i++) failing[service].push(answer ?? (service === 'wechat' ? -1 : 503));
    },
    expireTokens(errcode = 40001) {
      for (const t of tokens.values()) t.rejected = errcode;
      current = null;
    },
    spoilStableToken(errcode = 40001) {
      const t = current && tokens.get(current.token);
      if (t) t.rejected = errcode;
    },
    unsubscribe(openid) {
      unsubscribed.add(openid);
    },
    receipts: () => receipts,
    get tokenRequests() {
      return tokenRequests;
    },
    get forcedRefreshes() {
      return forcedRefreshes;
    },
    clear() {
      receipts.length = 0;
      failing.wechat.length = 0;
      failing.push.length = 0;
    },
  };
}
