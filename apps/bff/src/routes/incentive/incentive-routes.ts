import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';

/** The /bff/v1/incentive/* page data calls. */
export async function incentiveRoutes(_app: FastifyInstance, _opts: { config: Config }): Promise<void> {}
