// WeChat (wec): the official account's subscribe messages (订阅通知, "sendNewSubscribeMsg"):
//   POST {base}/cgi-bin/stable_token {grant_type: client_credential, appid, secret, force_refresh}
//        → {access_token, expires_in} or {errcode, errmsg}
//   POST {base}/cgi-bin/message/subscribe/bizsend?access_token=…
//        {touser, template_id, page, data: {thing1: {value}, thing2: {value}, time3: {value}}} → {errcode, errmsg}
// The stable token, not /cgi-bin/token: every BFF process runs a worker, and each call of
// /cgi-bin/token makes a new token that retires the one before, so processes kept spoiling each
// other's tokens. stable_token in normal mode (force_refresh false) answers every caller the same
// token until it is about to expire, and renews it itself in its last 5 minutes with the old one
// still good until it ends; `force_refresh: true` makes a new token and spoils the current one for
// every process, and WeChat allows it 20 times a day, 30 s apart. So: normal mode always, and a
// forced refresh only when WeChat refuses (40001, 42001) a token normal mode has just answered,
// i.e. the stable token itself is bad; one forced refresh per send at most, shared by the sends
// refused at the same time, and at most one per FORCE_REFRESH_GAP_MS in this process.
// The data keys are the template's (WECHAT_TEMPLATE_IDS, config/wechat-templates.ts; thing1,
// thing2, time3 by default). `page` is the web page the card opens (an official account's messages
// open web pages; `miniprogram` would open a mini program instead). `thing` values hold at most 20
// characters, `time` values are 24-hour times with an optional date. The answer carries no message
// id, and WeChat does not deduplicate: the idempotency key goes along in a header for a stand-in or
// a relay that does, and the outbox's lease keeps two workers from sending one row at once.
import { chinaIso } from '@abo/words';
import type { ChannelAdapter, Fetch, PushMessage, SendOutcome } from './types.ts';
import { HTTP_TIMEOUT_MS, errorText } from './types.ts';
import { httpFetch } from './http-client.ts';
import { DEFAULT_TEMPLATE_KEYS, type WechatTemplate } from '../../config/wechat-templates.ts';

/** Template per notification kind, and the one for kinds not listed: an id alone has the default keys. */
export interface WechatTemplates {
  byKind: Partial<Record<string, string | WechatTemplate>>;
  fallback: string | WechatTemplate | null;
}

export interface WechatAdapterOptions {
  /** https://api.weixin.qq.com, or a stand-in. */
  apiBase: string;
  appId: string;
  secret: string;
  templates: WechatTemplates;
  /** PUBLIC_URL: a message opens `${publicUrl}/front${link}`. */
  publicUrl: string;
  fetch?: Fetch;
  now?: () => Date;
  timeoutMs?: number;
}

export interface WechatAdapter extends ChannelAdapter {
  /** Token requests made so far, forced ones included (tests, the bench). */
  readonly tokenRequests: number;
  /** Of those, the ones with force_refresh. */
  readonly forcedRefreshes: number;
}

/** The header the idempotency key travels in (WeChat ignores it; the stand-in records it). */
export const IDEMPOTENCY_HEADER = 'x-abo-idempotency-key';

/** Errcodes meaning "this access token is no longer good": get a new one and send again, once. */
const TOKEN_REJECTED = new Set([40001, 40014, 42001]);
/** The user refused or has used up their subscription (one-time subscriptions send once). */
const NOT_SUBSCRIBED = 43101;
/** The message itself is wrong: sending it again cannot help. */
const PERMANENT: Record<number, string> = {
  40003: 'the openid is not valid for this account',
  40037: 'the template id is not valid',
  47003: 'the template data is not valid',
};
/** A token is used until this long before WeChat says it expires (when normal mode renews it). */
const TOKEN_MARGIN_S = 300;
/** This process forces a new token at most this often (WeChat: 20 a day, 30 s apart, for every process together). */
export const FORCE_REFRESH_GAP_MS = 5 * 60_000;

/** A `thing` value: one line, at most `max` characters (an ellipsis ends a shortened one). */
export function thingValue(text: string, max = 20): string {
  const chars = Array.from(text.replace(/[\s\p{Cc}]+/gu, ' ').trim());
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

/** `YYYY-MM-DD HH:mm`, China time, of an ISO instant. */
export function chinaMinute(iso: string): string {
  const t = Date.parse(iso);
  const d = chinaIso(Number.isNaN(t) ? Date.now() : t);
  return `${d.slice(0, 10)} ${d.slice(11, 16)}`;
}

interface WechatAnswer {
  errcode?: number;
  errmsg?: string;
  access_token?: string;
  expires_in?: number;
}

class TokenError extends Error {}

const template = (t: string | WechatTemplate): WechatTemplate => (typeof t === 'string' ? { id: t, keys: DEFAULT_TEMPLATE_KEYS } : t);

/** A token and whether it was fetched for this send (not taken from the cache). */
interface Got {
  value: string;
  fresh: boolean;
}

export function createWechatAdapter(opts: WechatAdapterOptions): WechatAdapter {
  const doFetch = opts.fetch ?? httpFetch;
  const now = opts.now ?? (() => new Date());
  const timeoutMs = opts.timeoutMs ?? HTTP_TIMEOUT_MS;
  const base = opts.apiBase.replace(/\/+$/, '');
  const publicUrl = opts.publicUrl.replace(/\/+$/, '');
  const byKind = new Map(Object.entries(opts.templates.byKind).flatMap(([kind, t]) => (t ? [[kind, template(t)] as const] : [])));
  const fallback = opts.templates.fallback ? template(opts.templates.fallback) : null;
  let cached: { token: string; until: number } | null = null;
  /** The normal-mode request under way: concurrent sends share it. */
  let pending: Promise<string> | null = null;
  /** The forced refresh under way: the sends refused together share it. */
  let forcing: Promise<string> | null = null;
  let forcedAt: number | null = null;
  /** Counts forced refreshes begun: a normal answer asked for before one is not cached over it. */
  let epoch = 0;
  let tokenRequests = 0;
  let forcedRefreshes = 0;

  const fetchToken = async (force: boolean): Promise<string> => {
    tokenRequests++;
    if (force) forcedRefreshes++;
    const asked = epoch;
    const body = JSON.stringify({ grant_type: 'client_credential', appid: opts.appId, secret: opts.secret, force_refresh: force });
    let answer: WechatAnswer;
    try {
      const res = await doFetch(`${base}/cgi-bin/stable_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) {
        await res.arrayBuffer().catch(() => undefined);
        throw new TokenError(`WeChat token: HTTP ${res.status}`);
      }
      answer = (await res.json()) as WechatAnswer;
    } catch (err) {
      throw err instanceof TokenError ? err : new TokenError(`WeChat token: ${errorText(err)}`);
    }
    if (!answer.access_token) throw new TokenError(`WeChat token: errcode ${answer.errcode ?? '?'} ${answer.errmsg ?? ''}`.trim());
    const life = Number(answer.expires_in) || 7200;
    const usable = life > 2 * TOKEN_MARGIN_S ? life - TOKEN_MARGIN_S : life / 2;
    if (asked === epoch) cached = { token: answer.access_token, until: now().getTime() + usable * 1000 };
    return answer.access_token;
  };

  const token = (): Promise<Got> => {
    if (cached && now().getTime() < cached.until) return Promise.resolve({ value: cached.token, fresh: false });
    pending ??= fetchToken(false).finally(() => {
      pending = null;
    });
    return pending.then((value) => ({ value, fresh: true }));
  };

  /** A new token by force_refresh, unless another has replaced `refused` meanwhile; null: not now (the gap). */
  const forced = (refused: string): Promise<string | null> => {
    const t = now().getTime();
    if (cached && cached.token !== refused && t < cached.until) return Promise.resolve(cached.token);
    if (forcing) return forcing;
    if (forcedAt !== null && t - forcedAt < FORCE_REFRESH_GAP_MS) return Promise.resolve(null);
    forcedAt = t;
    epoch++;
    forcing = fetchToken(true).finally(() => {
      forcing = null;
    });
    return forcing;
  };

  /**
   * The token to send again with after WeChat refused `refused`, or null. A cached token may have
   * been replaced by a forced refresh elsewhere (another process, the console) or have expired
   * early: normal mode answers the current one. Only a token normal mode has just answered
   * being refused means the stable token itself is bad: then force a new one.
   */
  const replacement = async (refused: Got): Promise<string | null> => {
    if (!refused.fresh) {
      if (cached?.token === refused.value) cached = null;
      const again = await token();
      if (again.value !== refused.value) return again.value;
    }
    return forced(refused.value);
  };

  const post = async (accessToken: string, message: PushMessage, body: string): Promise<WechatAnswer> => {
    const res = await doFetch(`${base}/cgi-bin/message/subscribe/bizsend?access_token=${encodeURIComponent(accessToken)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [IDEMPOTENCY_HEADER]: message.idempotencyKey },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) {
      await res.arrayBuffer().catch(() => undefined);
      return { errcode: -res.status, errmsg: `HTTP ${res.status}` };
    }
    return (await res.json()) as WechatAnswer;
  };

  const send = async (message: PushMessage, openid: string | null): Promise<SendOutcome> => {
    if (!openid) return { status: 'skipped', reason: 'no WeChat openid', attempted: false };
    const tpl = byKind.get(message.kind) ?? fallback;
    if (!tpl) return { status: 'skipped', reason: `no WeChat template for ${message.kind}`, attempted: false };
    const body = JSON.stringify({
      touser: openid,
      template_id: tpl.id,
      page: `${publicUrl}/front${message.link.startsWith('/') ? '' : '/'}${message.link}`,
      data: {
        [tpl.keys.title]: { value: thingValue(message.title.zh) },
        [tpl.keys.body]: { value: thingValue(message.body.zh) },
        [tpl.keys.time]: { value: chinaMinute(message.createdAt) },
      },
    });
    try {
      const used = await token();
      let answer = await post(used.value, message, body);
      if (TOKEN_REJECTED.has(answer.errcode ?? 0)) {
        // One new token at most, one more try at most: refused again, the row is retried later.
        const next = await replacement(used);
        if (next) answer = await post(next, message, body);
      }
      const code = answer.errcode ?? 0;
      const what = `WeChat ${code}${answer.errmsg ? ` ${answer.errmsg}` : ''}`.slice(0, 300);
      if (code === 0) return { status: 'sent' };
      if (code === NOT_SUBSCRIBED) return { status: 'skipped', reason: `not subscribed (${what})`, attempted: true };
      const permanent = PERMANENT[code];
      if (permanent) return { status: 'failed', error: `${permanent} (${what})` };
      return { status: 'retry', error: what };
    } catch (err) {
      return { status: 'retry', error: err instanceof TokenError ? err.message : `WeChat: ${errorText(err)}` };
    }
  };

  return {
    channel: 'wec',
    send,
    get tokenRequests() {
      return tokenRequests;
    },
    get forcedRefreshes() {
      return forcedRefreshes;
    },
  };
}
