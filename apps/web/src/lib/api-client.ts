import type { Channel, EndpointBody, EndpointBodyOptional, EndpointData, Envelope, EnvelopePath } from '@abo/contract';
import { Code, SILENT_CODES } from '@abo/contract/codes';
import type ToastComponent from 'antd-mobile/es/components/toast';
import { createElement } from 'react';
import { bffBaseUrl } from '../config/env.ts';
import type { RequestTexts } from './request-texts.ts';
import { getSession } from './storage.ts';

/** Request timeout of docs/contract.md §9. */
export const REQUEST_TIMEOUT_MS = 60_000;
/** Debounce of the 9900401 redirect (docs/contract.md §4, §9). */
export const AUTH_REDIRECT_DEBOUNCE_MS = 200;

/** A failed call: the envelope's code and message, for error states and retries. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly kind: 'business' | 'auth' | 'transport' | 'http' = 'business',
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  /** Show the shared loading toast while the call runs (default true, except for a page's data: see asPageData). */
  loading?: boolean;
  /** Query parameters (guideNovices takes channel this way). */
  query?: Record<string, string>;
  signal?: AbortSignal;
  /** The answer is a file (an attachment), or the envelope when the BFF refuses: a file resolves as its response. */
  file?: boolean;
}

// --- A page's own data: shown in place, not by toasts ------------------------
// A page's query shows its skeleton while it loads and its error state (with retry) when it
// fails, so the call itself shows neither the loading toast nor a failure toast: one message
// per failure, and no toast over a skeleton. The query client (lib/query-client.ts) runs every
// query function through asPageData; the calls it starts before its first await are the page's.
let pageDataDepth = 0;
/** Runs `fn` with the calls it starts synchronously marked as a page's data (see above). */
export function asPageData<T>(fn: () => T): T {
  pageDataDepth += 1;
  try {
    return fn();
  } finally {
    pageDataDepth -= 1;
  }
}

type Navigate = (to: string) => void;
let navigateTo: Navigate = (to) => window.location.assign(`/front${to}`);
/** The app shell hands in the router's navigate so the 9900401 redirect is a client navigation. */
export function setApiNavigator(navigate: Navigate): void {
  navigateTo = navigate;
}

function currentChannel(): Channel {
  return (getSession('channel') ?? 'ebiz') as Channel;
}

function canaryCookie(): string {
  const match = document.cookie.match(/(?:^|;\s*)canary=([^;]*)/);
  return match?.[1] ? decodeURIComponent(match[1]) : '0';
}

/** The distributor a request reads for (docs/contract.md §2 queryAda): the address's, else the session's. */
export function queriedAda(): string | null {
  return new URLSearchParams(window.location.search).get('queryAda') ?? getSession('queryAda');
}

/** Headers of docs/contract.md §7, per channel. */
export function requestHeaders(channel: Channel): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const queryAda = queriedAda();
  if (channel === 'iinquiry') {
    headers['jwks'] = getSession('oktaIdTokenKey') ?? '';
    headers['channel'] = channel;
    headers['ada-token'] = getSession('adaToken') ?? '';
  } else {
    headers['idaas-accesstoken'] = getSession('accessToken') ?? '';
    headers['idaas-idtoken'] = getSession('idToken') ?? '';
    headers['idaas-deviceid'] = navigator.userAgent;
    headers['x-am-canary'] = canaryCookie();
  }
  if (queryAda) headers['queryAda'] = queryAda;
  return headers;
}

/** Body additions of docs/contract.md §7: channel always, loginada off iinquiry. */
export function requestBody(channel: Channel, body: object | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(body ?? {}), channel };
  if (channel !== 'iinquiry') out['loginada'] = getSession('loginAda') ?? undefined;
  return out;
}

// --- Texts ------------------------------------------------------------------
// i18next is not in the shell: the sign-in guard's token exchange (a call of
// this module) runs before the app frame, which brings the translations, has
// loaded. Texts are looked up once a call needs one.
// The copy of a failed call (lib/request-texts.ts) comes with them.
let translator: Promise<RequestTexts> | null = null;
function translate(): Promise<RequestTexts> {
  translator ??= import('./request-texts.ts').then(({ requestTexts }) => requestTexts());
  return translator;
}

// --- The shared loading toast (antd-mobile has one Toast instance) ---------
// Loaded on first use so the toast and its animation library stay out of the shell.
type ToastApi = typeof ToastComponent;
let toastModule: Promise<ToastApi> | null = null;
const withToast = (fn: (toast: ToastApi, t: RequestTexts) => void) => {
  toastModule ??= Promise.all([import('antd-mobile/es/components/toast'), import('./antd-setup.ts')]).then(([m]) => m.default);
  // A toast that cannot load (its chunk failed, the page is going away) is a message not shown:
  // loading it is tried again next time, and nothing is left unhandled.
  void Promise.all([toastModule, translate()]).then(
    ([toast, t]) => fn(toast, t),
    () => (toastModule = null),
  );
};
let openLoading = 0;
let toastOwner: 'loading' | 'message' | null = null;
// Whether the loading toast is on screen: when its module loaded only after the calls ended, it
// never showed, and clearing then would close a page's own message shown meanwhile ("Downloaded …").
let loadingShown = false;

function beginLoading(): void {
  openLoading += 1;
  if (openLoading === 1 && toastOwner !== 'message') {
    toastOwner = 'loading';
    withToast((toast, t) => {
      // The request may have finished, or a message replaced the toast, while it loaded.
      if (openLoading > 0 && toastOwner === 'loading') {
        // A CSS-animated spinner (styles/global.css): antd-mobile's 'loading' icon animates with
        // JavaScript on every frame for as long as the request runs.
        loadingShown = true;
        toast.show({
          icon: createElement('span', { className: 'request-spinner' }),
          content: t('request.loading'),
          duration: 0,
          maskClickable: true,
        });
      }
    });
  }
}

function endLoading(): void {
  openLoading = Math.max(0, openLoading - 1);
  // Never close a message toast that replaced the loading one.
  if (openLoading === 0 && toastOwner === 'loading') {
    toastOwner = null;
    withToast((toast) => {
      if (toastOwner === null && loadingShown) {
        loadingShown = false;
        toast.clear();
      }
    });
  }
}

function showFailure(content: string, icon: 'fail' | undefined = 'fail'): void {
  toastOwner = 'message';
  withToast((toast) => {
    loadingShown = false;
    toast.show({ content, icon, duration: 2500, afterClose: () => (toastOwner = toastOwner === 'message' ? null : toastOwner) });
  });
}

// --- 9900401: to /Authentication, debounced, once ----------------------------
let authTimer: ReturnType<typeof setTimeout> | undefined;
function redirectToAuthentication(): void {
  clearTimeout(authTimer);
  authTimer = setTimeout(() => {
    const path = window.location.pathname.replace(/^\/front/i, '') || '/';
    // A late answer of the page just left: the user is signing in already.
    if (/^\/(authentication|login)$/i.test(path)) return;
    const from = encodeURIComponent(path + window.location.search);
    navigateTo(`/Authentication?from=${from}`);
  }, AUTH_REDIRECT_DEBOUNCE_MS);
}

/** The arguments after the path of a call to `P`: its body (optional where the table's is) and options. */
type BodyArgs<P extends EnvelopePath> =
  EndpointBodyOptional<P> extends true
    ? [body?: EndpointBody<P>, options?: RequestOptions]
    : [body: EndpointBody<P>, options?: RequestOptions];

/**
 * POST a JSON body to the BFF (docs/contract.md §7) and unwrap the envelope (docs/contract.md §8).
 * Resolves with `data` on code 0; otherwise shows what the catalogue says and
 * rejects with an ApiError so pages can show their error state.
 *
 * A /bff/v1 call is typed by its path from the contract's endpoint table
 * (packages/contract/src/endpoints.ts): only declared paths, their bodies and
 * their answers. The table is imported as types only, so no zod reaches the bundle.
 */
export function post<P extends EnvelopePath>(path: P, ...args: BodyArgs<P>): Promise<EndpointData<P>>;
/** The IdP's JSON calls (outside /bff/v1, so not in the table) name their answer's type. */
export function post<T>(path: `/idp/${string}`, body?: object, options?: RequestOptions): Promise<T>;
/**
 * The operators' two calls outside the table (packages/contract/src/operator.ts: the upload is a
 * multipart form, the audit export answers a file) name their answer's type. A FormData body is
 * sent as it is (the browser writes its content type); with `file`, a file answer resolves as its Response.
 */
export function post<T>(
  path: '/bff/v1/operator/imports/upload' | '/bff/v1/operator/auditExport',
  body?: object,
  options?: RequestOptions,
): Promise<T>;
export async function post(path: string, body?: object, options: RequestOptions = {}): Promise<unknown> {
  // Read before the first await: only then is a page's query function still on the stack.
  const pageData = pageDataDepth > 0;
  const showMessage = pageData ? () => undefined : showFailure;
  const channel = currentChannel();
  const url = new URL(`${bffBaseUrl(channel)}${path}`, window.location.origin);
  if (channel === 'iinquiry') {
    // Staff tokens live 30 minutes: renewed first when due (lib/staff-renewal.ts). A chunk that
    // cannot load renews nothing; the call goes ahead.
    await import('./staff-renewal.ts').then((m) => m.renewIfDue()).catch(() => undefined);
  }
  for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), REQUEST_TIMEOUT_MS);
  options.signal?.addEventListener('abort', () => controller.abort(options.signal?.reason));
  const loading = options.loading ?? !pageData;
  if (loading) beginLoading();
  try {
    let response: Response;
    try {
      const form = body instanceof FormData;
      const headers = requestHeaders(channel);
      if (form) delete headers['content-type'];
      const init: RequestInit = {
        method: 'POST',
        headers,
        body: form ? body : JSON.stringify(requestBody(channel, body)),
        signal: controller.signal,
        credentials: 'same-origin',
      };
      // index.html may have sent this very request already (the sign-in's token exchange, the page's
      // first data: features/auth/early-exchange.ts): its answer, read as if this call had sent it.
      response = await (window.__aboEarly?.(url, init) ?? fetch(url, init));
    } catch (err) {
      if (options.signal?.aborted) throw err;
      const message = (await translate())('request.networkError');
      showMessage(message);
      throw new ApiError(-1, message, 'transport');
    }
    if (response.status === 401) {
      const message = (await translate())('request.queryExpired');
      showMessage(message);
      throw new ApiError(401, message, 'auth');
    }
    // A file comes as an attachment (a JSON file too); a refusal is the envelope.
    if (options.file && response.ok && response.headers.has('content-disposition')) return response;
    let envelope: Envelope<unknown>;
    try {
      envelope = (await response.json()) as Envelope<unknown>;
    } catch {
      const message = (await translate())(response.status >= 500 ? 'request.serverError' : 'request.networkError');
      showMessage(message);
      throw new ApiError(response.status, message, 'http');
    }
    if (envelope.code === Code.OK) return envelope.data;
    const t = await translate();
    const message = t.failure(envelope.code, envelope.message ?? '');
    if (envelope.code === Code.RETRY) {
      showMessage(message);
    } else if (envelope.code === Code.UNAUTHORIZED) {
      redirectToAuthentication();
      throw new ApiError(envelope.code, message, 'auth');
    } else if (channel === 'iinquiry' && envelope.code === Code.IINQUIRY_EXPIRED) {
      showMessage(t('request.queryExpired'));
      throw new ApiError(envelope.code, t('request.queryExpired'), 'auth');
    } else if (!SILENT_CODES.has(envelope.code) && !envelope.success) {
      showMessage(message);
    }
    throw new ApiError(envelope.code, message);
  } finally {
    clearTimeout(timeout);
    if (loading) endLoading();
  }
}
