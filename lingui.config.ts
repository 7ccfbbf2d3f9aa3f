import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
import { supportedLocales } from './src/domain/markets';

/** The operators' console: its feature folder and its route files (globs: the route folder's name has braces). */
const operatorConsole = ['<rootDir>/src/app/features/console/**', '<rootDir>/src/app/routes/*/ops/**'];

/**
 * What only the profile, withdrawal, scan and data-request pages show, and the forms that open on a
 * tap (payment method, dispute): the later catalogue, which those pages' loaders and those forms'
 * lazy imports ask for (src/app/lib/i18n.ts), kept out of every page's first load. A file listed here
 * must be rendered there alone (its texts are nowhere else).
 */
const laterScreens = [
  '<rootDir>/src/app/features/profile/**',
  '<rootDir>/src/app/features/privacy/delete-account-form.tsx',
  '<rootDir>/src/app/features/privacy/data-request-form.tsx',
  '<rootDir>/src/app/features/privacy/data-export.tsx',
  '<rootDir>/src/app/features/payments/withdraw-form.tsx',
  '<rootDir>/src/app/features/notifications/email-preference.tsx',
  '<rootDir>/src/app/features/locale/language-setting.tsx',
  '<rootDir>/src/app/features/scan/scan-screen.tsx',
  '<rootDir>/src/app/features/payments/payment-method-form.tsx',
  '<rootDir>/src/app/features/wallet/dispute-form.tsx',
];

export default defineConfig({
  sourceLocale: 'en-US',
  // The one list of locales (src/domain/markets.ts).
  locales: [...supportedLocales],
  // The fallback language is fr-FR (docs/product.md, Languages and locale choice); the British and Canadian catalogues fall back to
  // American English first so that a missing spelling variant never shows French; Canadian French
  // falls back to France's, whose wording it shares but for the Quebec words.
  fallbackLocales: {
    'en-GB': 'en-US',
    'en-CA': 'en-US',
    'fr-CA': 'fr-FR',
    default: 'fr-FR',
  },
  catalogs: [
    {
      path: '<rootDir>/src/app/locales/{locale}/messages',
      include: ['<rootDir>/src/app'],
      exclude: ['**/node_modules/**', '**/routeTree.gen.ts', ...operatorConsole, ...laterScreens],
    },
    {
      path: '<rootDir>/src/app/locales/{locale}/later',
      include: laterScreens,
    },
    // The operators' console has its own catalogue, loaded by the console only: its texts would
    // otherwise sit in every customer's first load (src/app/features/console/README.md).
    {
      path: '<rootDir>/src/app/locales/{locale}/console',
      include: operatorConsole,
    },
  ],
  // File names without line numbers: a change above a message does not rewrite its catalogue entry,
  // so two branches that add texts to different files merge without touching each other's entries.
  format: formatter({ lineNumbers: false }),
});
