#!/usr/bin/env node
// `npm test`: type check, lint, format check, unit and server integration tests (vitest), the app build,
// then the Playwright suite against the built app; ends with one "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'test-results');
mkdirSync(resultsDir, { recursive: true });

let passed = 0;
let failed = 0;
const steps = [];

function run(name, command, args, env = {}) {
  process.stdout.write(`\n── ${name}: ${command} ${args.join(' ')}\n`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  steps.push(`${name}: ${result.status === 0 ? 'ok' : 'FAILED'} (${seconds} s)`);
  return result.status === 0;
}

function readJson(file) {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

// The type check counts as one test: it either holds for the whole tree or not.
if (run('type check', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit'])) passed += 1;
else failed += 1;
if (existsSync(path.join(root, 'sw', 'tsconfig.json'))) {
  if (run('type check (service worker)', 'npx', ['tsc', '-p', 'sw/tsconfig.json', '--noEmit'])) passed += 1;
  else failed += 1;
}
// The lint holds the architecture (layers, features apart, no cycles, Dexie loaded lazily) and the
// code rules; it counts as one test, like the type check.
if (run('lint', 'npx', ['eslint', '.'])) passed += 1;
else failed += 1;
// Formatting is Prettier's (npm run format); a file it would change counts as one failure.
if (run('format check', 'npx', ['prettier', '--check', '.'])) passed += 1;
else failed += 1;

const vitestReport = path.join(resultsDir, 'vitest.json');
rmSync(vitestReport, { force: true });
const vitestOk = run('unit and integration', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
const vitest = readJson(vitestReport);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  if (!vitestOk && vitest.numFailedTests === 0) failed += 1; // a suite that failed to load
} else {
  failed += 1;
}

if (!run('build', 'npm', ['run', '--silent', 'build'])) {
  failed += 1;
} else if (existsSync(path.join(root, 'playwright.config.ts'))) {
  const e2eReport = path.join(resultsDir, 'e2e.json');
  rmSync(e2eReport, { force: true });
  const e2eOk = run('end to end', 'npx', ['playwright', 'test'], { SKIP_BUILD: 'true' });
  const e2e = readJson(e2eReport);
  if (e2e?.stats) {
    passed += e2e.stats.expected + e2e.stats.flaky;
    failed += e2e.stats.unexpected;
    if (!e2eOk && e2e.stats.unexpected === 0) failed += 1;
  } else {
    failed += 1;
  }
}

process.stdout.write(`\n${steps.join('\n')}\n\n${passed} passed, ${failed} failed\n`);
process.exit(failed === 0 ? 0 : 1);
