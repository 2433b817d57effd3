import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    readiness: {
      /** Marks start-up work `name` (a warm-up) under way: /readyz answers 503 until the function it answers is called. */
      hold(name: string): () => void;
      /** The start-up work still under way. */
      pending(): string[];
    };
  }
}

/** What /readyz (routes/health/health-routes.ts) waits for besides the database: warm-ups that hold it. */
export const readinessPlugin = fp(
  async (app: FastifyInstance) => {
    const held = new Map<symbol, string>();
    app.decorate('readiness', {
      hold(name: string) {
        const key = Symbol(name);
        held.set(key, name);
        return () => void held.delete(key);
      },
      pending: () => [...new Set(held.values())],
    });
  },
  { name: 'readiness' },
);
