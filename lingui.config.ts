import { defineConfig } from '@lingui/cli';

export default defineConfig({
  sourceLocale: 'en-US',
  locales: ['en-US', 'en-GB', 'en-CA', 'fr-FR', 'ja-JP'],
  // The fallback language is fr-FR (docs/product.md, Languages and locale choice); the British and Canadian catalogues fall back to
  // American English first so that a missing spelling variant never shows French.
  fallbackLocales: {
    'en-GB': 'en-US',
    'en-CA': 'en-US',
    default: 'fr-FR',
  },
  catalogs: [
    {
      path: '<rootDir>/src/app/locales/{locale}/messages',
      include: ['<rootDir>/src/app'],
      exclude: ['**/node_modules/**', '**/routeTree.gen.ts'],
    },
  ],
  format: 'po',
});
