// The stand-ins' page for the demo (GET /stand-in/): what WeChat and the app's push service would
// have received, one entry per message (its idempotency key), newest first, with the attempts the
// stand-in refused before it took it. Server-rendered and self-contained (inline CSS, no script)
// so it opens on a phone as on a desktop; every value comes from a request body and is escaped.
import { chinaIso } from '@abo/words';
import { escapeHtml as e } from '../../lib/html.ts';
import type { StandInReceipt, StandInService } from './stand-in-receipt.ts';

export type StandInPageLang = 'zh-CN' | 'en-US';

const TEXT = {
  'zh-CN': {
    title: '通知替身：已发送的消息',
    intro: '演示模式：微信订阅消息和 App 推送发往本服务器上的替身，不会发给真实用户。这里列出它们收到的内容，最新在前。',
    empty: '还没有发送任何消息。导入或月结产生通知后，投递程序会在几秒内发出，刷新即可看到。',
    count: (n: number, shown: number) => (shown < n ? `共 ${n} 条，显示最新 ${shown} 条` : `共 ${n} 条`),
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
    count: (n: number, shown: number) => (shown < n ? `${n} messages, the latest ${shown} shown` : `${n} message${n === 1 ? '' : 's'}`),
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
@media (max-width:480px){dl{grid-template-columns:1fr;gap:0}dd{margin-bottom:6px}.head time{margin-left:0;width:100%}}`;

export interface StandInPageOptions {
  lang: StandInPageLang;
  receipts: readonly StandInReceipt[];
  /** This page's path (the language switch and the refresh link keep it). */
  path: string;
  /** At most this many messages are listed (the newest). */
  limit?: number;
}

/** The page: the messages the stand-ins received, newest first, or a line saying none yet. */
export function renderStandInPage(o: StandInPageOptions): string {
  const t = TEXT[o.lang];
  const all = standInEntries(o.receipts);
  const entries = all.slice(0, o.limit ?? 100);
  const here = (lang: StandInPageLang) => `${o.path}?lang=${lang === 'en-US' ? 'en' : 'zh'}`;
  const answer = (service: StandInService, code: number) => (service === 'wechat' ? `errcode ${code}` : `HTTP ${code}`);
  const item = (entry: StandInEntry) => {
    const d = describe(entry);
    const delivered = entry.accepted > 0;
    const status = !delivered ? t.notDelivered : entry.accepted > 1 ? t.duplicates(entry.accepted) : t.delivered;
    const fields = d.fields.length
      ? `<table>${d.fields.map(([k, v]) => `<tr><th scope="row"><code>${e(k)}</code></th><td>${e(v)}</td></tr>`).join('')}</table>`
      : t.none;
    return `<li class="${delivered ? 'delivered' : 'refused'}">
<div class="head"><span class="channel">${e(t.channel[entry.service])}</span><span class="status">${e(status)}</span><time datetime="${e(entry.shown.at)}">${e(`${chinaTime(entry.shown.at)} ${t.zone}`)}</time></div>
${entry.refused > 0 ? `<p class="retries">${e(t.refused(entry.refused, answer(entry.service, entry.lastRefusal ?? 0)))}</p>` : ''}<dl>
<dt>${e(t.recipient[entry.service])}</dt><dd><code>${e(d.recipient || t.none)}</code></dd>
<dt>${e(t.template[entry.service])}</dt><dd><code>${e(d.template || t.none)}</code></dd>
<dt>${e(t.data)}</dt><dd>${fields}</dd>
<dt>${e(t.key)}</dt><dd><code>${e(entry.idempotencyKey ?? t.none)}</code></dd>
</dl>
</li>`;
  };
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
<p class="bar"><span class="count">${e(t.count(all.length, entries.length))}</span><a href="${e(here(o.lang))}">${e(t.refresh)}</a><a href="/stand-in/messages">${e(t.json)}</a><a href="${e(here(o.lang === 'en-US' ? 'zh-CN' : 'en-US'))}" lang="${o.lang === 'en-US' ? 'zh-CN' : 'en'}">${e(t.other)}</a></p>
${entries.length ? `<ol>\n${entries.map(item).join('\n')}\n</ol>` : `<p class="empty">${e(t.empty)}</p>`}
</main>
</body>
</html>`;
}
