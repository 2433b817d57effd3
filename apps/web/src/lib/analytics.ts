/**
 * Behavioural analytics through the Sensors Data web SDK (docs/contract.md §1, §7, §9).
 *
 * - The SDK is imported on demand so it is not part of the shell bundle.
 * - Events go to `/bff/v1/analytics/events` by default (the BFF stores them);
 *   a deployment points `serverUrl` at its own collector. With
 *   `send_type: 'beacon'` the SDK posts `data=<base64 JSON>&ext=crc%3D…`
 *   through navigator.sendBeacon (Content-Type text/plain); browsers without
 *   sendBeacon fall back to an image GET with the same query.
 * - utm_* parameters are kept by the SDK itself: it reads utm_source,
 *   utm_medium, utm_campaign, utm_content and utm_term from the address, adds
 *   them as $utm_* to each page view (its single-page page-view helper,
 *   used by trackPageView) and remembers them as $latest_utm_* for later
 *   events (preset_properties.latest_utm, on by default).
 * - Super properties (channel, visitor grade = pinCode, app version, ada) are
 *   registered about 200 ms after the SDK is ready (docs/contract.md §9) and attached to
 *   every event after that.
 * - `VITE_ANALYTICS=off` switches all of it off: the SDK is never loaded.
 * - No credential leaves in an address: the sign-in guard takes them out of the address before
 *   anything runs, and every event is scrubbed again here (`$url`, `$referrer`,
 *   `$latest_referrer`… whatever holds an address), so a token that slipped through never
 *   reaches the collector, where anyone reading page views could sign in with it.
 */
import { scrubCredentialsFromUrl } from './scrub-credentials.ts';

export const DEFAULT_ANALYTICS_SERVER_URL = '/bff/v1/analytics/events';
export const SUPER_PROPERTY_DELAY_MS = 200;

export interface AnalyticsOptions {
  /** Collector address; relative addresses resolve against the page. */
  serverUrl?: string;
  channel?: string | null;
  appVersion?: string | null;
  ada?: string | null;
  /** The user's pin grade, reported as the visitor grade. */
  pinCode?: number | string | null;
}

export type AnalyticsUser = Omit<AnalyticsOptions, 'serverUrl'>;

/** Names of the super properties as the collector receives them. */
export interface SuperProperties {
  channel?: string;
  visitor_grade?: string;
  app_version?: string;
  ada?: string;
}

/** The part of the SDK used here (its bundled typings lack nothing we call). */
interface SensorsSdk {
  init(para: object): void;
  registerPage(properties: object): void;
  quick(name: string, properties?: object): unknown;
  /** `properties` runs on every event's final data, just before it is sent. */
  registerPropertyPlugin(plugin: { properties: (data: { properties?: Record<string, unknown> }) => void }): void;
}

/** Every text property that holds an address, without credentials (see the module comment). */
export function scrubEventProperties(properties: Record<string, unknown> | undefined): void {
  if (!properties) return;
  for (const [key, value] of Object.entries(properties)) {
    if (typeof value === 'string') properties[key] = scrubCredentialsFromUrl(value);
  }
}

let sdkPromise: Promise<SensorsSdk | null> | null = null;
/** Page views reported before initAnalytics (the first route may render first). */
let earlyPageViews: Array<{ path: string; title: string; url: string | undefined }> = [];
const MAX_EARLY_PAGE_VIEWS = 10;
let sdk: SensorsSdk | null = null;
let superProperties: SuperProperties = {};
let superPropertiesActive = false;

export function isAnalyticsEnabled(): boolean {
  return String(import.meta.env.VITE_ANALYTICS ?? '').toLowerCase() !== 'off';
}

function toSuperProperties(user: AnalyticsUser): SuperProperties {
  const out: SuperProperties = {};
  const text = (value: string | number | null | undefined) =>
    value === null || value === undefined || value === '' ? undefined : String(value);
  if (user.channel !== undefined) out.channel = text(user.channel);
  if (user.pinCode !== undefined) out.visitor_grade = text(user.pinCode);
  if (user.appVersion !== undefined) out.app_version = text(user.appVersion);
  if (user.ada !== undefined) out.ada = text(user.ada);
  return out;
}

function withoutEmpty(properties: SuperProperties): SuperProperties {
  return Object.fromEntries(Object.entries(properties).filter(([, v]) => v !== undefined)) as SuperProperties;
}

/**
 * Loads and starts the SDK once (later calls return the first call's
 * promise and only update the super properties). Resolves true when
 * analytics runs, false when it is switched off or the SDK failed to load;
 * never rejects, so a blocked collector cannot break the app.
 */
export function initAnalytics(options: AnalyticsOptions = {}): Promise<boolean> {
  superProperties = { ...superProperties, ...toSuperProperties(options) };
  if (sdkPromise) {
    if (superPropertiesActive) sdk?.registerPage(withoutEmpty(superProperties));
    return sdkPromise.then((loaded) => loaded !== null);
  }
  if (!isAnalyticsEnabled()) {
    earlyPageViews = [];
    sdkPromise = Promise.resolve(null);
    return Promise.resolve(false);
  }
  const serverUrl = new URL(options.serverUrl ?? DEFAULT_ANALYTICS_SERVER_URL, window.location.href).href;
  sdkPromise = import('sa-sdk-javascript')
    .then(({ default: sensors }) => {
      const loaded: SensorsSdk = sensors;
      loaded.init({
        server_url: serverUrl,
        // Page views are sent by trackPageView from the router, once per route.
        is_track_single_page: false,
        show_log: false,
        heatmap: false,
        send_type: 'beacon',
        use_client_time: true,
      });
      loaded.registerPropertyPlugin({ properties: (data) => scrubEventProperties(data.properties) });
      sdk = loaded;
      for (const view of earlyPageViews) sendPageView(loaded, view.path, view.title, view.url);
      earlyPageViews = [];
      setTimeout(() => {
        superPropertiesActive = true;
        loaded.registerPage(withoutEmpty(superProperties));
      }, SUPER_PROPERTY_DELAY_MS);
      return loaded;
    })
    .catch((error: unknown) => {
      earlyPageViews = [];
      if (import.meta.env.DEV) console.warn('Analytics SDK failed to load', error);
      return null;
    });
  return sdkPromise.then((loaded) => loaded !== null);
}

/**
 * Updates super properties learnt later (pinCode from dstInfo, ada after
 * sign-in, the app version from the native bridge). Before the 200 ms delay
 * they are just remembered; after it they are registered at once.
 */
export function updateAnalyticsUser(user: AnalyticsUser): void {
  superProperties = { ...superProperties, ...toSuperProperties(user) };
  if (sdk && superPropertiesActive) sdk.registerPage(withoutEmpty(superProperties));
}

function sendPageView(loaded: SensorsSdk, path: string, title: string, url: string | undefined): void {
  // The SDK's single-page helper adds $referrer (the previous page) and the $utm_* of the address.
  loaded.quick('autoTrackSinglePage', { $url: url, $url_path: path, $title: title });
}

/**
 * Sends `$pageview` for a route: `path` is the route path the app shows (e.g.
 * '/incentiveplan'), `title` the page title. The address is taken when this
 * is called, so a view sent while the SDK still loads (or before
 * initAnalytics; the first few are kept) reports the page it was for.
 * A no-op when analytics is off.
 */
export function trackPageView(path: string, title: string): void {
  if (!isAnalyticsEnabled()) return;
  const url = typeof location === 'undefined' ? undefined : scrubCredentialsFromUrl(location.href);
  if (!sdkPromise) {
    if (earlyPageViews.length < MAX_EARLY_PAGE_VIEWS) earlyPageViews.push({ path, title, url });
    return;
  }
  void sdkPromise.then((loaded) => {
    if (loaded) sendPageView(loaded, path, title, url);
  });
}
