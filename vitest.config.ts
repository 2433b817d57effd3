import { defineConfig } from 'vitest/config';

// One run covers every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    // Both cores of the CI machine (the default leaves one idle): the unit and integration run
    // took 820 s on one worker, about 600 s on two.
    maxWorkers: 2,
    projects: [
      'packages/*',
      'apps/bff',
      'apps/web',
      { test: { name: 'scripts', environment: 'node', include: ['scripts/**/*.test.mjs'] } },
    ],
  },
});
