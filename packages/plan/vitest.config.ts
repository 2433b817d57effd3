import { defineProject } from 'vitest/config';

export default defineProject({
  // Property tests run hundreds of seeded cases: seconds on an idle machine, more on a busy one.
  test: { name: 'plan', environment: 'node', include: ['src/**/*.test.ts'], testTimeout: 30_000 },
});
