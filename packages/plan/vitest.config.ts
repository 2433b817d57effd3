import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'plan', environment: 'node', include: ['src/**/*.test.ts'] },
});
