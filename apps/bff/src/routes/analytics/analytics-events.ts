import { gunzipSync } from 'node:zlib';
import { z } from 'zod';

/**
 * What the analytics endpoint keeps of the Sensors Data web SDK's payload, and for how long.
 *
 * The endpoint needs no sign-in (the SDK runs before and without one), so everything it stores
 * is bounded here: what apps/web sends (apps/web/src/lib/analytics.ts) is kept, anything else
 * is dropped, and no value can carry a credential from the address bar (lib/redact-url.ts).
 */

/** Largest request body (form or beacon) and largest decoded (gunzipped) payload. */
export const MAX_BODY_BYTES = 64 * 1024;
export const MAX_DECODED_BYTES = 64 * 1024;
/** The SDK sends one event per beacon; a batch (ajax `data_list`) holds a few. */
export const MAX_EVENTS_PER_REQUEST = 10;
/** Stored properties of one event, as UTF-8 JSON. */
export const MAX_PROPERTIES_BYTES = 2 * 1024;

/**
 * Event names kept: the `$pageview` the app sends once per route (trackPageView), and the SDK's
 * `profile_set_once` (first-visit attribution, sent once per browser). The app sends no
 * custom `track(...)` events and turns the SDK's auto-tracked clicks and stays off
 * (`heatmap: false`); a new event must be added here to be stored.
 */
export const KNOWN_EVENTS: ReadonlySet<string> = new Set(['$pageview', 'profile_set_once']);

/**
 * Query parameters kept in stored addresses: the app's own, non-identifying ones and the
 * campaign tags. Everything else goes, credentials first (adaToken, sessionToken, code…), and
 * also `queryAda` and `ref`, which name another distributor than the one who browses (the
 * browsing one is in the `ada` super property; who looked at whom is in the audit log).
 */
export const KEPT_QUERY_PARAMS: ReadonlySet<string> = new Set([
  'channel',
  'lang',
  'year',
  'month',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
]);

/** The SDK's anonymous id (hex groups and dashes) or a sign-in id (an ADA). */
const DISTINCT_ID = /^[A-Za-z0-9_-]{1,96}$/;

/** A string cut to `max` characters without splitting a surrogate pair. */
const cut = (s: string, max: number) => (s.length <= max ? s : Array.from(s).slice(0, max).join(''));

/** An address with only KEPT_QUERY_PARAMS and without its fragment; text that is no address stays as it is. */
export function analyticsUrl(value: string): string {
  const noFragment = value.split('#')[0] ?? '';
  const q = noFragment.indexOf('?');
  if (q === -1) return noFragment;
  const kept = new URLSearchParams();
  for (const [name, v] of new URLSearchParams(noFragment.slice(q + 1))) {
    if (KEPT_QUERY_PARAMS.has(name.toLowerCase())) kept.append(name, v);
  }
  const query = kept.toString();
  return noFragment.slice(0, q) + (query ? `?${query}` : '');
}

const kinds = {
  url: z.string().transform((s) => cut(analyticsUrl(s), 512)),
  path: z.string().transform((s) => cut(s.split(/[?#]/)[0] ?? '', 256)),
  text: z.string().transform((s) => cut(s, 128)),
  code: z.string().regex(/^[\w.:-]{1,64}$/),
  number: z.number().min(-1e6).max(1e6),
  boolean: z.boolean(),
};
type Kind = keyof typeof kinds;

/**
 * Property keys kept, most useful first (when an event's properties would exceed
 * MAX_PROPERTIES_BYTES the later ones are left out): the page, the app's super properties
 * (channel, visitor grade, app version, ada: use-analytics.ts), then the SDK's preset ones.
 */
export const PROPERTY_KINDS: Readonly<Record<string, Kind>> = {
  $url_path: 'path',
  $title: 'text',
  channel: 'code',
  visitor_grade: 'code',
  app_version: 'code',
  ada: 'code',
  $url: 'url',
  $referrer: 'url',
  $referrer_host: 'text',
  $is_first_day: 'boolean',
  $is_first_time: 'boolean',
  $utm_source: 'text',
  $utm_medium: 'text',
  $utm_campaign: 'text',
  $utm_content: 'text',
  $utm_term: 'text',
  $screen_width: 'number',
  $screen_height: 'number',
  $viewport_width: 'number',
  $viewport_height: 'number',
  $timezone_offset: 'number',
  $lib: 'code',
  $lib_version: 'code',
  $latest_utm_source: 'text',
  $latest_utm_medium: 'text',
  $latest_utm_campaign: 'text',
  $latest_utm_content: 'text',
  $latest_utm_term: 'text',
  $latest_traffic_source_type: 'text',
  $latest_search_keyword: 'text',
  $latest_referrer: 'url',
  $latest_referrer_host: 'text',
  $latest_landing_page: 'url',
  // profile_set_once: where the browser first came from.
  $first_visit_time: 'text',
  $first_referrer: 'url',
  $first_referrer_host: 'text',
  $first_browser_language: 'code',
  $first_browser_charset: 'code',
  $first_traffic_source_type: 'text',
  $first_search_keyword: 'text',
};

export interface AnalyticsRow {
  at: string;
  event: string;
  distinct_id: string;
  properties: string;
}

/** Decodes the SDK's payload: base64 JSON, gzipped when `gzip=1`; at most MAX_DECODED_BYTES. */
export function decodeSensorsPayload(encoded: string, gzip: boolean): unknown[] {
  const bytes = Buffer.from(decodeURIComponent(encoded), 'base64');
  if (!gzip && bytes.length > MAX_DECODED_BYTES) throw new Error('payload too large');
  // maxOutputLength makes gunzip stop (throw) at the cap: a small bomb cannot inflate.
  const json = (gzip ? gunzipSync(bytes, { maxOutputLength: MAX_DECODED_BYTES }) : bytes).toString('utf8');
  const parsed: unknown = JSON.parse(json);
  return (Array.isArray(parsed) ? parsed : [parsed]).slice(0, MAX_EVENTS_PER_REQUEST);
}

/** The allowlisted properties of one event, within MAX_PROPERTIES_BYTES. */
export function keptProperties(raw: unknown): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return out;
  const source = raw as Record<string, unknown>;
  let bytes = 2; // "{}"
  for (const [key, kind] of Object.entries(PROPERTY_KINDS)) {
    if (!Object.hasOwn(source, key)) continue;
    const parsed = kinds[kind].safeParse(source[key]);
    if (!parsed.success || parsed.data === '') continue;
    const size = Buffer.byteLength(`${JSON.stringify(key)}:${JSON.stringify(parsed.data)},`);
    if (bytes + size > MAX_PROPERTIES_BYTES) continue;
    bytes += size;
    out[key] = parsed.data;
  }
  return out;
}

/**
 * The rows to store for a decoded payload: events with a known name (`event` of a `track`,
 * else the SDK's `type`) and a well-formed distinct_id; the rest is dropped.
 */
export function analyticsRows(events: unknown[], at: string): AnalyticsRow[] {
  const rows: AnalyticsRow[] = [];
  for (const e of events) {
    if (!e || typeof e !== 'object') continue;
    const { type, event, distinct_id: distinctId, properties } = e as Record<string, unknown>;
    const name = type === 'track' || type === undefined ? event : type;
    if (typeof name !== 'string' || !KNOWN_EVENTS.has(name)) continue;
    if (typeof distinctId !== 'string' || !DISTINCT_ID.test(distinctId)) continue;
    rows.push({ at, event: name, distinct_id: distinctId, properties: JSON.stringify(keptProperties(properties)) });
  }
  return rows;
}
