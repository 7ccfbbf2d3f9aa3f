// The readable table of a bench run (Markdown, written beside its JSON in bench/results).
import type { ApiCase } from './api';
import type { FrontendFigures } from './frontend';
import type { MapBenchResult } from './map';
import { decoderTable, type DecoderComparison } from './decoders';
import type { CallFigures, ReadAfterWriteRun } from './read-after-write';
import type { CodeToRecordedFigures, DecodeFrameFigures, ScanRouteSize } from './scanner';
import type { WithdrawalBench } from './withdrawals';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function apiTable(api: ApiCase[], seconds: number): string[] {
  if (api.length === 0) return [];
  return [
    `### API (autocannon, ${seconds} s each; /healthz is the same server's, measured in the same run)`,
    '',
    '| call | database | connections | req/s (2xx) | p50 | p99 | ratio to /healthz | ratio to bare Fastify | non-2xx / errors / timeouts |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
    ...api.map(
      (entry) =>
        `| ${entry.name} | ${entry.database} | ${entry.connections} | ${entry.figures.requestsPerSecond} | ${entry.figures.p50Ms} ms | ${entry.figures.p99Ms} ms | ${entry.ratioToHealthz === null ? '' : entry.ratioToHealthz.toFixed(2)} | ${entry.ratioToBaseline === null ? '' : entry.ratioToBaseline.toFixed(3)} | ${entry.figures.non2xx} / ${entry.figures.errors} / ${entry.figures.timeouts} |`,
    ),
    '',
  ];
}

const failures = (call: CallFigures) => {
  const failed = call.non2xx + call.errors + call.timeouts;
  return failed > 0 ? ` (${call.non2xx} non-2xx, ${call.errors} errors, ${call.timeouts} timeouts!)` : '';
};
const latency = (call: CallFigures) => `${call.p50Ms} / ${call.p99Ms} ms${failures(call)}`;

function readAfterWriteTable(runs: ReadAfterWriteRun[]): string[] {
  if (runs.length === 0) return [];
  return [
    `### First read after a write (${runs[0]!.workers} workers, ${runs[0]!.seconds} s each; p50 / p99)`,
    '',
    'Each worker: the operator adjusts the balance, then the customer reads the balance and the history',
    '(the page of 1,000). Baselines from the same server in the same run: `/healthz` in the same loop,',
    'and the same reads of the 1,000-row customer with no write before them.',
    '',
    '| database | case | rounds | write | balance | history (1,000 per page) | reads not showing the write |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...runs.flatMap((run) => [
      `| ${run.database} | baseline: \`/healthz\` in each column's place | ${run.healthz.count / 3} | ${latency(run.healthz)} | ${latency(run.healthz)} | ${latency(run.healthz)} | |`,
      `| ${run.database} | baseline: no write before the reads | ${run.unchanged.balance.count} | | ${latency(run.unchanged.balance)} | ${latency(run.unchanged.history)} | |`,
      ...run.cases.map(
        (entry) =>
          `| ${run.database} | ${entry.name} | ${entry.rounds} | ${latency(entry.write)} | ${latency(entry.balance)} | ${latency(entry.history)} | ${entry.violations.balance + entry.violations.history} |`,
      ),
    ]),
    '',
  ];
}

function frontendTables(frontend: FrontendFigures | undefined, budget: number): string[] {
  if (!frontend) return [];
  const lines = [
    `### First visit: JavaScript and CSS downloaded (budget for /: ${kb(budget)} gzip JS)`,
    '',
    '| page | JS files | JS gzip | JS brotli | CSS gzip | CSS brotli | MapLibre / ZXing in it |',
    '|---|---:|---:|---:|---:|---:|---|',
    ...frontend.pages.map(
      (page) =>
        `| ${page.name} (\`${page.path}\`) | ${page.js.files} | ${kb(page.js.gzip)} | ${kb(page.js.brotli)} | ${kb(page.css.gzip)} | ${kb(page.css.brotli)} | ${page.routeOnlyLibraries.join(', ') || 'none'} |`,
    ),
    '',
    `Precache: ${frontend.precache.files} files, ${kb(frontend.precache.bytes)}.`,
    '',
    '### Start of /us/user/account: navigation to the first balance on screen, and to the app ready for a tap (medians)',
    '',
    "The first balance is, online, the customer's current one, which the server puts into the account page's shell for a signed-in request, and offline the one the app last saved, drawn by the shell's own script before the app runs; ready for a tap is the app started with its withdraw link rendered; the app's own mark of showing the balance is beside them. Ratios are over the static page's balance in the same run.",
    '',
    '| case | first balance | ratio | ready for a tap | ratio | app shows it itself | static page (baseline) | runs |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...(
      [
        ['online, cold, Lighthouse mobile throttling (150 ms RTT, 1.6 Mbps, 4× CPU)', frontend.onlineStart],
        ['offline reload after one visit', frontend.offlineStart],
      ] as const
    ).map(
      ([name, start]) =>
        `| ${name} | ${start.appFirstShownMedianMs} ms | ${start.ratio} | ${start.readyMedianMs} ms | ${start.readyRatio} | ${start.appMedianMs} ms | ${start.baselineMedianMs} ms | ${start.runs} |`,
    ),
    '',
    `### Lighthouse 12 (mobile preset), medians of ${frontend.lighthouse[0]?.runs ?? 1} runs`,
    '',
    '| page | performance | FCP | LCP | TBT | accessibility | best practices | SEO | FCP of each run |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
    ...frontend.lighthouse.map(
      (entry) =>
        `| \`${entry.path}\` | ${entry.performance} | ${entry.firstContentfulPaintMs} ms | ${entry.largestContentfulPaintMs} ms | ${entry.totalBlockingTimeMs} ms | ${entry.accessibility ?? '–'} | ${entry.bestPractices ?? '–'} | ${entry.seo ?? '–'} | ${entry.firstContentfulPaintsMs.join(', ')} ms |`,
    ),
    '',
  ];
  return lines;
}

function withdrawalsTable(bench: WithdrawalBench | undefined): string[] {
  if (!bench) return [];
  return [
    `### Withdrawals on PostgreSQL (${bench.connections} connections, ${bench.seconds} s, a new Idempotency-Key each)`,
    '',
    '| case | req/s (201) | p50 | p99 | accepted | in the database | accepted, not in the database | in the database, never answered | non-2xx / errors / timeouts | negative balances |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...bench.cases.map(
      (entry) =>
        `| ${entry.name} | ${entry.requestsPerSecond} | ${entry.p50Ms} ms | ${entry.p99Ms} ms | ${entry.accepted} | ${entry.withdrawalsInDatabase} | ${entry.acceptedNotInDatabase} | ${entry.unansweredInDatabase} | ${entry.non2xx} / ${entry.errors} / ${entry.timeouts} | ${entry.negativeBalances} |`,
    ),
    '',
  ];
}

function scannerTable(
  scanner: { decode: DecodeFrameFigures; codeToRecorded: CodeToRecordedFigures; route: ScanRouteSize } | undefined,
): string[] {
  if (!scanner) return [];
  const { decode, codeToRecorded, route } = scanner;
  return [
    '### Scanner',
    '',
    '| figure | value |',
    '|---|---|',
    `| ZXing decode of a 640×480 frame with a label (${decode.runs} runs) | median ${decode.withCodeMs.median} ms, p95 ${decode.withCodeMs.p95} ms |`,
    `| ZXing on a frame with nothing in view (straight / turned 15°) | median ${decode.emptySceneMs.median} ms / ${decode.emptySceneTiltedMs.median} ms |`,
    `| label entering the fake camera's view → "Recorded" (${codeToRecorded.codes} labels timed) | median ${codeToRecorded.codeToRecordedMs.median} ms, p95 ${codeToRecorded.codeToRecordedMs.p95} ms |`,
    `| labels never recorded (misses) | ${codeToRecorded.missed} of ${codeToRecorded.presented} |`,
    `| one label a second | ${codeToRecorded.rapid.recordedOnFirstPass} of ${codeToRecorded.rapid.labelsPresented} recorded on the first pass |`,
    `| a bag: ${codeToRecorded.bag.labels} labels, ${codeToRecorded.bag.perFrame} a frame, CPU ${codeToRecorded.bag.cpuSlowdown}× slower (zxing-wasm): first frame → all recorded | ${codeToRecorded.bag.totalMs === null ? `not all recorded (${codeToRecorded.bag.recorded} of ${codeToRecorded.bag.labels})` : `${codeToRecorded.bag.totalMs} ms (per frame ${codeToRecorded.bag.frameToAllRecordedMs.join(' + ')} ms)`} |`,
    `| scans a minute: scanner alone / a person (${codeToRecorded.scansPerMinute.personWithHandlingSeconds} s to handle each container) | ${codeToRecorded.scansPerMinute.scannerLimit} / ${codeToRecorded.scansPerMinute.person} |`,
    `| scan route JavaScript (route, screen, ZXing) | ${kb(route.gzipBytes)} gzip |`,
    '',
  ];
}

function mapTable(map: MapBenchResult | undefined): string[] {
  if (!map) return [];
  return [
    `### Map (${map.bins} bins, ${map.runs} runs)`,
    '',
    '| figure | value |',
    '|---|---|',
    `| navigation → first pins, new profile (cold) | median ${map.timeToFirstPinsMs.cold.median} ms |`,
    `| navigation → first pins, reload (warm) | median ${map.timeToFirstPinsMs.warm.median} ms |`,
    `| panning, ${map.panning.viewport.width}×${map.panning.viewport.height}, CPU ${map.panning.cpuSlowdown}× slower | ${map.panning.fps} frames/s over ${map.panning.durationMs} ms; p95 frame ${map.panning.p95FrameMs} ms; ${map.panning.framesOver50Ms} frames over 50 ms; ${map.panning.ratioToMaplibre}× MapLibre alone's ${map.panning.beside.maplibre.fps} frames/s; the page without bins ${map.panning.beside.bareMap.fps}; a plain page ${map.panning.beside.plainPage.fps} |`,
    `| bins payload | ${kb(map.payload.rawBytes)} raw, ${kb(map.payload.gzipBytes)} gzip |`,
    `| map route JavaScript (MapLibre and the page) | ${kb(map.mapRouteJs.gzipBytes)} gzip; worker ${kb(map.mapRouteJs.workerGzipBytes)}; offline basemap ${kb(map.mapRouteJs.basemapGzipBytes)} |`,
    '',
  ];
}

export interface BenchResults {
  date: string;
  durationSeconds: number;
  machine: { cpus: number; cpuModel: string; node: string };
  budget: { firstLoadGzipJsBytes: number };
  api: ApiCase[];
  readAfterWrite: ReadAfterWriteRun[];
  withdrawals?: WithdrawalBench;
  frontend?: FrontendFigures;
  scanner?: { decode: DecodeFrameFigures; codeToRecorded: CodeToRecordedFigures; route: ScanRouteSize };
  /** The scanner's fallback decoders side by side (bench/decoders.ts). */
  decoders?: DecoderComparison;
  map?: MapBenchResult;
}

export function formatReport(results: BenchResults, seconds: number): string {
  return [
    `## Bench run ${results.date} (${results.machine.cpus} cores, ${results.machine.cpuModel}, Node ${results.machine.node}, ${results.durationSeconds} s)`,
    '',
    ...frontendTables(results.frontend, results.budget.firstLoadGzipJsBytes),
    ...apiTable(results.api, seconds),
    ...readAfterWriteTable(results.readAfterWrite),
    ...withdrawalsTable(results.withdrawals),
    ...scannerTable(results.scanner),
    ...(results.decoders ? ['', ...decoderTable(results.decoders), ''] : []),
    ...mapTable(results.map),
  ].join('\n');
}
