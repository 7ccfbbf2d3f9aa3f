#!/usr/bin/env node
// `npm test`: type check, lint, format check, unit, server and component tests (vitest; the component
// tests in Chromium, src/app/README.md, Component tests), the app build,
// then the Playwright suite against the built app and the journeys in WebKit and Firefox
// (e2e-engines/); ends with one line of passed, failed, flaky and skipped tests. As root it first installs and starts what the machine lacks
// (scripts/prepare-test-machine.sh); a part of the suite that cannot run here fails the run unless
// TEST_SKIP names it (postgres, redis, engines).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'test-results');
mkdirSync(resultsDir, { recursive: true });

const defaultDatabaseUrl = 'postgres://postgres@127.0.0.1:5432/test';
const defaultRedisUrl = 'redis://127.0.0.1:6379';
/** Parts of the suite a person may leave out on purpose: TEST_SKIP=postgres,redis,engines. */
const declaredSkips = new Set(
  (process.env.TEST_SKIP ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean),
);
let passed = 0;
let failed = 0;
let flaky = 0;
let skipped = 0;
const steps = [];
/** Why tests did not run, or ran only after a retry: printed above the closing line. */
const notes = [];

/** The line that opens a step's output in the log. */
const stepHeading = (name, command, args) => `\n── ${name}: ${command} ${args.join(' ')}\n`;

const secondsSince = (started) => ((Date.now() - started) / 1000).toFixed(0);

/** Adds a step's line to the closing summary. */
function recordStep(name, ok, seconds) {
  steps.push(`${name}: ${ok ? 'ok' : 'FAILED'} (${seconds} s)`);
}

function run(name, command, args, env = {}) {
  process.stdout.write(stepHeading(name, command, args));
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  recordStep(name, result.status === 0, secondsSince(started));
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

async function databaseAnswers(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function redisAnswers(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.createConnection({ host: hostname, port: Number(port || 6379) });
    const done = (answer) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(2_000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

if (process.getuid?.() === 0 && process.env.TEST_PREPARE_MACHINE !== 'false') {
  if (!run('machine', 'bash', [path.join('scripts', 'prepare-test-machine.sh')])) failed += 1;
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  notes.push(`Chromium is not at ${chromium}: run npm test as root to install it (apt-get install chromium), or set CHROMIUM_PATH`);
}

// The server tests run on PGlite and, when a PostgreSQL server answers, on it too; the Redis tests
// need a Redis. Whatever answers at the usual local address is used; a part left out says so.
const optionalParts = [
  {
    name: 'postgres',
    variable: 'TEST_DATABASE_URL',
    fallback: defaultDatabaseUrl,
    answers: databaseAnswers,
    what: 'the PostgreSQL half of the server tests',
  },
  {
    name: 'redis',
    variable: 'TEST_REDIS_URL',
    fallback: defaultRedisUrl,
    answers: redisAnswers,
    what: 'the Redis rate-limit and two-instance tests',
  },
];
for (const part of optionalParts) {
  const url = process.env[part.variable] ?? part.fallback;
  if (await part.answers(url)) {
    process.env[part.variable] = url;
    continue;
  }
  delete process.env[part.variable];
  const declared = declaredSkips.has(part.name);
  notes.push(
    `${declared ? 'skipped (TEST_SKIP)' : 'NOT RUN'}: ${part.what}; nothing answers at ${url}` +
      (declared ? '' : ` (run npm test as root to install it, set ${part.variable}, or TEST_SKIP=${part.name} to leave it out on purpose)`),
  );
  if (!declared) failed += 1;
}

/** The first lines of an error message, without terminal colours: enough to say why in a closing line. */
function firstLines(message, lines = 4) {
  return (
    String(message ?? '')
      // eslint-disable-next-line no-control-regex
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .slice(0, lines)
      .join(' | ')
      .slice(0, 600)
  );
}

/**
 * "file:line title" of each Playwright test whose outcome is `status`: 'flaky' (passed only on a
 * retry) or 'unexpected' (failed), each with the first lines of its first failed try's error: a
 * flaky test's only trace of why is there.
 */
function testTitles(report, status) {
  const titles = [];
  const visit = (suite, trail) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== status) continue;
        const firstFailure = (test.results ?? []).find((result) => result.status !== 'passed' && result.status !== 'skipped');
        const why = firstLines(firstFailure?.error?.message ?? firstFailure?.errors?.[0]?.message);
        titles.push(`${spec.file}:${spec.line} ${[...trail, spec.title].join(' › ')}${why ? `\n    first try: ${why}` : ''}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child, suite.title && !suite.title.endsWith('.ts') ? [...trail, suite.title] : trail);
  };
  for (const suite of report.suites ?? []) visit(suite, []);
  return titles;
}

/**
 * Runs checks side by side, two at a time (the machine has two cores, and each of these is one
 * process on one core), each printed whole once it ends. Whether it passed is all that is kept.
 */
async function runTogether(checks) {
  const results = new Map();
  const queue = [...checks];
  const worker = async () => {
    for (let check = queue.shift(); check; check = queue.shift()) {
      const started = Date.now();
      const output = [];
      const status = await new Promise((resolve) => {
        const child = spawn(check.command, check.args, { cwd: root, env: process.env });
        child.stdout.on('data', (chunk) => output.push(chunk));
        child.stderr.on('data', (chunk) => output.push(chunk));
        child.on('error', (error) => {
          output.push(Buffer.from(`${error.message}\n`));
          resolve(1);
        });
        child.on('close', (code) => resolve(code ?? 1));
      });
      process.stdout.write(`${stepHeading(check.name, check.command, check.args)}${Buffer.concat(output).toString()}`);
      results.set(check, { ok: status === 0, seconds: secondsSince(started) });
    }
  };
  await Promise.all([worker(), worker()]);
  for (const check of checks) {
    const result = results.get(check);
    recordStep(check.name, result.ok, result.seconds);
    // Each check counts as one test: it holds for the whole tree or not.
    if (result.ok) passed += 1;
    else failed += 1;
  }
}

// The lint holds the architecture (layers, features apart, no cycles, Dexie loaded lazily) and the
// code rules; formatting is Prettier's (npm run format). The lint, the longest, starts first.
await runTogether([
  { name: 'lint', command: 'npx', args: ['eslint', '.'] },
  { name: 'type check', command: 'npx', args: ['tsc', '-p', 'tsconfig.json', '--noEmit'] },
  ...(existsSync(path.join(root, 'sw', 'tsconfig.json'))
    ? [{ name: 'type check (service worker)', command: 'npx', args: ['tsc', '-p', 'sw/tsconfig.json', '--noEmit'] }]
    : []),
  { name: 'format check', command: 'npx', args: ['prettier', '--check', '.'] },
]);

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
  const vitestSkipped = vitest.numPendingTests + vitest.numTodoTests;
  skipped += vitestSkipped;
  if (vitestSkipped > 0) {
    failed += 1;
    notes.push(`vitest skipped ${vitestSkipped} test(s) (it.skip, skipIf or todo): a skip needs TEST_SKIP and a reason, see above`);
  }
  if (!vitestOk && vitest.numFailedTests === 0) failed += 1; // a suite that failed to load
  // Named in the closing lines, which are what a CI log keeps when its middle is cut.
  for (const file of vitest.testResults ?? []) {
    const failedHere = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedHere) {
      const why = firstLines(test.failureMessages?.[0]);
      notes.push(`failed: ${path.relative(root, file.name)} › ${test.fullName ?? test.title}${why ? `\n    ${why}` : ''}`);
    }
    if (file.status === 'failed' && failedHere.length === 0) notes.push(`failed to load: ${path.relative(root, file.name)}`);
  }
  // The component tests run in Chromium (vitest project `components`): a browser that would not start
  // fails their files without failing a test, and a filter could leave them out. Either way they did
  // not pass: none of them passing is a failure, said by name.
  const componentTests = (vitest.testResults ?? [])
    .filter((file) => String(file.name).endsWith('.browser.test.tsx'))
    .flatMap((file) => file.assertionResults ?? []);
  const componentsPassed = componentTests.filter((test) => test.status === 'passed').length;
  steps.push(`  of which component tests in Chromium: ${componentsPassed} passed of ${componentTests.length}`);
  if (componentsPassed === 0) {
    failed += 1;
    notes.push(
      `NOT RUN: the component tests in Chromium (vitest project components) passed none: is Chromium at ${chromium}? (npx vitest run --project components says why)`,
    );
  }
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
    passed += e2e.stats.expected;
    failed += e2e.stats.unexpected;
    flaky += e2e.stats.flaky;
    skipped += e2e.stats.skipped;
    for (const title of testTitles(e2e, 'unexpected')) notes.push(`failed: ${title}`);
    // A test that passed only on its retry fails the run: it is a bug in the test or the app that
    // shows itself under some timing, and the retry is there to report both tries, not to hide one.
    for (const title of testTitles(e2e, 'flaky')) notes.push(`flaky (failed, then passed on a retry; fails the run): ${title}`);
    if (e2e.stats.skipped > 0) {
      failed += 1;
      notes.push(`Playwright skipped ${e2e.stats.skipped} test(s): a skip needs TEST_SKIP and a reason`);
    }
    if (!e2eOk && e2e.stats.unexpected === 0) failed += 1;
  } else {
    failed += 1;
  }
}

// The journeys in WebKit and Firefox (e2e-engines/, npm run test:engines): its own runner and server
// port; it writes its count to test-results/engines.json. TEST_SKIP=engines leaves it out on purpose.
if (declaredSkips.has('engines')) {
  notes.push('skipped (TEST_SKIP): the WebKit and Firefox walks (npm run test:engines)');
} else if (existsSync(path.join(root, 'dist', 'index.html')) && existsSync(path.join(root, 'e2e-engines', 'run.ts'))) {
  const enginesReport = path.join(resultsDir, 'engines.json');
  rmSync(enginesReport, { force: true });
  const enginesOk = run('cross-engine (WebKit, Firefox)', 'node', ['--import', 'tsx', path.join('e2e-engines', 'run.ts')]);
  const engines = readJson(enginesReport);
  if (engines) {
    passed += engines.passed;
    failed += engines.failed;
    if (!enginesOk && engines.failed === 0) failed += 1;
  } else {
    failed += 1;
  }
}

process.stdout.write(
  `\n${steps.join('\n')}\n${notes.length ? `\n${notes.join('\n')}\n` : ''}\n${passed} passed, ${failed} failed, ${flaky} flaky, ${skipped} skipped\n`,
);
process.exit(failed === 0 && flaky === 0 ? 0 : 1);
