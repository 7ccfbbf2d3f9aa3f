// `npm run bench`: measures what users feel, each figure beside a baseline measured in the same run.
// Needs a build (it runs `npm run build` when dist/ is missing) and Chromium (/usr/bin/chromium or CHROMIUM_PATH).
// PostgreSQL figures need BENCH_DATABASE_URL or TEST_DATABASE_URL (a server where it may create databases).
// BENCH_SECONDS (default 10) is the length of each API load; BENCH_START_RUNS (default 5) how many cold visits of the
// account page and the static page the start figures are the median of (twice as many offline reloads); BENCH_LIGHTHOUSE_RUNS (default 3) how many
// Lighthouse runs each page's figures are the median of; BENCH_ONLY=api,raw,withdrawals,frontend,scanner,map picks sections (raw: the first read after a write).
// BENCH_DIST measures another build (e.g. the main branch's, built in a copy) with this bench, and
// BENCH_LABEL names its results file (<date>-<label>), to compare two builds in one sitting.
// `npm run bench -- --check` exits non-zero when a figure of the parts run misses its goal (bench/goals.ts)
// or docs/performance.md's copy of the goals differs from bench/goals.ts.
// `npm run bench -- --scale` measures at two sizes of data instead (bench/scale-run.ts, docs/performance.md, Growth with the data).
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchApi, type ApiCase } from './api';
import { firstLoadBudgetGzipBytes } from './bundle';
import { checkGoals, pageQuotesGoals, verdictTable } from './goals';
import { benchFrontend, type FrontendFigures } from './frontend';
import { startServer } from '../scripts/server-process';
import { benchMap, type MapBenchResult } from './map';
import { benchReadAfterWrite, type ReadAfterWriteRun } from './read-after-write';
import { formatReport } from './report';
import {
  codeToRecordedFigures,
  decodeFrameFigures,
  scanRouteSize,
  type CodeToRecordedFigures,
  type DecodeFrameFigures,
  type ScanRouteSize,
} from './scanner';
import { benchWithdrawals, type WithdrawalBench } from './withdrawals';
import { decoderComparison } from './decoders';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const only = new Set((process.env.BENCH_ONLY ?? 'api,raw,withdrawals,frontend,scanner,map').split(','));
const distDir = process.env.BENCH_DIST ?? 'dist';
const startedAt = new Date();
const log = (line: string) => process.stdout.write(`[${((Date.now() - startedAt.getTime()) / 1000).toFixed(0).padStart(4)} s] ${line}\n`);

if (process.argv.includes('--scale')) {
  const { runScaleBench } = await import('./scale-run');
  await runScaleBench(log);
  process.exit();
}

if ((only.has('frontend') || only.has('scanner') || only.has('map')) && !existsSync(path.join(distDir, 'index.html'))) {
  log('no build in dist/: npm run build');
  execSync('npm run build', { stdio: 'inherit' });
}

let api: ApiCase[] = [];
if (only.has('api')) api = await benchApi({ seconds, postgresUrl, log });

const readAfterWrite: ReadAfterWriteRun[] = [];
if (only.has('raw'))
  for (const kind of postgresUrl ? (['pglite', 'postgres'] as const) : (['pglite'] as const))
    readAfterWrite.push(await benchReadAfterWrite({ kind, postgresUrl, seconds, log }));

let withdrawals: WithdrawalBench | undefined;
if (only.has('withdrawals') && postgresUrl) {
  log('withdrawals: POST /api/v2/withdrawals on PostgreSQL');
  withdrawals = await benchWithdrawals({ seconds, adminUrl: postgresUrl });
}

let frontend: FrontendFigures | undefined;
if (only.has('frontend')) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'roundtrip-bench-app-'));
  log('frontend: starting the app with demo data');
  const server = await startServer(
    'src/server/main.ts',
    { DATA_DIR: dataDir, STATIC_DIR: path.resolve(distDir), SEED_DEMO: 'true' },
    '/readyz',
    18_092,
    // Migrating and seeding the demo data takes minutes on a loaded machine, not the minute allowed by default.
    { timeoutMs: 300_000 },
  );
  try {
    frontend = await benchFrontend({
      baseUrl: server.url.replace('127.0.0.1', 'localhost'),
      distDir,
      // Five cold visits (ten offline reloads): with three, the static page's median moved by a fifth between runs.
      startRuns: Number(process.env.BENCH_START_RUNS ?? 5),
      lighthouseRuns: Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3),
      log,
    });
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

let scanner: { decode: DecodeFrameFigures; codeToRecorded: CodeToRecordedFigures; route: ScanRouteSize } | undefined;
if (only.has('scanner')) {
  log('scanner: ZXing decode time per 640×480 frame');
  const decode = await decodeFrameFigures();
  log('scanner: code entering the fake camera → "Recorded"');
  // BENCH_DIST's build, as for the frontend part: the comparison of two builds covers the scanner too.
  scanner = {
    decode,
    codeToRecorded: await codeToRecordedFigures({ distDir }),
    route: scanRouteSize(path.join(path.resolve(distDir), 'assets')),
  };
}

const decoders = only.has('scanner')
  ? (log('scanner: ZXing-js and zxing-wasm on six hard labels a frame'), await decoderComparison())
  : undefined;

let map: MapBenchResult | undefined;
if (only.has('map')) {
  log('map: time to first pins with 5,000 bins');
  map = await benchMap({ bins: 5_000, runs: 5 });
}

const results = {
  date: startedAt.toISOString(),
  durationSeconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
  machine: {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
  },
  budget: { firstLoadGzipJsBytes: firstLoadBudgetGzipBytes },
  api,
  readAfterWrite,
  withdrawals,
  frontend,
  scanner,
  decoders,
  map,
};

const verdicts = checkGoals(results);
const report = `${formatReport(results, seconds)}\n### Goals (bench/goals.ts), each figure beside what the same run measured\n\n${verdictTable(verdicts)}\n`;
const outputDir = path.join('bench', 'results');
mkdirSync(outputDir, { recursive: true });
const stamp = startedAt.toISOString().slice(0, 10) + (process.env.BENCH_LABEL ? `-${process.env.BENCH_LABEL}` : '');
writeFileSync(path.join(outputDir, `${stamp}.json`), JSON.stringify({ ...results, verdicts }, null, 2) + '\n');
writeFileSync(path.join(outputDir, `${stamp}.md`), report + '\n');
process.stdout.write(`\n${report}\n\nWritten to ${outputDir}/${stamp}.json and ${stamp}.md (${results.durationSeconds} s)\n`);
const missed = verdicts.filter((verdict) => !verdict.met);
const home = frontend?.pages.find((page) => page.name === 'home');
if (process.argv.includes('--check')) {
  const pageInStep = pageQuotesGoals();
  if (!pageInStep)
    process.stdout.write('--check: the goals of docs/performance.md differ from bench/goals.ts (npx tsx bench/goals.ts --docs)\n');
  process.stdout.write(`--check: ${verdicts.length - missed.length} of ${verdicts.length} figures meet their goal\n`);
  for (const verdict of missed)
    process.stdout.write(`  missed: ${verdict.figure} (${verdict.where}): ${verdict.measured}, goal ${verdict.goal}\n`);
  if (missed.length > 0 || !pageInStep) process.exitCode = 1;
} else if (home && home.js.gzip > firstLoadBudgetGzipBytes) process.exitCode = 1;
