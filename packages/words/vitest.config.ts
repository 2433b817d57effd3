import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'words', environment: 'node', include: ['src/**/*.test.ts'] },
});
