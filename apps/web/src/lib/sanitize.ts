import DOMPurify, { type Config } from 'dompurify';

/**
 * HTML shown to users (description pages from getConfig, prompts) is filtered
 * to exactly the allowlist of docs/contract.md §5. `SafeHtml` is the only component that
 * renders the result; nothing else may set innerHTML.
 */
export const ALLOWED_TAGS = ['a', 'div', 'span', 'p', 'br', 'li', 'ol', 'ul', 'img'] as const;
export const ALLOWED_ATTRIBUTES = ['href', 'style', 'class', 'src'] as const;

/**
 * URLs allowed in href and src: http(s), mailto, tel and relative addresses.
 * DOMPurify strips whitespace and control characters before testing, so
 * `java\tscript:` and friends are caught; entity-encoded schemes are decoded
 * by the HTML parser before the test. `data:` stays allowed only for `<img
 * src>` (DOMPurify's data-URI rule: an image cannot run script), never href.
 */
const SAFE_URL = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

const CONFIG: Config = {
  ALLOWED_TAGS: [...ALLOWED_TAGS],
  ALLOWED_ATTR: [...ALLOWED_ATTRIBUTES],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  ALLOWED_URI_REGEXP: SAFE_URL,
  // Text of dropped wrappers (<b>, <h1>, <table>…) stays readable; the
  // content of script, style, iframe and the like is dropped by DOMPurify.
  KEEP_CONTENT: true,
};

/** url(...) targets allowed in inline styles: the href rule plus raster data images. */
const SAFE_CSS_URL = /^(?:(?:https?):|\/|\.|[^:]*$|data:image\/(?:png|gif|jpeg|webp);)/i;
const CSS_URL = /url\(\s*(?:"([^"]*)"|'([^']*)'|([^)]*))\s*\)/gi;

/**
 * Placement: the declarations that take a box out of the flow or move it over something
 * else. Description pages and prompts are text and pictures and need none of them, and any
 * of them lets the HTML lay a box over the app (an `inset: 0; z-index: 99999` overlay, a
 * fake sign-in form, a "close" button that is really a link): `position` (every value),
 * the offsets (`top`/`right`/`bottom`/`left`, `inset*`), `z-index`, transforms (`transform*`
 * and the `translate`/`rotate`/`scale` properties) and motion paths (`offset*`). Margins
 * stay, but only as plain non-negative lengths or `auto` (SAFE_MARGIN): a negative one
 * pulls a box over its neighbours, and `calc()`, `var()` or `attr()` could be one (a value
 * still to be substituted reads as ''). Whatever still paints outside its box (a wide
 * shadow, an outline) is clipped by SafeHtml's wrapper.
 */
const PLACEMENT = /^(?:position|top|right|bottom|left|inset(?:-.*)?|z-index|transform(?:-.*)?|translate|rotate|scale|offset(?:-.*)?)$/;
const MARGIN_VALUE = String.raw`(?:auto|(?:\d+(?:\.\d*)?|\.\d+)(?:px|r?em|%|vw|vh|vmin|vmax|pt|ch|ex)?)`;
const SAFE_MARGIN = new RegExp(String.raw`^${MARGIN_VALUE}(?:\s+${MARGIN_VALUE})*$`);

/**
 * `style` is on the spec's allowlist, and DOMPurify does not look inside it.
 * Modern browsers run no script from CSS, but old engines did (IE
 * `expression()`, `behavior`, Firefox `-moz-binding`), `url()` can reach any
 * address, and placement lets content cover the app (see PLACEMENT). Those
 * declarations are removed; the rest is kept as the browser parsed it, so
 * comment or escape tricks are already resolved.
 */
export function isUnsafeDeclaration(property: string, value: string): boolean {
  const prop = property.toLowerCase();
  const val = value.toLowerCase();
  if (prop === 'behavior' || prop === '-moz-binding' || prop.startsWith('-ms-behavior')) return true;
  if (val.includes('expression(') || val.includes('javascript:') || val.includes('vbscript:')) return true;
  if (PLACEMENT.test(prop.replace(/^-(?:webkit|moz|ms|o)-/, ''))) return true;
  if (prop.startsWith('margin') && !SAFE_MARGIN.test(val.trim())) return true;
  for (const match of val.matchAll(CSS_URL)) {
    const target = (match[1] ?? match[2] ?? match[3] ?? '').trim();
    if (target.includes('\\') || !SAFE_CSS_URL.test(target)) return true;
  }
  return false;
}

function sanitizeStyle(element: Element): void {
  if (!element.hasAttribute('style')) return;
  const style = (element as HTMLElement).style as CSSStyleDeclaration | undefined;
  if (!style) {
    element.removeAttribute('style');
    return;
  }
  for (const property of Array.from(style)) {
    if (isUnsafeDeclaration(property, style.getPropertyValue(property))) style.removeProperty(property);
  }
  // A raw value the parser could not read at all (old-IE syntax) is dropped whole.
  const raw = element.getAttribute('style') ?? '';
  if (style.length === 0 || /expression\s*\(|javascript:|vbscript:|behavior\s*:|-moz-binding/i.test(raw)) {
    element.removeAttribute('style');
  }
}

// One private instance: hooks added here never leak into other DOMPurify users.
const purifier = DOMPurify();
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeType !== 1) return;
  const element = node as Element;
  sanitizeStyle(element);
  // DOMPurify lets data: URIs through on image tags for any URI attribute;
  // only <a> has a use for href, so it goes everywhere else.
  if (element.tagName !== 'A') element.removeAttribute('href');
});

/**
 * Sanitized HTML string safe to assign to innerHTML. Without a DOM (which
 * DOMPurify would answer by returning the input untouched) it fails closed
 * and returns an empty string.
 */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  if (!purifier.isSupported) return '';
  return purifier.sanitize(html, CONFIG);
}
