// The stand-ins' page for the demo (GET /stand-in/): what WeChat and the app's push service would
// have received, one entry per message (its idempotency key), newest first, with the attempts the
// stand-in refused before it took it. Filtered by person (an ADA or a name: their ADA for the
// app's pushes, their openids for WeChat's) and by channel, a page of 100 at a time, the filter
// and the page in the address (?person=…&channel=wechat|push&page=2) so that it can be linked.
// Server-rendered and self-contained (inline CSS, no script) so it opens on a phone as on a
// desktop; every value comes from a request body or the address and is escaped.
import { chinaIso } from '@abo/words';
import { escapeHtml as e } from '../../lib/html.ts';
import type { StandInReceipt, StandInService } from './stand-in-receipt.ts';

export type StandInPageLang = 'zh-CN' | 'en-US';

const TEXT = {
  'zh-CN': {
    title: '通知替身：已发送的消息',
    intro: '演示模式：微信订阅消息和 App 推送发往本服务器上的替身，不会发给真实用户。这里列出它们收到的内容，最新在前。',
    empty: '还没有发送任何消息。导入或月结产生通知后，投递程序会在几秒内发出，刷新即可看到。',
    count: (n: number, from: number, to: number) => (to - from + 1 < n ? `共 ${n} 条，显示第 ${from}–${to} 条` : `共 ${n} 条`),
    person: '人员',
    personHint: 'ADA 或姓名',
    allChannels: '全部渠道',
    filter: '筛选',
    clear: '清除',
    matches: '匹配的人员：',
    noMatch: (q: string) => `没有与“${q}”匹配的经销商；按接收者原文筛选。`,
    nothingFor: '没有符合筛选条件的消息。',
    newer: '← 较新',
    older: '较早 →',
    refresh: '刷新',
    json: 'JSON',
    other: 'English',
    channel: { wechat: '微信订阅消息', push: 'App 推送' } satisfies Record<StandInService, string>,
    recipient: { wechat: '接收者（openid）', push: '接收者（ADA）' } satisfies Record<StandInService, string>,
    template: { wechat: '模板', push: '类型' } satisfies Record<StandInService, string>,
    data: '内容',
    key: '幂等键',
    zone: '北京时间',
    delivered: '已送达',
    notDelivered: '未送达',
    duplicates: (n: number) => `送达 ${n} 次（重复）`,
    refused: (n: number, answer: string) => `替身拒绝了 ${n} 次尝试（最后回答 ${answer}）`,
    none: '—',
  },
  'en-US': {
    title: 'Notification stand-ins: messages sent',
    intro:
      'Demo mode: WeChat subscribe messages and app pushes go to stand-ins on this server, never to real people. This lists what they received, newest first.',
    empty:
      'Nothing sent yet. Once an import or a month close produces notifications, the delivery worker sends them within seconds: refresh to see them.',
    count: (n: number, from: number, to: number) =>
      to - from + 1 < n ? `${n} messages, ${from}–${to} shown` : `${n} message${n === 1 ? '' : 's'}`,
    person: 'Person',
    personHint: 'ADA or name',
    allChannels: 'All channels',
    filter: 'Filter',
    clear: 'Clear',
    matches: 'Matching people:',
    noMatch: (q: string) => `No distributor matches “${q}”; filtered by the recipient as written.`,
    nothingFor: 'No message matches the filter.',
    newer: '← Newer',
    older: 'Older →',
    refresh: 'Refresh',
    json: 'JSON',
    other: '中文',
    channel: { wechat: 'WeChat subscribe message', push: 'App push' } satisfies Record<StandInService, string>,
    recipient: { wechat: 'Recipient (openid)', push: 'Recipient (ADA)' } satisfies Record<StandInService, string>,
    template: { wechat: 'Template', push: 'Kind' } satisfies Record<StandInService, string>,
    data: 'Data',
    key: 'Idempotency key',
    zone: 'China time',
    delivered: 'Delivered',
    notDelivered: 'Not delivered',
    duplicates: (n: number) => `delivered ${n} times (duplicates)`,
    refused: (n: number, answer: string) => `the stand-in refused ${n} attempt${n === 1 ? '' : 's'} (last answer ${answer})`,
    none: '—',
  },
} as const;

/** One message as the page shows it: the receipts of one service with one idempotency key. */
export interface StandInEntry {
  service: StandInService;
  idempotencyKey: string | null;
  /** The receipt shown: the last accepted one, else the last one. */
  shown: StandInReceipt;
  /** Its place among the receipts (they are kept in the order they arrived). */
  order: number;
  accepted: number;
  refused: number;
  /** The answer to the last refused attempt. */
  lastRefusal: number | null;
}

/** The receipts (in the order they arrived) as messages, the one whose shown receipt arrived last first. */
export function standInEntries(receipts: readonly StandInReceipt[]): StandInEntry[] {
  const byKey = new Map<string, StandInEntry>();
  const entries: StandInEntry[] = [];
  for (const [order, r] of receipts.entries()) {
    // A receipt without a key (a body the stand-in could not read) is a message of its own.
    const id = r.idempotencyKey === null ? null : `${r.service} ${r.idempotencyKey}`;
    let entry = id === null ? undefined : byKey.get(id);
    if (!entry) {
      entry = { service: r.service, idempotencyKey: r.idempotencyKey, shown: r, order, accepted: 0, refused: 0, lastRefusal: null };
      entries.push(entry);
      if (id !== null) byKey.set(id, entry);
    }
    if (r.accepted) {
      entry.accepted++;
      Object.assign(entry, { shown: r, order });
    } else {
      entry.refused++;
      entry.lastRefusal = r.answer;
      if (entry.accepted === 0) Object.assign(entry, { shown: r, order });
    }
  }
  return entries.sort((a, b) => b.order - a.order);
}

/** `lang` from ?lang= (zh, en, zh-CN, en-US), else Accept-Language's first language; Chinese unless English. */
export function standInPageLang(query: string | undefined, acceptLanguage: string | undefined): StandInPageLang {
  const raw = (query ?? acceptLanguage ?? '').trim().toLowerCase();
  return raw.startsWith('en') ? 'en-US' : 'zh-CN';
}

/** `YYYY-MM-DD HH:mm:ss`, China time. */
function chinaTime(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? iso : chinaIso(t).slice(0, 19).replace('T', ' ');
}

const str = (v: unknown): string => (typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v));
const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** What a message says: recipient, template or kind, and its fields as [name, value] pairs. */
function describe(entry: StandInEntry): { recipient: string; template: string; fields: Array<[string, string]> } {
  const m = entry.shown.message;
  // An unsigned post: its body was not kept (stand-in.ts).
  if (m === null) return { recipient: '', template: '', fields: [] };
  if (typeof m !== 'object') return { recipient: '', template: '', fields: [['body', str(m)]] };
  const body = obj(m);
  if (entry.service === 'wechat') {
    const fields: Array<[string, string]> = Object.entries(obj(body['data'])).map(([k, v]) => {
      const value = obj(v)['value'];
      return [k, value === undefined ? str(v) : str(value)];
    });
    if (body['page'] !== undefined) fields.push(['page', str(body['page'])]);
    return { recipient: str(body['touser']), template: str(body['template_id']), fields };
  }
  const fields: Array<[string, string]> = [];
  for (const name of ['title', 'body'] as const) {
    const text = obj(body[name]);
    if (text['zh'] !== undefined || text['en'] !== undefined) {
      if (text['zh'] !== undefined) fields.push([`${name} (zh)`, str(text['zh'])]);
      if (text['en'] !== undefined) fields.push([`${name} (en)`, str(text['en'])]);
    } else if (body[name] !== undefined) fields.push([name, str(body[name])]);
  }
  for (const name of ['link', 'month', 'createdAt'])
    if (body[name] !== undefined && body[name] !== null) fields.push([name, str(body[name])]);
  return { recipient: str(body['ada']), template: str(body['kind']), fields };
}

const CSS = `*{box-sizing:border-box}
body{margin:0;font:15px/1.5 -apple-system,BlinkMacSystemFont,"PingFang SC","Microsoft YaHei","Segoe UI",sans-serif;background:#f2f3f5;color:#1d2129}
main{max-width:960px;margin:0 auto;padding:16px 12px 32px}
h1{font-size:20px;margin:4px 0 8px}
.intro{color:#4e5969;margin:0 0 12px}
.bar{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;margin:0 0 16px;color:#4e5969}
.bar a{color:#165dff;text-decoration:none;padding:6px 0}
.bar .count{margin-right:auto}
ol{list-style:none;margin:0;padding:0;display:grid;gap:12px}
li{background:#fff;border-radius:10px;padding:12px 14px;border-left:4px solid #00b42a}
li.refused{border-left-color:#f53f3f}
.head{display:flex;flex-wrap:wrap;gap:4px 12px;align-items:baseline;margin-bottom:8px}
.channel{font-weight:600}
.status{font-size:13px;color:#00b42a}
li.refused .status{color:#f53f3f}
.head time{margin-left:auto;color:#86909c;font-size:13px;font-variant-numeric:tabular-nums}
.retries{margin:0 0 8px;font-size:13px;color:#d25f00}
dl{display:grid;grid-template-columns:minmax(7em,max-content) 1fr;gap:4px 12px;margin:0}
dt{color:#86909c;font-size:13px;padding-top:1px}
dd{margin:0;overflow-wrap:anywhere}
table{border-collapse:collapse;width:100%;font-size:14px}
th,td{text-align:left;vertical-align:top;padding:2px 8px 2px 0;overflow-wrap:anywhere}
th{color:#4e5969;font-weight:500;white-space:nowrap}
code{font:13px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.empty{background:#fff;border-radius:10px;padding:24px 16px;color:#4e5969;text-align:center}
.filter{display:flex;flex-wrap:wrap;gap:8px 12px;align-items:center;margin:0 0 12px}
.filter input,.filter select,.filter button{font:inherit;padding:6px 8px;border:1px solid #c9cdd4;border-radius:6px;background:#fff}
.filter input{width:12em}
.filter button{background:#165dff;border-color:#165dff;color:#fff}
.filter a,.matches a,.pages a{color:#165dff;text-decoration:none}
.matches{margin:0 0 12px;color:#4e5969}
.matches a{margin-right:12px}
.who{color:#4e5969;margin-left:8px}
.pages{display:flex;gap:16px;justify-content:center;margin:16px 0 0;color:#4e5969}
@media (max-width:480px){dl{grid-template-columns:1fr;gap:0}dd{margin-bottom:6px}.head time{margin-left:0;width:100%}}`;

/** A distributor the person filter found: the messages to them carry their ADA (the app) or one of their openids (WeChat). */
export interface StandInPerson {
  ada: string;
  name: string;
  openids: readonly string[];
}

/** What the page (and the JSON list) shows: the person as typed ('' for everyone), a channel or all, the page (from 1). */
export interface StandInFilter {
  person: string;
  channel: StandInService | null;
  page: number;
}

const one = (v: unknown): string => (typeof v === 'string' ? v : Array.isArray(v) && typeof v[0] === 'string' ? v[0] : '');

/** The filter in a query (`person`, `channel` wechat|push, or `service` as the JSON list names it, `page`); anything else: none. */
export function standInFilter(query: Record<string, unknown>): StandInFilter {
  const channel = one(query['channel'] ?? query['service']);
  const page = Number(one(query['page']));
  return {
    person: one(query['person']).trim().slice(0, 64),
    channel: channel === 'wechat' || channel === 'push' ? channel : null,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** Whom a receipt was for: WeChat's touser (an openid), the push's ADA; '' when unknown. */
export function recipientOf(r: StandInReceipt): string {
  const m = obj(r.message);
  return str(r.service === 'wechat' ? m['touser'] : m['ada']);
}

/**
 * The receipts the filter keeps, in the order they arrived: of its channel, and for its person
 * those to the people found (their ADA, their openids) or, found or not, to the recipient as typed.
 */
export function filterReceipts(
  receipts: readonly StandInReceipt[],
  filter: Pick<StandInFilter, 'person' | 'channel'>,
  people: readonly StandInPerson[],
): StandInReceipt[] {
  const to = new Set<string>();
  if (filter.person) {
    to.add(filter.person);
    for (const p of people) {
      to.add(p.ada);
      for (const o of p.openids) to.add(o);
    }
  }
  return receipts.filter((r) => (!filter.channel || r.service === filter.channel) && (!filter.person || to.has(recipientOf(r))));
}

export interface StandInPageOptions {
  lang: StandInPageLang;
  receipts: readonly StandInReceipt[];
  /** This page's path (the language switch and the refresh link keep it). */
  path: string;
  /** Messages a page lists (default 100). */
  limit?: number;
  /** Who, which channel, which page (default everything, page 1). */
  filter?: StandInFilter;
  /** The people the filter's person names (looked up by the caller). */
  people?: readonly StandInPerson[];
}

/** The page: the messages the stand-ins received, newest first, or a line saying none yet. */
export function renderStandInPage(o: StandInPageOptions): string {
  const t = TEXT[o.lang];
  const filter = o.filter ?? { person: '', channel: null, page: 1 };
  const people = o.people ?? [];
  const filtered = Boolean(filter.person || filter.channel);
  const all = standInEntries(filtered ? filterReceipts(o.receipts, filter, people) : o.receipts);
  const size = Math.max(1, o.limit ?? 100);
  const pages = Math.max(1, Math.ceil(all.length / size));
  const pageNo = Math.min(filter.page, pages);
  const entries = all.slice((pageNo - 1) * size, pageNo * size);
  const langCode = (lang: StandInPageLang) => (lang === 'en-US' ? 'en' : 'zh');
  /** This page's address with `change` applied: the language first, then the filter, page 1 left out. */
  const link = (change: Partial<StandInFilter> & { lang?: StandInPageLang } = {}) => {
    const f = { ...filter, page: pageNo, ...change };
    const q = new URLSearchParams({ lang: langCode(change.lang ?? o.lang) });
    if (f.person) q.set('person', f.person);
    if (f.channel) q.set('channel', f.channel);
    if (f.page > 1) q.set('page', String(f.page));
    return `${o.path}?${q.toString()}`;
  };
  const json = (() => {
    const q = new URLSearchParams();
    if (filter.person) q.set('person', filter.person);
    if (filter.channel) q.set('service', filter.channel);
    const s = q.toString();
    return `/stand-in/messages${s ? `?${s}` : ''}`;
  })();
  /** Who a recipient is, when the filter found them: "王丽华 · 10000001". */
  const known = new Map<string, string>();
  for (const p of people) {
    const label = p.name ? `${p.name} · ${p.ada}` : p.ada;
    known.set(p.ada, label);
    for (const openid of p.openids) known.set(openid, label);
  }
  const answer = (service: StandInService, code: number) => (service === 'wechat' ? `errcode ${code}` : `HTTP ${code}`);
  const item = (entry: StandInEntry) => {
    const d = describe(entry);
    const delivered = entry.accepted > 0;
    const status = !delivered ? t.notDelivered : entry.accepted > 1 ? t.duplicates(entry.accepted) : t.delivered;
    const fields = d.fields.length
      ? `<table>${d.fields.map(([k, v]) => `<tr><th scope="row"><code>${e(k)}</code></th><td>${e(v)}</td></tr>`).join('')}</table>`
      : t.none;
    const who = known.get(d.recipient);
    return `<li class="${delivered ? 'delivered' : 'refused'}">
<div class="head"><span class="channel">${e(t.channel[entry.service])}</span><span class="status">${e(status)}</span><time datetime="${e(entry.shown.at)}">${e(`${chinaTime(entry.shown.at)} ${t.zone}`)}</time></div>
${entry.refused > 0 ? `<p class="retries">${e(t.refused(entry.refused, answer(entry.service, entry.lastRefusal ?? 0)))}</p>` : ''}<dl>
<dt>${e(t.recipient[entry.service])}</dt><dd><code>${e(d.recipient || t.none)}</code>${who ? ` <span class="who">${e(who)}</span>` : ''}</dd>
<dt>${e(t.template[entry.service])}</dt><dd><code>${e(d.template || t.none)}</code></dd>
<dt>${e(t.data)}</dt><dd>${fields}</dd>
<dt>${e(t.key)}</dt><dd><code>${e(entry.idempotencyKey ?? t.none)}</code></dd>
</dl>
</li>`;
  };
  const option = (value: string, label: string) =>
    `<option value="${e(value)}"${(filter.channel ?? '') === value ? ' selected' : ''}>${e(label)}</option>`;
  const form = `<form class="filter" method="get" action="${e(o.path)}">
<input type="hidden" name="lang" value="${langCode(o.lang)}">
<label>${e(t.person)} <input name="person" value="${e(filter.person)}" placeholder="${e(t.personHint)}" maxlength="64"></label>
<label><select name="channel">${option('', t.allChannels)}${option('wechat', t.channel.wechat)}${option('push', t.channel.push)}</select></label>
<button type="submit">${e(t.filter)}</button>${filtered ? `<a href="${e(link({ person: '', channel: null, page: 1 }))}">${e(t.clear)}</a>` : ''}
</form>`;
  const matches = !filter.person
    ? ''
    : people.length === 0
      ? `<p class="matches">${e(t.noMatch(filter.person))}</p>`
      : people.length > 1 || people[0]!.ada !== filter.person
        ? `<p class="matches">${e(t.matches)} ${people
            .map((p) => `<a href="${e(link({ person: p.ada, page: 1 }))}">${e(p.name ? `${p.name} · ${p.ada}` : p.ada)}</a>`)
            .join(' ')}</p>`
        : '';
  const from = entries.length ? (pageNo - 1) * size + 1 : 0;
  const paging =
    pages > 1
      ? `<p class="pages">${pageNo > 1 ? `<a href="${e(link({ page: pageNo - 1 }))}" rel="prev">${e(t.newer)}</a>` : ''}<span>${pageNo} / ${pages}</span>${pageNo < pages ? `<a href="${e(link({ page: pageNo + 1 }))}" rel="next">${e(t.older)}</a>` : ''}</p>`
      : '';
  const empty = filtered && o.receipts.length > 0 ? t.nothingFor : t.empty;
  return `<!doctype html>
<html lang="${o.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(t.title)}</title>
<link rel="icon" href="data:,">
<style>${CSS}</style>
</head>
<body>
<main>
<h1>${e(t.title)}</h1>
<p class="intro">${e(t.intro)}</p>
${form}
${matches}<p class="bar"><span class="count">${e(t.count(all.length, from, from + entries.length - 1))}</span><a href="${e(link())}">${e(t.refresh)}</a><a href="${e(json)}">${e(t.json)}</a><a href="${e(link({ lang: o.lang === 'en-US' ? 'zh-CN' : 'en-US' }))}" lang="${o.lang === 'en-US' ? 'zh-CN' : 'en'}">${e(t.other)}</a></p>
${entries.length ? `<ol>\n${entries.map(item).join('\n')}\n</ol>` : `<p class="empty">${e(empty)}</p>`}
${paging}</main>
</body>
</html>`;
}
