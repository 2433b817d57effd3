/**
 * Between the BFF and the web app's server render of a first page (issue #36): what the BFF asks
 * apps/web/src/ssr/render-page.tsx to render, and what it answers (apps/bff/src/page-render/).
 */
export interface RenderRequest {
  /** The page's whole address, as the browser asked for it. */
  url: string;
  lang: 'zh-CN' | 'en-US';
  /** The channel the page's starter resolves (docs/contract.md §1). */
  channel: string;
  /** The tokens the session token was exchanged for. */
  accessToken: string;
  idToken: string;
}

/** The markup of the page's root element, or why the page goes out without it. */
export type RenderResult = { html: string; reason?: undefined } | { html: null; reason: string };
