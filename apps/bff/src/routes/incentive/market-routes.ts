import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';

/** The /bff/v1/incentive/market/* calls: partners, market members, market details. */
export async function incentiveMarketRoutes(_app: FastifyInstance, _opts: { config: Config }): Promise<void> {}
