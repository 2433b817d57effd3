import { defineProject } from 'vitest/config';

// The integration suite again, on a real PostgreSQL server: a throwaway cluster started by the
// global setup, one schema per test app (testing/test-app.ts). Files that test SQLite itself or
// no database at all are left to the default suite. `npm test` runs this after the default one.
export default defineProject({
  test: {
    name: 'bff-postgres',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    exclude: [
      'src/cli/seed.test.ts',
      'src/db/backup.test.ts',
      'src/db/bulk.test.ts',
      'src/db/sqlite-safety.test.ts',
      'src/db/sqlite.test.ts',
      'src/income/income-data.test.ts',
      'src/lib/**',
      'src/routes/incentive/market-filter.test.ts',
      'src/seed/ensure.test.ts',
      'src/seed/prng.test.ts',
      'src/seed/seed.test.ts',
    ],
    globalSetup: ['src/testing/pg-global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
