// The lint holds the architecture that CONTRIBUTING.md describes:
// src/domain is shared and imports nothing above it; the app, the server and the service worker
// never import each other; app features share code only through lib/, ui/ and domain; no import
// cycles; the Dexie module (lib/db.ts) is only ever loaded lazily.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import lingui from 'eslint-plugin-lingui';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const appFeatures = readdirSync(new URL('./src/app/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const layerZones = [
  {
    target: './src/domain',
    from: ['./src/app', './src/server', './sw'],
    message: 'src/domain is shared by app, server and service worker: it imports none of them.',
  },
  { target: './src/server', from: ['./src/app', './sw'], message: 'The server never imports the app or the service worker.' },
  {
    target: './src/app',
    from: ['./src/server', './sw'],
    message: 'The app never imports the server or the service worker; share through src/domain.',
  },
  { target: './sw', from: ['./src/app', './src/server'], message: 'The service worker shares code with the app only through src/domain.' },
  {
    target: ['./src/app/lib', './src/app/ui'],
    from: ['./src/app/features', './src/app/routes'],
    message: 'lib/ and ui/ are used by features and routes, never the other way round.',
  },
  {
    target: ['./src/app/features', './src/app/lib', './src/app/ui'],
    from: './src/app/shell',
    message: 'shell/ frames the pages and may use features; features, lib/ and ui/ never use it.',
  },
];

const featureZones = appFeatures.map((feature) => ({
  target: `./src/app/features/${feature}`,
  from: './src/app/features',
  except: [`./${feature}`],
  message: 'Features do not import each other: move what both need to src/app/lib or src/app/ui.',
}));

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-*/**',
      'node_modules/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
      'src/app/routeTree.gen.ts',
      'src/app/locales/**/*.ts',
      '.tmp/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', '*.mjs', 'scripts/*.mjs', 'e2e/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { 'import-x': importX },
    settings: {
      // no-cycle reads the imported files: it needs to know they are TypeScript.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...featureZones] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)lib/db$|^\\./db$',
              allowTypeImports: true,
              message: 'Dexie is loaded on demand: reach lib/db.ts through lib/db-loader.ts (a static import puts it in the first load).',
            },
          ],
        },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-assertions': ['error', { assertionStyle: 'as', objectLiteralTypeAssertions: 'never' }],
      // Fastify plugins and the adapters' interfaces are async by contract even where one
      // implementation has nothing to await.
      '@typescript-eslint/require-await': 'off',
      // TanStack Router's redirect() and notFound() are thrown by design.
      '@typescript-eslint/only-throw-error': [
        'error',
        { allow: [{ from: 'package', package: '@tanstack/router-core', name: ['Redirect', 'NotFoundError'] }] },
      ],
    },
  },
  {
    // Tests read the server's JSON answers as they come; the contract check of the test app
    // holds them to the routes' declared schemas instead of a cast at every read.
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // Tests may open the Dexie module directly: they are never part of a page load.
      '@typescript-eslint/no-restricted-imports': 'off',
      // Fakes stand in for browser objects with only the members a test touches.
      '@typescript-eslint/consistent-type-assertions': ['error', { assertionStyle: 'as', objectLiteralTypeAssertions: 'allow' }],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y, lingui },
    rules: {
      // The two rules of hooks. The preset's other rules prepare code for the React Compiler,
      // which this app does not use.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...jsxA11y.flatConfigs.recommended.rules,
      // A scrollable region (a wide table) takes focus so that a keyboard can scroll it.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { roles: ['tabpanel', 'region'], tags: [] }],
      'lingui/t-call-in-function': 'error',
      'lingui/no-single-variables-to-translate': 'error',
    },
  },
  {
    // What a person reads is rendered in components; plain modules carry header names,
    // selectors, media queries and storage keys, which are not for translation.
    files: ['src/app/**/*.tsx'],
    ignores: ['src/app/**/*.test.tsx', 'src/app/prerender.tsx'],
    plugins: { lingui },
    rules: {
      'lingui/no-unlocalized-strings': [
        'error',
        {
          ignore: ['^(?![A-Z])\\S+$', '^[A-Z0-9_-]+$', '^\\W*$', '^Roundtrip$', '^Natural Earth$', '^\\(.*\\)$', '^\\[.*'],
          ignoreFunctions: [
            'console.*',
            'Error',
            'URL',
            'URLSearchParams',
            'new Error',
            'localStorage.*',
            'sessionStorage.*',
            'document.*',
            'fetch',
            'import',
            'require',
          ],
          ignoreNames: [
            {
              regex: {
                pattern:
                  '^(font|fill|stroke|className|id|key|type|role|href|to|src|alt|name|method|rel|as|target|autoComplete|inputMode|htmlFor|lang|dir|mode|variant|kind|code|status|testId|data-.*)$',
              },
            },
          ],
          useTsTypes: true,
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
