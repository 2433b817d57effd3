import { chinaInstant } from '@abo/words';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseDay } from './import/fields.ts';
import { parseWechatTemplateIds, type WechatTemplateIds } from './config/wechat-templates.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** apps/bff, whether running from src (tsx) or from dist (bundled). */
const bffRoot = path.resolve(here, '..');

// A calendar day that exists, as the import reads one: 2026-13-45 or 2026-02-30 would only fail
// later, as "Invalid time value".
const isoDate = z.string().refine((v) => parseDay(v) !== undefined, 'expected a real calendar day, YYYY-MM-DD');

const FLAG_ON = ['1', 'true', 'yes', 'on'];
const FLAG_OFF = ['0', 'false', 'no', 'off'];
/** A switch: 1/true/yes/on or 0/false/no/off (any case), read as '1' or '0'. */
const flag = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => FLAG_ON.includes(v) || FLAG_OFF.includes(v), 'expected 1/0, true/false, yes/no or on/off')
  .transform((v): '0' | '1' => (FLAG_ON.includes(v) ? '1' : '0'));

/**
 * Environment, validated once at start so a bad value stops the process with a
 * clear message instead of failing on the first request.
 */
const envSchema = z.object({
  /** Only `production` changes anything: it forbids demo mode. */
  NODE_ENV: z.enum(['development', 'production', 'test']).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  /** PostgreSQL connections per BFF process. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  INQUIRY_TODAY: isoDate.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `auto`: readable lines on a terminal, in development and in the demo; JSON in production (startup/log-output.ts). */
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  WEB_DIST: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  /** Sign-in attempts allowed per minute per client address and account. */
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Threads rendering documents (PDF, XLSX) off the event loop; 0: one fewer than the cores, at least 1. */
  RENDER_THREADS: z.coerce.number().int().min(0).max(64).default(0),
  /** Renders allowed to wait for a thread; past that a document call answers 503 with Retry-After. */
  RENDER_QUEUE: z.coerce.number().int().min(0).max(10_000).default(32),
  /** Renders one account may have in flight; past that its next call answers 429. */
  RENDER_PER_ACCOUNT: z.coerce.number().int().min(1).max(100).default(2),
  /** Rendered closed-month statements kept in memory, MiB (0: none). */
  DOCUMENT_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  /**
   * Which proxies' X-Forwarded-* headers are believed: empty (none, the default: the client
   * address is the socket's), a hop count (`1`), or addresses/CIDRs (`10.0.0.1,192.168.0.0/16`).
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('')
    .refine((v) => v === '' || /^\d{1,2}$/.test(v) || v.split(',').every((a) => /^[0-9a-fA-F.:/]+$/.test(a.trim())), {
      message: 'TRUST_PROXY must be empty, a hop count, or a comma-separated list of addresses/CIDRs',
    }),
  /**
   * Demo mode: demo accounts and sign-in hints, the demo dataset on first start. `npm start`
   * turns it on for the embedded database; never allowed with NODE_ENV=production.
   */
  DEMO: flag.optional(),
  /** Demo mode only: generated orders imported and closed every DEMO_LIVE_INTERVAL_MS (live/live-feed.ts). */
  DEMO_LIVE: flag.optional(),
  DEMO_LIVE_INTERVAL_MS: z.coerce.number().int().min(1000).max(3_600_000).default(5000),
  /** A deployment's own IdP: distributor tokens are verified against its JWKS (all three or none). */
  IDP_JWKS_URL: z.string().url().optional(),
  IDP_ISSUER: z.string().min(1).optional(),
  IDP_AUDIENCE: z.string().min(1).optional(),
  SEED_DISTRIBUTORS: z.coerce.number().int().min(10).max(2_000_000).default(5000),
  SEED: z.coerce.number().int().default(42),
  EBIZ_PORTAL_ORIGINS: z.string().default(''),
  /** Comma-separated extra image origins for the CSP (WeChat head images). */
  CSP_IMAGE_ORIGINS: z.string().default('https://thirdwx.qlogo.cn,https://wx.qlogo.cn'),
  /** Comma-separated extra connect origins for the CSP (an external analytics collector). */
  CSP_CONNECT_ORIGINS: z.string().default(''),
  /** `0` keeps the analytics endpoint answering but stores nothing (events go to a collector of the deployment's own). */
  ANALYTICS_STORE: flag.default('1'),
  /** Stored analytics events older than this many days are deleted by the housekeeping timer. */
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /**
   * Audit log entries (who read which distributor, who imported what) older than this many days are
   * deleted by the housekeeping timer; 0 keeps them forever. Audit trails are usually kept a year or more.
   */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(0).max(36_500).default(400),
  /** The largest file the operators' import page takes (each of distributors.csv, orders.csv, attendance.csv), MB. */
  OPERATOR_UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(10_240).default(512),
  /** Analytics requests allowed per minute per client address (the web app sends about one per page view). */
  ANALYTICS_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(60),
  /**
   * Heavy calls (market partners and details, the team tree search, the projection) one signed-in
   * account may make per minute, counted a sixth per ten seconds (plugins/heavy-calls.ts); 0 turns
   * the limit off.
   */
  HEAVY_RATE_LIMIT: z.coerce.number().int().min(0).max(100_000).default(120),
  /** Heavy calls one account may have running at once (as many more wait their turn); 0 turns the limit off. */
  HEAVY_CONCURRENCY: z.coerce.number().int().min(0).max(1000).default(2),
  /**
   * Mean event-loop delay (ms, over one sample) above which /bff calls are answered 503 until it
   * falls again (plugins/backpressure.ts); 0 turns the guard off.
   */
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(300),
  /** How often the event-loop delay is sampled (ms). */
  EVENT_LOOP_SAMPLE_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  /** Minutes between two housekeeping runs (pruning old rows), at most a week; 0 turns the timer off. */
  HOUSEKEEPING_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
  /** The company that pays the service fees, as its statements and certificates name it (documents/). */
  COMPANY_NAME_ZH: z.string().trim().min(1).default('ABO Inquiry 示例公司'),
  COMPANY_NAME_EN: z.string().trim().min(1).default('ABO Inquiry Example Company'),
  /** A contact line printed under the company's name (address, hotline); empty prints none. */
  COMPANY_CONTACT: z.string().trim().default(''),
  WECHAT_APP_ID: z.string().default('wx0000000000demo0'),
  WECHAT_JSAPI_TICKET: z.string().default('dev-jsapi-ticket'),
  /** The official account's AppSecret: WeChat subscribe messages (notifications/delivery/wechat.ts); none: off. */
  WECHAT_APP_SECRET: z.string().trim().min(1).optional(),
  /** WeChat's API (a relay or a stand-in); demo mode: the local stand-in. */
  WECHAT_API_BASE: z.string().url().optional(),
  /**
   * Subscribe-message templates: one id for every kind, or a JSON object kind → template (`default`
   * for the rest), a template an id or `{"id", "keys": {"title", "body", "time"}}` (parsed below).
   */
  WECHAT_TEMPLATE_IDS: z.string().trim().min(1).optional(),
  /** The company app's push service (notifications/delivery/webhook.ts): both or none; none: off. */
  PUSH_WEBHOOK_URL: z.string().url().optional(),
  PUSH_WEBHOOK_SECRET: z.string().min(16, 'PUSH_WEBHOOK_SECRET must be at least 16 characters').optional(),
  /** `0`: this process runs no delivery worker (another one does). */
  NOTIFY_WORKER: flag.default('1'),
  /** Pause of an idle delivery worker between two looks at the outbox. */
  NOTIFY_WORKER_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(2000),
  /** Outbox rows a worker claims at once. */
  NOTIFY_BATCH: z.coerce.number().int().min(1).max(1000).default(100),
  /** PostgreSQL: the schema of pg-boss, the queue delivery workers share (notifications/delivery/queue.ts). */
  NOTIFY_QUEUE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,39}$/, 'NOTIFY_QUEUE_SCHEMA: lower-case letters, digits and _')
    .default('pgboss'),
  /** Bearer token /metrics asks for; with NODE_ENV=production /metrics is off until it is set (README "Running it"). */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** The OpenAPI document (/bff/openapi.json): on unless NODE_ENV=production; `1` serves it there too. */
  OPENAPI: flag.optional(),
  /**
   * A sign-in from the portal answered with its page rendered (issue #36, page-render/first-page.ts):
   * on unless `0` (pages then go out with their placeholder, as without the web build's render bundle).
   */
  PAGE_RENDER: flag.optional(),
});

export type Env = z.infer<typeof envSchema>;

/** Every variable read here; .env.example lists each (config.test.ts checks it). */
export const ENV_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

export interface Config extends Env {
  /** Demo mode (DEMO=1, never in production). */
  demo: boolean;
  /** The demo's live feed (DEMO_LIVE=1, demo mode only). */
  demoLive: boolean;
  /** Fastify's trustProxy option from TRUST_PROXY. */
  trustProxy: false | string[] | ((address: string, hop: number) => boolean);
  /** Absolute data directory. */
  dataDir: string;
  /** Absolute path of the built web app. */
  webDist: string;
  /** The business "today" (pinned for demos and tests). */
  today: () => Date;
  /** WECHAT_TEMPLATE_IDS parsed; null when unset. */
  wechatTemplateIds: WechatTemplateIds | null;
  /** NOTIFY_WORKER: this process runs the delivery worker. */
  notifyWorker: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const idpVars = [e.IDP_JWKS_URL, e.IDP_ISSUER, e.IDP_AUDIENCE].filter(Boolean).length;
  if (idpVars !== 0 && idpVars !== 3) {
    throw new Error('Invalid configuration:\n  IDP_JWKS_URL, IDP_ISSUER and IDP_AUDIENCE must be set together');
  }
  const demo = e.DEMO === '1';
  if (demo && e.NODE_ENV === 'production') {
    throw new Error('Invalid configuration:\n  DEMO=1 is not allowed with NODE_ENV=production (demo accounts read every distributor)');
  }
  const demoLive = e.DEMO_LIVE === '1';
  if (demoLive && !demo) {
    throw new Error(
      'Invalid configuration:\n  DEMO_LIVE=1 needs demo mode (DEMO=1): the live feed writes generated orders into the database',
    );
  }
  if (!!e.PUSH_WEBHOOK_URL !== !!e.PUSH_WEBHOOK_SECRET) {
    throw new Error('Invalid configuration:\n  PUSH_WEBHOOK_URL and PUSH_WEBHOOK_SECRET must be set together');
  }
  let wechatTemplateIds: WechatTemplateIds | null = null;
  try {
    wechatTemplateIds = e.WECHAT_TEMPLATE_IDS ? parseWechatTemplateIds(e.WECHAT_TEMPLATE_IDS) : null;
  } catch (err) {
    const lines = (err as Error).message.split('\n').map((line) => `  ${line}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (e.WECHAT_APP_SECRET && !demo && !wechatTemplateIds) {
    throw new Error('Invalid configuration:\n  WECHAT_APP_SECRET needs WECHAT_TEMPLATE_IDS (the subscribe-message templates to send with)');
  }
  if (e.WECHAT_APP_SECRET && !demo && !env['WECHAT_APP_ID']) {
    throw new Error('Invalid configuration:\n  WECHAT_APP_SECRET needs WECHAT_APP_ID (the official account it belongs to)');
  }
  const pinned = e.INQUIRY_TODAY ? new Date(chinaInstant(`${e.INQUIRY_TODAY}T12:00:00`)) : undefined;
  return {
    ...e,
    demo,
    demoLive,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    dataDir: path.resolve(e.DATA_DIR),
    webDist: path.resolve(e.WEB_DIST ?? path.join(bffRoot, '..', 'web', 'dist')),
    today: () => (pinned ? new Date(pinned) : new Date()),
    wechatTemplateIds,
    notifyWorker: e.NOTIFY_WORKER === '1',
  };
}

/** TRUST_PROXY → Fastify's trustProxy: nothing, the nearest N hops, or the proxies' addresses. */
export function parseTrustProxy(value: string): Config['trustProxy'] {
  if (value === '') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops === 0 ? false : (_address: string, hop: number) => hop < hops;
  }
  return value
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
}
