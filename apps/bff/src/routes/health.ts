import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

/** Liveness and database reachability for load balancers and `npm start`. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', { config: { public: true } }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(app.db);
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
