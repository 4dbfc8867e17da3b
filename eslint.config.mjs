// @ts-check
// ESLint over the whole repository (`npm run lint`, a step of `npm test`): ESLint's and
// typescript-eslint's recommended rules with type information (three programs: the app's
// tsconfig.json, server/tsconfig.json, and tsconfig.scripts.json for the JavaScript), React's hook
// rules on the app, and the server's GraphQL core kept free of domain imports.
import js from '@eslint/js'
import { defineConfig, globalIgnores } from 'eslint/config'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

export default defineConfig(
  globalIgnores([
    'dist/',
    'coverage/',
    '.temp/',
    '.swc/',
    'test-results/',
    // Generated (npm run codegen), and data fixtures with their one-off converters.
    'src/services/generated/',
    'server/generated/',
    'server/static/',
    'server/test/fixtures/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.json', './server/tsconfig.json', './tsconfig.scripts.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // node:test's test() and describe() return promises the runner itself awaits.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['test', 'describe', 'it', 'suite'] }] },
      ],
      // The same convention as the compiler's noUnusedLocals/noUnusedParameters: a leading _ marks it unused on purpose.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Passing on a rejection caught as unknown is allowed; a new one is an Error.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
      // Left out: untyped values come from JSON, test doubles and untyped packages; the code has no `any` of its own (no-explicit-any).
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // Left out: an async function without await is how a callback that must return a promise is written.
      '@typescript-eslint/require-await': 'off',
      // Left out: flags every method passed as a value, arrow-function properties and bound methods alike.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // React's rules of hooks on the app and its tests; a missing dependency is an error, not a warning.
    files: ['src/**/*.{ts,tsx}', 'test/**/*.{ts,tsx}'],
    // The rules alone: the plugin's own type (its configs) does not fit ESLint 10's Plugin type.
    plugins: { 'react-hooks': { rules: reactHooks.rules } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The GraphQL core imports no domain: app.ts hands it the resolvers and loaders (server/src/resolvers.ts, context.ts).
    files: ['server/src/graphql/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../*', '!../db', '!../db/*'], message: 'The GraphQL core imports no domain: take it as a parameter from app.ts.' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,cjs}'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
)
