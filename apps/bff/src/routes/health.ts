import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

/**
 * Liveness and database reachability for load balancers and `npm start`. A process shedding
 * calls under load (plugins/backpressure.ts) is still alive: it answers 200 and says so
 * (`underPressure`), so an orchestrator does not restart it for being busy.
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', { config: { public: true } }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(app.db);
      return app.hasDecorator('isUnderPressure') && app.isUnderPressure() ? { status: 'ok', underPressure: true } : { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
