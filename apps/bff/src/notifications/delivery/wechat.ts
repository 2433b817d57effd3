// WeChat (wec): the official account's subscribe messages (订阅通知, "sendNewSubscribeMsg"):
//   GET  {base}/cgi-bin/token?grant_type=client_credential&appid=…&secret=…  → {access_token, expires_in}
//   POST {base}/cgi-bin/message/subscribe/bizsend?access_token=…
//        {touser, template_id, page, data: {thing1: {value}, thing2: {value}, time3: {value}}} → {errcode, errmsg}
// `page` is the web page the card opens (an official account's messages open web pages;
// `miniprogram` would open a mini program instead). `thing` values hold at most 20 characters,
// `time` values are 24-hour times with an optional date. The answer carries no message id, and
// WeChat does not deduplicate: the idempotency key goes along in a header for a stand-in or a
// relay that does, and the outbox's lease keeps two workers from sending one row at once.
import type { ChannelAdapter, Fetch, PushMessage, SendOutcome } from './types.ts';
import { HTTP_TIMEOUT_MS, errorText } from './types.ts';
import { httpFetch } from './http-client.ts';

/** Template id per notification kind, and the one for kinds not listed. */
export interface WechatTemplates {
  byKind: Partial<Record<string, string>>;
  fallback: string | null;
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
  /** Token requests made so far (tests, the bench). */
  readonly tokenRequests: number;
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
/** A token is used until this long before WeChat says it expires. */
const TOKEN_MARGIN_S = 300;

const CHINA_OFFSET_MS = 8 * 3_600_000;

/** A `thing` value: one line, at most `max` characters (an ellipsis ends a shortened one). */
export function thingValue(text: string, max = 20): string {
  const chars = Array.from(text.replace(/[\s\p{Cc}]+/gu, ' ').trim());
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

/** `YYYY-MM-DD HH:mm`, China time, of an ISO instant. */
export function chinaMinute(iso: string): string {
  const t = Date.parse(iso);
  const d = new Date((Number.isNaN(t) ? Date.now() : t) + CHINA_OFFSET_MS).toISOString();
  return `${d.slice(0, 10)} ${d.slice(11, 16)}`;
}

interface WechatAnswer {
  errcode?: number;
  errmsg?: string;
  access_token?: string;
  expires_in?: number;
}

class TokenError extends Error {}

export function createWechatAdapter(opts: WechatAdapterOptions): WechatAdapter {
  const doFetch = opts.fetch ?? httpFetch;
  const now = opts.now ?? (() => new Date());
  const timeoutMs = opts.timeoutMs ?? HTTP_TIMEOUT_MS;
  const base = opts.apiBase.replace(/\/+$/, '');
  const publicUrl = opts.publicUrl.replace(/\/+$/, '');
  let cached: { token: string; until: number } | null = null;
  /** The token request under way: concurrent sends share it. */
  let pending: Promise<string> | null = null;
  let tokenRequests = 0;

  const fetchToken = async (): Promise<string> => {
    tokenRequests++;
    const q = new URLSearchParams({ grant_type: 'client_credential', appid: opts.appId, secret: opts.secret });
    let answer: WechatAnswer;
    try {
      const res = await doFetch(`${base}/cgi-bin/token?${q}`, { signal: AbortSignal.timeout(timeoutMs) });
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
    cached = { token: answer.access_token, until: now().getTime() + usable * 1000 };
    return answer.access_token;
  };

  const token = (): Promise<string> => {
    if (cached && now().getTime() < cached.until) return Promise.resolve(cached.token);
    pending ??= fetchToken().finally(() => {
      pending = null;
    });
    return pending;
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
    const templateId = opts.templates.byKind[message.kind] ?? opts.templates.fallback;
    if (!templateId) return { status: 'skipped', reason: `no WeChat template for ${message.kind}`, attempted: false };
    const body = JSON.stringify({
      touser: openid,
      template_id: templateId,
      page: `${publicUrl}/front${message.link.startsWith('/') ? '' : '/'}${message.link}`,
      data: {
        thing1: { value: thingValue(message.title.zh) },
        thing2: { value: thingValue(message.body.zh) },
        time3: { value: chinaMinute(message.createdAt) },
      },
    });
    try {
      let used = await token();
      let answer = await post(used, message, body);
      if (TOKEN_REJECTED.has(answer.errcode ?? 0)) {
        // Another process may have taken a new token, or WeChat dropped ours: one fresh token, one more try.
        if (cached?.token === used) cached = null;
        used = await token();
        answer = await post(used, message, body);
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
  };
}
