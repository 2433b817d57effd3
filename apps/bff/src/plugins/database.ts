import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { closeDatabase, type DB } from '../db/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: DB;
  }
}

/** Makes the database reachable as `app.db` and closes it with the server. */
export const databasePlugin = fp(
  async (app: FastifyInstance, opts: { db: DB }) => {
    app.decorate('db', opts.db);
    app.addHook('onClose', async () => {
      await closeDatabase(opts.db);
    });
  },
  { name: 'database' },
);
