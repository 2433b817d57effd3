import js from '@eslint/js';
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
  message: 'Import runtime values from @abo/contract/codes, /channels or /privacy (the root pulls zod into the bundle).',
};
const webPatterns = [
  { group: ['**/bff/**', '@abo/bff'], message: 'The web app talks to the BFF over HTTP only.' },
  { group: ['node:*'], message: 'No Node APIs in the browser.' },
];

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
    files: ['packages/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/apps/**', '@abo/bff', '@abo/web'], message: 'Packages must not import apps.' },
            { group: ['node:*'], message: 'Packages are pure: no Node APIs.' },
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
      'no-restricted-imports': ['error', { paths: [webContractRule], patterns: webPatterns }],
    },
  },
  {
    files: ['apps/web/src/lib/**', 'apps/web/src/components/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [webContractRule],
          patterns: [
            ...webPatterns,
            { group: ['**/features/**', '**/app/**'], message: 'Shared code must not depend on features or the app shell.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [webContractRule],
          patterns: [
            ...webPatterns,
            { group: ['**/app/router*', '**/app/providers*', '**/app/app-layout*'], message: 'Features must not depend on the app shell.' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**', 'bench/**', 'scripts/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off', 'no-restricted-imports': 'off' },
  },
);
