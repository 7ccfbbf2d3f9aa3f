// The scanner's bag alone (bench/scanner.ts, bagFigures), run many times: one run a build moves by a
// few hundred milliseconds, so two builds are compared on several runs each, interleaved in one
// sitting. `npx tsx bench/bag.ts`; needs the builds (npm run build).
// BAG_DISTS: builds to compare, comma-separated (default dist); BAG_RUNS: runs of each (default 5).
// Each run has a server of its own (fresh PGlite), on BAG_PORT (default 18_193). Prints every total
// with the load average, the medians, and for a frame over 2 s the page's calls to /scans (when
// sent, status, how long): a first send that failed and waited for its retry would show there.
// BAG_OUT: a JSON file for the runs.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bagFigures, scannerBenchOperatorKey, startScannerServer, type CodeToRecordedFigures } from './scanner';
import { percentile, round } from './stats';

const dists = (process.env.BAG_DISTS ?? 'dist').split(',').map((dist) => path.resolve(dist));
const runs = Number(process.env.BAG_RUNS ?? 5);
const port = Number(process.env.BAG_PORT ?? 18_193);

/** The page's calls to the scans endpoints, as the page made them (page time, ms). */
const logScanCalls = `(() => {
  window.scanCalls = [];
  const original = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input.url;
    if (!url.includes('/api/v2/scans')) return original(input, init);
    const call = { url: url.replace(/^.*\\/api\\/v2/, ''), start: Math.round(performance.now()) };
    window.scanCalls.push(call);
    try {
      const response = await original(input, init);
      call.status = response.status;
      call.ms = Math.round(performance.now() - call.start);
      return response;
    } catch (error) {
      call.error = String(error);
      throw error;
    }
  };
})();`;

interface ScanCall {
  url: string;
  start: number;
  status?: number;
  ms?: number;
  error?: string;
}

interface BagRun {
  dist: string;
  bag: CodeToRecordedFigures['bag'];
  loadAverage: number[];
  scanCalls: ScanCall[];
}

const done: BagRun[] = [];
for (let round_ = 0; round_ < runs; round_ += 1) {
  for (const dist of dists) {
    const workDir = mkdtempSync(path.join(os.tmpdir(), 'roundtrip-bag-'));
    const server = await startScannerServer(workDir, dist, port);
    try {
      let scanCalls: ScanCall[] = [];
      const bag = await bagFigures(server, scannerBenchOperatorKey, path.join(workDir, 'bag.y4m'), {
        initScripts: [logScanCalls],
        collect: async (page) => {
          scanCalls = await page.evaluate(() => (window as unknown as { scanCalls: ScanCall[] }).scanCalls);
        },
      });
      const loadAverage = os.loadavg().map((value) => round(value, 2));
      done.push({ dist, bag, loadAverage, scanCalls });
      process.stdout.write(
        `${path.relative(process.cwd(), dist) || dist}: ${bag.frameToAllRecordedMs.join(' + ')} = ${bag.totalMs ?? 'not all recorded'} ms ` +
          `(recorded ${bag.recorded} of ${bag.labels}; load ${loadAverage.join(' ')})\n`,
      );
      if (bag.totalMs === null || bag.frameToAllRecordedMs.some((ms) => ms > 2_000))
        for (const call of scanCalls) process.stdout.write(`  ${JSON.stringify(call)}\n`);
    } finally {
      await server.stop();
      rmSync(workDir, { recursive: true, force: true });
    }
  }
}

for (const dist of dists) {
  const totals = done.filter((run) => run.dist === dist).map((run) => run.bag.totalMs);
  const measured = totals.filter((total): total is number => total !== null);
  process.stdout.write(
    `${dist}: ${totals.join(', ')}; median ${percentile(measured, 0.5)} ms; ` +
      `${measured.filter((total) => total <= 1_000).length} of ${totals.length} within 1,000 ms\n`,
  );
}
if (process.env.BAG_OUT) writeFileSync(process.env.BAG_OUT, JSON.stringify(done, null, 2) + '\n');
