/**
 * `npm run test:engines`: the journeys in WebKit (WebKitGTK's MiniBrowser) and Firefox ESR, both
 * engines at once against one server of the built app. Starts what it needs (a virtual display for
 * WebKit, the server on ENGINES_PORT, default 8491), runs the walks with node:test, prints their
 * report, and writes test-results/engines.json: passed, failed and seconds, which npm test counts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import { serverPort, startServer, stopProcess } from './support/server';
import { root } from './support/walk';

/** Each walk file with its engine: one browser session each, all at once. */
const walkFiles = [
  { engine: 'webkit', file: path.join(root, 'e2e-engines', 'walks', 'webkit-fr.walk.ts') },
  { engine: 'webkit', file: path.join(root, 'e2e-engines', 'walks', 'webkit-ja.walk.ts') },
  { engine: 'firefox', file: path.join(root, 'e2e-engines', 'walks', 'firefox.walk.ts') },
];
const resultsFile = path.join(root, 'test-results', 'engines.json');

/** What each engine needs on this machine; a missing one fails the run with how to install it. */
const needs = [
  { engine: 'webkit', file: '/usr/bin/WebKitWebDriver', install: 'apt-get install webkit2gtk-driver' },
  { engine: 'webkit', file: '/usr/bin/Xvfb', install: 'apt-get install xvfb' },
  { engine: 'firefox', file: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr', install: 'apt-get install firefox-esr' },
];
/** ENGINES=webkit or ENGINES=firefox walks one engine only. */
const selected = (process.env.ENGINES ?? 'webkit,firefox').split(',').map((name) => name.trim());

/** A virtual screen for MiniBrowser on a display number Xvfb picks itself (other runs may hold :99). */
function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  const xvfb = spawn('Xvfb', ['-displayfd', '1', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    xvfb.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const number = /^(\d+)\n/.exec(output)?.[1];
      if (number) resolve({ display: `:${number}`, process: xvfb });
    });
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited with ${code}`)));
  });
}

const started = Date.now();
const missing = needs.filter((need) => selected.includes(need.engine) && !existsSync(need.file));
let passed = 0;
let failed = 0;
/** Each walk's own time (one browser session), by its title. */
const walkSeconds: Record<string, number> = {};

if (missing.length > 0) {
  for (const need of missing) {
    process.stderr.write(
      `cross-engine suite: ${need.file} is missing (${need.install}, or run npm test as root; TEST_SKIP=engines leaves the walks out of npm test)\n`,
    );
  }
  failed += 1;
} else {
  mkdirSync(path.dirname(resultsFile), { recursive: true });
  rmSync(path.join(root, 'test-results', 'engines'), { recursive: true, force: true });
  const xvfb = await startXvfb();
  let server: ChildProcess | undefined;
  try {
    process.stdout.write(`cross-engine suite: server on port ${serverPort}, display ${xvfb.display}\n`);
    const serverStarted = Date.now();
    server = await startServer(root);
    process.stdout.write(`cross-engine suite: the server answered after ${Math.round((Date.now() - serverStarted) / 1000)} s\n`);
    process.env.DISPLAY = xvfb.display;
    // The e2e helpers read the mails of the server on E2E_PORT (e2e/support/mail.ts).
    process.env.E2E_PORT = String(serverPort);
    const files = walkFiles.filter((walk) => selected.includes(walk.engine)).map((walk) => walk.file);
    // Each walk file in its own process, all at once: WebKit's two languages and Firefox.
    const stream = run({ files, concurrency: files.length, timeout: 300_000 });
    /** Failed tests inside each walk file: a file that failed with none (it did not load, or crashed) counts once. */
    const failuresIn = new Map<string, number>();
    const failedFiles = new Set<string>();
    const isWalkFile = (event: { nesting: number; file?: string }) =>
      event.nesting === 0 && event.file !== undefined && files.includes(event.file);
    stream.on('test:pass', (event) => {
      if (event.details.type === 'suite' && event.nesting === 0) walkSeconds[event.name] = event.details.duration_ms / 1000;
      else if (event.details.type !== 'suite' && !isWalkFile(event)) passed += 1;
    });
    stream.on('test:fail', (event) => {
      if (event.details.type === 'suite' && event.nesting === 0) walkSeconds[event.name] = event.details.duration_ms / 1000;
      else if (isWalkFile(event)) failedFiles.add(event.file!);
      else {
        failed += 1;
        if (event.file) failuresIn.set(event.file, (failuresIn.get(event.file) ?? 0) + 1);
      }
    });
    await new Promise<void>((resolve, reject) => {
      const reporter = stream.pipe(new spec());
      reporter.on('data', (chunk: string | Buffer) => process.stdout.write(chunk));
      reporter.on('end', () => resolve());
      reporter.on('error', reject);
    });
    for (const file of failedFiles) if (!failuresIn.get(file)) failed += 1;
  } finally {
    await stopProcess(server);
    await stopProcess(xvfb.process);
  }
}

const seconds = Math.round((Date.now() - started) / 1000);
writeFileSync(resultsFile, `${JSON.stringify({ passed, failed, seconds, walks: walkSeconds }, null, 2)}\n`);
process.stdout.write(
  `\ncross-engine suite: ${passed} passed, ${failed} failed in ${seconds} s (${Object.entries(walkSeconds)
    .map(([walk, walked]) => `${walk} ${walked.toFixed(0)} s`)
    .join(', ')})\n`,
);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
