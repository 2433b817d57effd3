import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DB } from './db/index.ts';
import { loadKeyRing } from './idp/keys.ts';
import { createTokenService } from './idp/tokens.ts';
import { authPlugin } from './plugins/auth.ts';
import { databasePlugin } from './plugins/database.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { webPlugin } from './plugins/web.ts';
import { getConfigRoute } from './routes/common/get-config.ts';
import { healthRoutes } from './routes/health.ts';

export interface BuildOptions {
  config: Config;
  db: DB;
  logger?: boolean;
}

/** Builds the BFF without listening, so tests can drive it with app.inject(). */
export async function buildApp({ config, db, logger = true }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.LOG_LEVEL } : false,
    bodyLimit: 64 * 1024,
    routerOptions: { caseSensitive: false, maxParamLength: 200 },
    trustProxy: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const keys = await loadKeyRing(db);
  const issuer = config.PUBLIC_URL ?? 'abo-inquiry-idp';
  const tokens = createTokenService(keys, issuer);

  await app.register(errorsPlugin);
  await app.register(databasePlugin, { db });
  await app.register(authPlugin, { tokens });
  await app.register(healthRoutes);
  await app.register(getConfigRoute);
  await app.register(webPlugin, { webDist: config.webDist });
  return app;
}
