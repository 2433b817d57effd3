import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';

/** The /bff/v1/achievement/* page data calls. */
export async function achievementRoutes(_app: FastifyInstance, _opts: { config: Config }): Promise<void> {}
