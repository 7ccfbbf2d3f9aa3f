import { defineConfig } from 'vitest/config';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { playwright } from '@vitest/browser-playwright';

/** Debian's Chromium, as for the end-to-end tests; Playwright never downloads a browser of its own. */
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  // App modules use the Lingui macros (titles with plurals are unit-tested), as in vite.config.ts.
  plugins: [babel({ include: /src[\\/]app[\\/].*\.[jt]sx?(?:$|\?)/, plugins: ['@lingui/babel-plugin-lingui-macro'] })],
  test: {
    environment: 'node',
    // One migrated database of each kind that every test database starts as.
    globalSetup: ['src/server/testing/database-templates.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts', 'src/domain/**/*.test.ts'],
          // The server's files share a worker's loaded modules instead of importing Fastify, zod and every
          // module again per file (about 40 % of the suite's CPU): each test builds its own app and
          // database, and nothing here keeps state in a module.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'app',
          include: ['src/app/**/*.test.ts', 'src/app/**/*.test.tsx', 'sw/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: ['src/app/**/*.browser.test.tsx'],
          // The app's and the worker's tests replace globals (IndexedDB, fetch, timers): a file each.
          isolate: true,
        },
      },
      {
        // Components rendered in a real Chromium (src/app/README.md, Component tests): what a person
        // sees and what a screen reader is told, in each language, with the network replaced at fetch.
        extends: true,
        // The catalogues are imported as the app imports them (lib/i18n.ts), compiled from the .po files.
        plugins: [lingui()],
        test: {
          name: 'components',
          include: ['src/app/**/*.browser.test.tsx'],
          // A passing test takes under a second; a broken one waits for its element until this, so keep it short.
          testTimeout: 10_000,
          // expect.element polls for 1 s by default: too short for a first render while the server's
          // tests load both cores beside it, as they do in npm test.
          expect: { poll: { timeout: 5_000 } },
          setupFiles: ['src/app/testing/browser-setup.ts'],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: { executablePath: chromiumPath } }),
            instances: [{ browser: 'chromium' }],
            // A phone's width: the screens are made for 360 px first.
            viewport: { width: 360, height: 800 },
            screenshotFailures: false,
          },
        },
      },
    ],
  },
});
