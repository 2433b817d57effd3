import fs from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Dependencies flow one way: packages ← bff, packages ← web; inside the web
 * app lib/components ← features ← app. The import rules below enforce it.
 */
// zod stays out of the web bundle: runtime values come from the contract's zod-free subpaths.
const webContractRule = {
  name: '@abo/contract',
  allowTypeImports: true,
  message: 'Import runtime values from @abo/contract/codes, /channels, /privacy or /pages (the root pulls zod into the bundle).',
};
const webPatterns = [
  { group: ['**/bff/**', '@abo/bff'], message: 'The web app talks to the BFF over HTTP only.' },
  { group: ['node:*'], message: 'No Node APIs in the browser.' },
];
/** The web app's import rule, with the `patterns` a part of it adds. */
const webImports = (...patterns) => ['error', { paths: [webContractRule], patterns: [...webPatterns, ...patterns] }];

// Packages are pure and sit under the apps.
const packagePatterns = [
  { group: ['**/apps/**', '@abo/bff', '@abo/web'], message: 'Packages must not import apps.' },
  { group: ['node:*'], message: 'Packages are pure: no Node APIs.' },
];

// A string that starts with a page path of the app (@abo/contract/pages), for the rule below.
const PAGE_PATH = String.raw`/^\/(incentiveplan|achievement|income|descpage|login|authentication|operator)(\/|\?|#|$)/`;
// A web feature never imports another feature: what two features share lives in lib/ or components/.
const webFeatures = fs.readdirSync('apps/web/src/features', { withFileTypes: true }).filter((d) => d.isDirectory());
const featureZones = webFeatures.map((f) => ({
  target: `./apps/web/src/features/${f.name}`,
  from: './apps/web/src/features',
  except: [`./${f.name}`],
  message: 'A feature must not import another feature; move what both need to lib/ or components/.',
}));
// BFF layers: routes → (queries, presenters) → db; nothing but the app imports a route plugin.
const bffZones = fs
  .readdirSync('apps/bff/src', { withFileTypes: true })
  .filter((d) => (d.isDirectory() ? d.name !== 'routes' : d.name !== 'app.ts'))
  .map((d) => ({
    target: `./apps/bff/src/${d.name}`,
    from: './apps/bff/src/routes',
    message: 'Nothing but app.ts imports routes: shared queries belong in db/, shared helpers in lib/.',
  }));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.test-data/**', '.reports/**', 'test-results/**', 'playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'], noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Promises are awaited or handled (type-aware).
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/vitest*.config.ts', 'apps/*/vite.config.ts', 'apps/*/build.mjs', 'apps/web/scripts/**'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: featureZones }] },
  },
  {
    files: ['apps/bff/src/**/*.ts'],
    ignores: ['apps/bff/src/app.ts', 'apps/bff/src/**/*.test.ts', 'apps/bff/src/**/*.test-support.ts', 'apps/bff/src/testing/**'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: bffZones }],
    },
  },
  {
    // A route file declares routes: its reads and writes live in the area's queries file
    // (README "Where is X"), so the SQL of an answer is found in one place.
    files: ['apps/bff/src/routes/**/*-routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/]',
          message: 'Queries belong in the area’s *-queries.ts (or db/), not in a routes file.',
        },
        {
          selector: "TaggedTemplateExpression[tag.name='sql']",
          message: 'Queries belong in the area’s *-queries.ts (or db/), not in a routes file.',
        },
      ],
    },
  },
  {
    files: ['packages/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: packagePatterns }],
    },
  },
  {
    // The engine takes from the contract only its page paths (zod-free): plan data and
    // notification links are checked against them (issue #34).
    files: ['packages/plan/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@abo/contract', message: 'The engine imports only @abo/contract/pages (the root pulls zod in).' }],
          patterns: packagePatterns,
        },
      ],
    },
  },
  {
    // The domain's words and numbers sit under everything else: they import nothing.
    files: ['packages/words/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...packagePatterns,
            {
              group: ['@abo/*', '**/packages/**', '../**'],
              message: '@abo/words depends on nothing: the engine, the contract and the apps import it.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': webImports(),
    },
  },
  {
    files: ['apps/web/src/lib/**', 'apps/web/src/components/**'],
    rules: {
      'no-restricted-imports': webImports({
        group: ['**/features/**', '**/app/**'],
        message: 'Shared code must not depend on features or the app shell.',
      }),
    },
  },
  {
    files: ['apps/web/src/features/**'],
    rules: {
      'no-restricted-imports': webImports({
        group: ['**/app/router*', '**/app/providers*', '**/app/app-layout*'],
        message: 'Features must not depend on the app shell.',
      }),
    },
  },
  {
    // A page path is written with href (@abo/contract/pages), so the compiler checks it against
    // the page list (issue #34); a literal that must stay a literal is checked with `satisfies PagePath`.
    files: ['apps/web/src/features/**/*.{ts,tsx}', 'apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/testing.{ts,tsx}', '**/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          `:matches(JSXAttribute, CallExpression[callee.name!='href'], BinaryExpression, VariableDeclarator) > Literal[value=${PAGE_PATH}]`,
          `Property:not(TSSatisfiesExpression > ObjectExpression > Property) > Literal.value[value=${PAGE_PATH}]`,
          `TemplateLiteral:not(CallExpression[callee.name='href'] > TemplateLiteral) > TemplateElement[value.raw=${PAGE_PATH}]`,
        ].map((selector) => ({ selector, message: "Write a page's address with href() from @abo/contract/pages." })),
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/*.test-support.{ts,tsx}', 'e2e/**', 'bench/**', 'scripts/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off', 'no-restricted-imports': 'off' },
  },
  {
    // A Playwright fixture is asked for by naming it: e2e/fixtures.ts's `problems` often for its
    // check at the test's end alone.
    files: ['e2e/**'],
    rules: { '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_|^problems$', varsIgnorePattern: '^_' }] },
  },
);
