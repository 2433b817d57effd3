import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'bff',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Need a PostgreSQL server: they run in the PostgreSQL suite (vitest.postgres.config.ts).
    exclude: ['src/**/*.postgres.test.ts'],
    testTimeout: 30_000,
  },
});
