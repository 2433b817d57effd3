import { expect, test as base } from '@playwright/test';
import { shoot as shootPage, watchProblems } from './helpers.ts';

export { expect };

/**
 * The specs' `test`, with the set-up most of them repeat as fixtures, each asked for by name:
 * `problems` watches the test's page from its opening (helpers.ts's watchProblems) and, the test
 * done, expects none; `shoot(name, options)` is helpers.ts's shoot of the test's page.
 * A test that looks at its problems midway, filters them or watches another page keeps
 * watchProblems.
 */
export const test = base.extend<{ problems: string[]; shoot: (name: string, options?: Parameters<typeof shootPage>[2]) => Promise<void> }>({
  problems: async ({ page }, use) => {
    const problems = watchProblems(page);
    await use(problems);
    expect(problems).toEqual([]);
  },
  shoot: async ({ page }, use) => {
    await use((name, options) => shootPage(page, name, options));
  },
});
