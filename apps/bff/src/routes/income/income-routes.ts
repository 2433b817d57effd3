import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';

/** The /bff/v1/income/* page data calls. */
export async function incomeRoutes(_app: FastifyInstance, _opts: { config: Config }): Promise<void> {}
