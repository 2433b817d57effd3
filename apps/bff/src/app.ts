import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DB } from './db/index.ts';
import { loadKeyRing } from './idp/keys.ts';
import { distributorStamp, staffStamp } from './idp/live-accounts.ts';
import { createTokenService } from './idp/tokens.ts';
import { authPlugin } from './plugins/auth.ts';
import { backpressurePlugin } from './plugins/backpressure.ts';
import { databasePlugin } from './plugins/database.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { heavyCallsPlugin } from './plugins/heavy-calls.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { readinessPlugin } from './plugins/readiness.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { webPlugin } from './plugins/web.ts';
import { housekeepingPlugin } from './plugins/housekeeping.ts';
import { notificationDeliveryPlugin } from './plugins/notification-delivery.ts';
import { requestLogRedaction } from './lib/redact-url.ts';
import { analyticsRoutes } from './routes/analytics/analytics-routes.ts';
import { commonRoutes } from './routes/common/common-routes.ts';
import { ebizDemoRoutes } from './routes/ebiz-demo/ebiz-demo-routes.ts';
import { healthRoutes } from './routes/health/health-routes.ts';
import { achievementRoutes } from './routes/achievement/achievement-routes.ts';
import { homeRoutes } from './routes/home/home-routes.ts';
import { incentiveRoutes } from './routes/incentive/incentive-routes.ts';
import { incentiveMarketRoutes } from './routes/incentive/market-routes.ts';
import { watchlistRoutes } from './routes/incentive/watchlist-routes.ts';
import { incomeRoutes } from './routes/income/income-routes.ts';
import { documentRoutes, type DocumentRoutesOptions } from './routes/documents/document-routes.ts';
import { certificateCheckRoutes } from './routes/certificate/certificate-check-routes.ts';
import { notificationRoutes } from './routes/notifications/notifications-routes.ts';
import { operatorRoutes, type OperatorRoutesOptions } from './routes/operator/operator-routes.ts';
import { renderDocument } from './documents/render.ts';
import { DocumentCache } from './documents/document-cache.ts';
import { RenderPool } from './documents/render-pool.ts';
import { idpRoutes } from './routes/idp/idp-routes.ts';
import { wechatRoutes } from './routes/wechat/wechat-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    routeList: Array<{ method: string; url: string; public: boolean }>;
  }
}

export interface BuildOptions {
  config: Config;
  db: DB;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** Replace the document renderer and the links' clock (tests of routes/documents). */
  documents?: Partial<Pick<DocumentRoutesOptions, 'render' | 'now'>>;
  /** Replace parts of the import runs' runner (tests of routes/operator: a short lease, a held import). */
  operator?: OperatorRoutesOptions['runner'];
}

export const TOKEN_ISSUER = 'abo-inquiry-idp';

/**
 * Documents rendered on the render pool's threads under its limits (documents/render-pool.ts),
 * closed months' statements kept (documents/document-cache.ts); the pool's threads end with the app.
 */
function pooledRenderer(app: FastifyInstance, config: Config): DocumentRoutesOptions['render'] {
  const pool = new RenderPool({ threads: config.RENDER_THREADS, queue: config.RENDER_QUEUE, perAccount: config.RENDER_PER_ACCOUNT });
  app.addHook('onClose', () => pool.close());
  const cache = new DocumentCache(config.DOCUMENT_CACHE_MB * 1024 * 1024);
  return async (db, cfg, session, request) => {
    const release = pool.admit(session.actor);
    try {
      return await renderDocument(db, cfg, session, request, { run: (job) => pool.render(job), cache });
    } finally {
      release();
    }
  };
}

/** Builds the BFF without listening, so tests can drive it with app.inject(). */
export async function buildApp({ config, db, logger = true, logStream, documents, operator }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Credentials in addresses and headers never reach the log (lib/redact-url.ts).
    logger: logger ? { level: config.LOG_LEVEL, ...requestLogRedaction, ...(logStream ? { stream: logStream } : {}) } : false,
    bodyLimit: 64 * 1024,
    routerOptions: { caseSensitive: false, maxParamLength: 200 },
    // X-Forwarded-* only from the proxies TRUST_PROXY names (none by default).
    trustProxy: config.trustProxy,
  });
  // Every route, for diagnostics and the fuzz suite that sends hostile input to each one.
  const routeList: FastifyInstance['routeList'] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    // Read when asked: a plugin's own onRoute hook (web.ts marks its files public) runs after this one.
    for (const method of [route.method].flat())
      routeList.push({
        method,
        url: route.url,
        get public() {
          return route.config?.public === true;
        },
      });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const keys = await loadKeyRing(db);
  const external =
    config.IDP_JWKS_URL && config.IDP_ISSUER && config.IDP_AUDIENCE
      ? { jwksUrl: config.IDP_JWKS_URL, issuer: config.IDP_ISSUER, audience: config.IDP_AUDIENCE }
      : undefined;
  const tokens = createTokenService(keys, config.PUBLIC_URL ?? TOKEN_ISSUER, undefined, external, {
    staff: (username) => staffStamp(db, username),
    distributor: (ada) => distributorStamp(db, ada),
  });
  const list = (value: string) =>
    value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  const portalOrigins = list(config.EBIZ_PORTAL_ORIGINS);

  await app.register(errorsPlugin);
  // First of the hooks: a process that falls behind sheds calls before doing any work on them.
  await app.register(backpressurePlugin, {
    maxEventLoopDelayMs: config.MAX_EVENT_LOOP_DELAY_MS,
    sampleIntervalMs: config.EVENT_LOOP_SAMPLE_MS,
  });
  await app.register(securityHeadersPlugin, {
    portalOrigins,
    imageOrigins: list(config.CSP_IMAGE_ORIGINS),
    connectOrigins: list(config.CSP_CONNECT_ORIGINS),
  });
  await app.register(databasePlugin, { db });
  await app.register(authPlugin, { tokens, ownDistributorTokens: !external });
  // Before the routes: it wraps those marked heavy as they are added.
  await app.register(heavyCallsPlugin, { perMinute: config.HEAVY_RATE_LIMIT, concurrency: config.HEAVY_CONCURRENCY });
  // Before the routes: the metrics' timing hook and the OpenAPI document cover those added after.
  await app.register(metricsPlugin, { config });
  await app.register(openApiPlugin, { config });
  await app.register(readinessPlugin);
  await app.register(healthRoutes);
  await app.register(idpRoutes, {
    keys,
    allowedRedirectOrigins: portalOrigins,
    loginRateLimit: config.LOGIN_RATE_LIMIT,
    publicUrl: config.PUBLIC_URL,
    demo: config.demo,
    wechatAppId: config.WECHAT_APP_ID,
  });
  await app.register(commonRoutes, { today: config.today });
  await app.register(homeRoutes, { today: config.today });
  await app.register(incentiveRoutes, { config });
  await app.register(incentiveMarketRoutes, { config });
  await app.register(watchlistRoutes, { config });
  await app.register(achievementRoutes, { config });
  await app.register(incomeRoutes, { config });
  await app.register(documentRoutes, { config, render: documents?.render ?? pooledRenderer(app, config), now: documents?.now });
  await app.register(certificateCheckRoutes, { config });
  await app.register(notificationRoutes);
  await app.register(operatorRoutes, { config, ...(operator ? { runner: operator } : {}) });
  await app.register(wechatRoutes, { appId: config.WECHAT_APP_ID, jsapiTicket: config.WECHAT_JSAPI_TICKET });
  await app.register(analyticsRoutes, { config });
  await app.register(housekeepingPlugin, { config });
  await app.register(notificationDeliveryPlugin, { config });
  await app.register(ebizDemoRoutes);
  await app.register(webPlugin, { webDist: config.webDist, pageRender: config.PAGE_RENDER !== '0' });
  return app;
}
