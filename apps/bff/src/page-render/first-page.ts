// Issue #36: a sign-in from the portal (`?sessionToken=` in the address) answered with the page
// itself. The BFF makes the token exchange the page's starter would make (index.html, apps/web/src/
// features/auth/early-exchange.ts), renders the page's markup with the tokens (page-renderer.ts)
// and writes into the page what the browser would otherwise ask for first: the exchange's answer
// and the answers of the calls the render made. The starter hands them to the app's own calls
// (same address and body), so the app signs in and shows the page as before, from these answers;
// the token is exchanged once, here, whatever happens next.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isChannel, MOBILE_UA, type Channel } from '@abo/contract/channels';
import type { PageAnswer, PageRenderer } from './page-renderer.ts';

/** The id of the JSON block the starter reads this by (apps/web/src/features/auth/early-exchange.ts, FIRST_PAGE_ID). */
export const FIRST_PAGE_ID = 'abo-first';
/** How long a page waits for its render before it goes out without (the exchange and the data included). */
export const RENDER_WAIT_MS = 1_500;

/** What the page carries for its starter: the exchange's answer and the render's calls with theirs. */
export interface FirstPageBlock {
  token: string;
  channel: Channel;
  exchange: PageAnswer;
  /** Each call the render made: its address (with the query string), the body sent, and the answer. */
  answers: { path: string; sent: string; status: number; body: string }[];
  /**
   * With the markup: the page's scripts (index.html's entry and its module preloads), which the
   * starter adds once the page has painted (withFirstPage).
   */
  scripts?: { entry: string; preload: string[] };
}

export interface FirstPage {
  block: FirstPageBlock;
  /** The language the page is (or would have been) rendered in: the document's too. */
  lang: 'zh-CN' | 'en-US';
  /** The page's markup for the root element; null when it was not rendered (why: `reason`). */
  markup: string | null;
  reason?: string;
}

/** The channel the starter resolves for a tab with nothing stored: `?channel=`, else by the device. */
export function entryChannel(url: URL, userAgent: string): Channel {
  const asked = url.searchParams.get('channel')?.toLowerCase();
  return isChannel(asked) ? asked : MOBILE_UA.test(userAgent) ? 'wec' : 'ebiz';
}

/** The page's language as i18n/index.ts detects it with nothing remembered: `?lang=`, else the browser's first. */
export function entryLanguage(url: URL, acceptLanguage: string | undefined): 'zh-CN' | 'en-US' {
  const asked = url.searchParams.get('lang') ?? acceptLanguage?.split(',')[0]?.trim() ?? '';
  return asked.toLowerCase().startsWith('en') ? 'en-US' : 'zh-CN';
}

/** The canary cookie's value as the browser holds it (the app reads it for its x-am-canary header). */
const canaryCookieOf = (cookie: string | undefined) => /(?:^|;\s*)canary=([^;]*)/.exec(cookie ?? '')?.[1] ?? '';
const canaryOf = (raw: string) => {
  try {
    return raw ? decodeURIComponent(raw) : '0';
  } catch {
    return '0';
  }
};

/**
 * The page for an entry with a session token, or null when the starter would not exchange it
 * (no token, the iinquiry channel, a browser's prefetch: the token is for one use).
 */
export async function firstPage(app: FastifyInstance, request: FastifyRequest, renderer: PageRenderer): Promise<FirstPage | null> {
  if (request.method !== 'GET' || /prefetch|prerender/i.test(String(request.headers['sec-purpose'] ?? request.headers['purpose'] ?? '')))
    return null;
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const token = url.searchParams.get('sessionToken');
  if (!token) return null;
  const userAgent = request.headers['user-agent'] ?? '';
  const channel = entryChannel(url, userAgent);
  if (channel === 'iinquiry') return null;
  const lang = entryLanguage(url, request.headers['accept-language']);
  const canaryCookie = canaryCookieOf(request.headers.cookie);
  const canary = canaryOf(canaryCookie);
  // As the browser would send it (docs/contract.md §7 headers), from the browser's address.
  const call = async (path: string, headers: Record<string, string>, body: string): Promise<PageAnswer> => {
    if (!path.startsWith('/bff/v1/')) return { status: 404, body: '' };
    const response = await app.inject({ method: 'POST', url: path, headers, payload: body, remoteAddress: request.ip });
    return { status: response.statusCode, body: response.body };
  };
  const exchange = await call(
    '/bff/v1/common/idaasToken',
    {
      'content-type': 'application/json',
      'idaas-accesstoken': '',
      'idaas-idtoken': '',
      'idaas-deviceid': userAgent,
      'x-am-canary': canary,
    },
    JSON.stringify({ sessionToken: token, channel }),
  );
  const block: FirstPageBlock = { token, channel, exchange, answers: [] };
  let tokens: { accessToken?: unknown; idToken?: unknown } | undefined;
  try {
    const envelope = JSON.parse(exchange.body) as { code?: unknown; data?: typeof tokens };
    tokens = envelope.code === 0 ? envelope.data : undefined;
  } catch {
    tokens = undefined;
  }
  if (typeof tokens?.accessToken !== 'string' || typeof tokens.idToken !== 'string')
    return { block, lang, markup: null, reason: 'exchange refused' };
  const outcome = await renderer.render(
    {
      url: url.href,
      userAgent,
      canaryCookie,
      lang,
      channel,
      accessToken: tokens.accessToken,
      idToken: tokens.idToken,
    },
    async (page) => {
      const answer = await call(page.path, page.headers, page.body);
      block.answers.push({ path: page.path, sent: page.body, ...answer });
      return answer;
    },
    RENDER_WAIT_MS,
  );
  return { block, lang, markup: outcome.html, reason: outcome.reason };
}

/**
 * The page's document with the first page in it: the block before the starter (a data block,
 * `<` escaped so nothing in it closes it), the markup in the root element, and the page's
 * stylesheets in the document itself rather than preloaded (`styleOf`: a stylesheet's text by its
 * address): the markup shows with the document, waiting for no stylesheet request. Each stays
 * as a disabled link as well, which the app's code loader counts as loaded (as index.html's own,
 * apps/web/vite.config.ts inlineEntryCss), so it is not fetched again.
 */
export function withFirstPage(html: string, page: FirstPage, styleOf: (href: string) => string | undefined): string {
  const withBlock = (out: string, block: FirstPageBlock) =>
    out.replace(
      '<script>',
      `<script type="application/json" id="${FIRST_PAGE_ID}">${JSON.stringify(block).replace(/</g, '\\u003c')}</script><script>`,
    );
  if (page.markup === null) return withBlock(html, page.block);
  // The scripts go into the block: the browser would otherwise fetch and run them before it first
  // paints the page (the starter adds them once it has).
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html)?.[1];
  const preload: string[] = [];
  let out = html;
  if (entry) {
    out = out
      .replace(/<script type="module" crossorigin src="[^"]+"><\/script>/, '')
      .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_link, href: string) => {
        preload.push(href);
        return '';
      });
  }
  out = withBlock(out, entry ? { ...page.block, scripts: { entry, preload } } : page.block);
  out = out
    .replace(/<link rel="preload" as="style" crossorigin href="([^"]+)">/g, (link, href: string) => {
      const style = styleOf(href);
      // A stylesheet cannot close the style element: its text has no "</".
      return style === undefined || style.includes('</')
        ? link.replace('rel="preload" as="style"', 'rel="stylesheet"')
        : `<style>${style}</style><link rel="stylesheet" crossorigin href="${href}" disabled>`;
    })
    .replace(/<html lang="[^"]*"/, `<html lang="${page.lang}"`);
  // The root element holds the placeholder and is the last element before the <noscript> (index.html).
  // The markup in an element of no box of its own, which goes when the app renders (React replaces
  // the root's children): `[data-first-page]` says the page is still the server's markup.
  const start = out.indexOf('<div id="root">');
  const end = out.lastIndexOf('</div>', out.indexOf('<noscript>'));
  if (start < 0 || end < start) return out;
  return `${out.slice(0, start)}<div id="root"><div data-first-page style="display:contents">${page.markup}</div>${out.slice(end)}`;
}
