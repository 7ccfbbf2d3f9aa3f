import { defineConfig, devices } from '@playwright/test';
import { e2eOperatorKey } from './e2e/support/ops';
import { chromiumFlags } from './e2e/support/chromium-flags';

const port = Number(process.env.E2E_PORT ?? 8181);
// One data directory per port, so two runs on different E2E_PORTs never wipe each other's data.
export const e2eDataDir = `.tmp/e2e-data-${port}`;

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  // Per port, like the data directory: a run cleans its own artefacts only.
  outputDir: `test-results/playwright-${port}`,
  fullyParallel: true,
  // The machine has two cores; the server and the browsers share them.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'en-US',
    timezoneId: 'UTC',
    // Recording a trace costs every test CPU (a snapshot per action): in CI, where a failed test is
    // retried, only the retry records one; a run without retries keeps the trace of each failure.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    // Each new context would otherwise download the whole precache; the specs about offline
    // behaviour and updates allow the service worker themselves.
    serviceWorkers: 'block',
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumFlags,
    },
  },
  projects: [
    { name: 'chromium', testIgnore: '**/console-content.spec.ts' },
    // Editors publish page texts on the one shared server: the walk runs once every other test has
    // finished, so no page test reads a draft published meanwhile (alone: `--no-deps`).
    { name: 'content-publishing', testMatch: '**/console-content.spec.ts', dependencies: ['chromium'] },
  ],
  webServer: {
    // Playwright starts the web server before any globalSetup, so the wrapper empties the
    // data directory itself before it runs scripts/start.mjs: every run starts fresh.
    command: 'node e2e/serve.mjs',
    url: `http://localhost:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // OPS_KEY opens the operator routes (/api/v2/ops) so tests can issue containers and check them in.
    env: {
      PORT: String(port),
      DATA_DIR: e2eDataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      OPS_KEY: e2eOperatorKey,
      // The tests credit customers large amounts to set up withdrawals, in dollars, euros and yen: only
      // pounds have a limit, which e2e/console-care.spec.ts crosses to walk a second operator's approval.
      APPROVAL_LIMITS: JSON.stringify({ GBP: '20.00' }),
      // LINE Pay is offered in no market by default; the e2e server offers it in Japan to test its form.
      LINE_PAY_MARKETS: 'jp',
      // Every test signs up and signs in from 127.0.0.1, often as the same demo customer: far more
      // than one person does. The limits themselves are tested in the server's tests.
      RATE_LIMITS: JSON.stringify({
        signUpsPerAddress: { points: 10_000, windowSeconds: 3600 },
        loginPerAddress: { points: 10_000, windowSeconds: 900 },
        loginPerAccount: { points: 1_000, windowSeconds: 900 },
        // Invitations accepted (the console's specs invite a new operator for nearly every test).
        resetAttemptsPerAddress: { points: 10_000, windowSeconds: 3600 },
      }),
    },
  },
});
