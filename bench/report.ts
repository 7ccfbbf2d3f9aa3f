// The readable table of a bench run (Markdown, also pasted into the README's Performance section).
import type { ApiCase } from './api';
import type { FrontendFigures } from './frontend';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function apiTable(api: ApiCase[], seconds: number): string[] {
  if (api.length === 0) return [];
  return [
    `### API (autocannon, 50 connections, ${seconds} s each)`,
    '',
    '| call | database | req/s | p50 | p99 | ratio to baseline |',
    '|---|---|---:|---:|---:|---:|',
    ...api.map(
      (entry) =>
        `| ${entry.name} | ${entry.database} | ${entry.figures.requestsPerSecond} | ${entry.figures.p50Ms} ms | ${entry.figures.p99Ms} ms | ${entry.ratioToBaseline === null ? '' : entry.ratioToBaseline.toFixed(3)}${entry.figures.non2xx > 0 ? ` (${entry.figures.non2xx} non-2xx!)` : ''} |`,
    ),
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
    '### Start: navigation to the balance on /us/user/account (medians)',
    '',
    '| case | app | static page (baseline) | ratio | runs |',
    '|---|---:|---:|---:|---:|',
    `| online, cold, Lighthouse mobile throttling (150 ms RTT, 1.6 Mbps, 4× CPU) | ${frontend.onlineStart.appMedianMs} ms | ${frontend.onlineStart.baselineMedianMs} ms | ${frontend.onlineStart.ratio} | ${frontend.onlineStart.runs} |`,
    `| offline reload after one visit | ${frontend.offlineStart.appMedianMs} ms | ${frontend.offlineStart.baselineMedianMs} ms | ${frontend.offlineStart.ratio} | ${frontend.offlineStart.runs} |`,
    '',
    '### Lighthouse 12 (mobile preset), performance',
    '',
    '| page | score | FCP | LCP | TBT |',
    '|---|---:|---:|---:|---:|',
    ...frontend.lighthouse.map(
      (entry) => `| \`${entry.path}\` | ${entry.performance} | ${entry.firstContentfulPaintMs} ms | ${entry.largestContentfulPaintMs} ms | ${entry.totalBlockingTimeMs} ms |`,
    ),
    '',
  ];
  return lines;
}

export function formatReport(
  results: { date: string; machine: { cpus: number; cpuModel: string; node: string }; budget: { firstLoadGzipJsBytes: number }; api: ApiCase[]; frontend?: FrontendFigures },
  seconds: number,
): string {
  return [
    `## Bench run ${results.date} (${results.machine.cpus} cores, ${results.machine.cpuModel}, Node ${results.machine.node})`,
    '',
    ...apiTable(results.api, seconds),
    ...frontendTables(results.frontend, results.budget.firstLoadGzipJsBytes),
  ].join('\n');
}
