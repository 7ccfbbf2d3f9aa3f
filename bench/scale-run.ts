// `npm run bench -- --scale [--small=10000] [--large=1000000] [--seconds=16] [--check]` (bench/run.ts
// hands over here): bench/scale.ts at two sizes, both filled first and then measured one after the other, the table and the large size's plans written to
// bench/results/<date>-scale.md (and .json). With --check it exits non-zero when a call's p99 at the
// large size is more than 1.5 times its small-size figure, or a list page's p99 misses 50 ms.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { distinctCustomers, fillScaleSize, measureScaleSize, reuseScaleSize, type FilledSize, type ScaleSize } from './scale';
import { perCustomer } from './scale-fill';

/** How much slower a call's p99 may be at the large size than at the small one. */
export const growthLimit = 1.5;
/** A page of an operator list, p99, at any size. */
export const listPageLimitMs = 50;

export interface ScaleVerdict {
  figure: string;
  small: number;
  large: number;
  goal: string;
  met: boolean;
}

/** The figures --check holds to their goals: p99 growth of every call, and every list page under 50 ms. */
export function scaleVerdicts(small: ScaleSize, large: ScaleSize): ScaleVerdict[] {
  const verdicts: ScaleVerdict[] = [];
  for (const call of large.customerCalls) {
    const before = small.customerCalls.find((candidate) => candidate.name === call.name);
    if (!before) continue;
    verdicts.push({
      figure: `${call.name} p99 (ms)`,
      small: before.figures.p99Ms,
      large: call.figures.p99Ms,
      goal: `≤ ${growthLimit}× small`,
      met:
        call.figures.p99Ms <= growthLimit * before.figures.p99Ms && call.figures.non2xx + call.figures.errors + call.figures.timeouts === 0,
    });
  }
  verdicts.push({
    figure: `${large.checkins.batches} check-ins at once, p99 (ms)`,
    small: small.checkins.latency.p99Ms,
    large: large.checkins.latency.p99Ms,
    goal: `≤ ${growthLimit}× small, none failed`,
    met:
      large.checkins.failures === 0 &&
      small.checkins.failures === 0 &&
      large.checkins.latency.p99Ms <= growthLimit * small.checkins.latency.p99Ms,
  });
  for (const list of large.lists) {
    const before = small.lists.find((candidate) => candidate.name === list.name);
    if (!before) continue;
    verdicts.push({
      figure: `GET ${list.path} page p99 (ms)`,
      small: before.latency.p99Ms,
      large: list.latency.p99Ms,
      goal: `≤ ${growthLimit}× small and ≤ ${listPageLimitMs} ms`,
      met: list.failures === 0 && list.latency.p99Ms <= listPageLimitMs && list.latency.p99Ms <= growthLimit * before.latency.p99Ms,
    });
  }
  return verdicts;
}

const count = (value: number) => value.toLocaleString('en');

export function scaleReport(sizes: ScaleSize[], verdicts: ScaleVerdict[], meta: { date: string; seconds: number; note: string }): string {
  const [small, large] = sizes;
  const header = `| | ${sizes.map((size) => `${count(size.customers)} customers`).join(' | ')} |`;
  const rule = `|---|${sizes.map(() => '---:').join('|')}|`;
  const lines = [
    `## Scale bench ${meta.date} (${os.cpus().length} cores, ${os.cpus()[0]?.model ?? 'unknown'}, load average ${os.loadavg()[0]?.toFixed(1)} at the end)`,
    '',
    meta.note,
    '',
    `Each customer has ${perCustomer.batches} check-ins of two scans, ${perCustomer.rejected} rejected and ${perCustomer.cancelled} cancelled scans and ${perCustomer.adjustments} adjustments; one in ${perCustomer.pendingEvery} a pending scan. The operators' work is in a national programme's proportions per 1,000,000 customers (50,000 pending payouts, 20,000 open disputes, 5,000 open claims, 500,000 audit entries, 20,000 data requests, 300 operators). Customer calls: ${distinctCustomers} distinct customers in turn, 32 connections, each call and \`/healthz\` by turns in slices (the ratio is to the \`/healthz\` slices beside it), after an unmeasured slice; CPU per call is the server process's and its database sessions' (from /proc). Lists: one call at a time, a first page and the page its \`next_cursor\` names.`,
    '',
    '### Data',
    '',
    header,
    rule,
    `| fill (s) | ${sizes.map((size) => size.fillSeconds).join(' | ')} |`,
    `| database (MB) | ${sizes.map((size) => Math.round(size.databaseBytes / 2 ** 20)).join(' | ')} |`,
    ...Object.keys(small?.rows ?? {}).map(
      (table) => `| ${table} rows | ${sizes.map((size) => count(size.rows[table] ?? 0)).join(' | ')} |`,
    ),
    '',
    '### Customer calls (req/s 2xx, p50 / p99 ms, ratio to /healthz, CPU ms per call server + database)',
    '',
    header,
    rule,
    `| GET /healthz | ${sizes.map((size) => `${size.healthz.requestsPerSecond}/s, ${size.healthz.p50Ms} / ${size.healthz.p99Ms}`).join(' | ')} |`,
    ...(small?.customerCalls ?? []).map(
      (call) =>
        `| ${call.name} | ${sizes
          .map((size) => {
            const figures = size.customerCalls.find((candidate) => candidate.name === call.name);
            if (!figures) return '';
            const cpu = figures.cpuMsPerCall ? `, ${figures.cpuMsPerCall.server} + ${figures.cpuMsPerCall.database}` : '';
            const failed = figures.figures.non2xx + figures.figures.errors + figures.figures.timeouts;
            return `${figures.figures.requestsPerSecond}/s, ${figures.figures.p50Ms} / ${figures.figures.p99Ms}, **${figures.ratioToHealthz}**${cpu}${failed ? `, ${failed} failed` : ''}`;
          })
          .join(' | ')} |`,
    ),
    '',
    `### ${small?.checkins.batches ?? 0} check-ins at once, ${small?.checkins.codesEach ?? 0} codes each (p50 / p99 ms, failed)`,
    '',
    header,
    rule,
    `| POST /api/v2/ops/checkins | ${sizes.map((size) => `${size.checkins.latency.p50Ms} / ${size.checkins.latency.p99Ms}, ${size.checkins.failures}`).join(' | ')} |`,
    '',
    '### Operator lists (p50 / p99 ms of a page; rows on the first page; more pages)',
    '',
    header,
    rule,
    ...(small?.lists ?? []).map(
      (list) =>
        `| \`${list.path}\` | ${sizes
          .map((size) => {
            const figures = size.lists.find((candidate) => candidate.name === list.name);
            if (!figures) return '';
            return `${figures.latency.p50Ms} / ${figures.latency.p99Ms} (${figures.rows}${figures.nextCursor ? ', more' : ''}${figures.failures ? `, ${figures.failures} failed` : ''})`;
          })
          .join(' | ')} |`,
    ),
    '',
    '### Goals (`--check`)',
    '',
    '| figure | small | large | goal | met |',
    '|---|---:|---:|---|---|',
    ...verdicts.map(
      (verdict) => `| ${verdict.figure} | ${verdict.small} | ${verdict.large} | ${verdict.goal} | ${verdict.met ? 'yes' : '**no**'} |`,
    ),
    '',
  ];
  if (large?.explains) {
    lines.push(`### EXPLAIN (ANALYZE, BUFFERS) of each list's statements at ${count(large.customers)} customers`, '');
    for (const { list, plans } of large.explains) {
      lines.push(`#### ${list}`, '');
      for (const plan of plans) lines.push('```', plan, '```', '');
    }
  }
  return lines.join('\n');
}

function flag(name: string, fallback: number): number {
  const argument = process.argv.find((candidate) => candidate.startsWith(`--${name}=`));
  const value = argument ? Number(argument.slice(name.length + 3)) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name}: a whole number above 0`);
  return value;
}

export async function runScaleBench(log: (line: string) => void): Promise<void> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!adminUrl)
    throw new Error(
      '--scale needs BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL (a PostgreSQL server where it may create databases)',
    );
  const seconds = flag('seconds', 16);
  const started = new Date();
  // `--measure=<small database>,<large database>`: two databases an earlier run filled and left (it was stopped).
  const reuse = process.argv
    .find((argument) => argument.startsWith('--measure='))
    ?.slice('--measure='.length)
    .split(',');
  if (reuse && reuse.length !== 2) throw new Error('--measure: two database names, the small size first');
  const filled: FilledSize[] = [];
  try {
    if (reuse) for (const name of reuse) filled.push(await reuseScaleSize(adminUrl, name, log));
    else
      for (const customers of [flag('small', 10_000), flag('large', 1_000_000)]) filled.push(await fillScaleSize(adminUrl, customers, log));
  } catch (error) {
    for (const size of filled) await size.scratch.drop();
    throw error;
  }
  const keptLine = `the filled databases are kept: npm run bench -- --scale --measure=${filled.map((size) => size.scratch.name).join(',')}`;
  const sizes: ScaleSize[] = [];
  try {
    for (const [index, size] of filled.entries())
      sizes.push(await measureScaleSize(size, { seconds, explain: index === filled.length - 1, log }));
  } catch (error) {
    // An hour of fill is not thrown away with a measurement that failed (a server that did not start
    // in time lost a million customers once): the databases stay, to be measured again as they are.
    log(`the measurement failed; ${keptLine}`);
    throw error;
  }
  // `--keep`: the filled databases stay after the measurement, to be measured again (`--measure=`).
  if (process.argv.includes('--keep')) log(keptLine);
  else for (const size of filled) await size.scratch.drop();
  const [smallSize, largeSize] = sizes;
  if (!smallSize || !largeSize) throw new Error('the scale bench measured fewer than two sizes');
  const verdicts = scaleVerdicts(smallSize, largeSize);
  const [small, large] = [smallSize.customers, largeSize.customers];
  const rate = Math.round(large / Math.max(1, largeSize.fillSeconds));
  const note = [
    reuse
      ? `Measured on the databases a stopped run had filled (\`--measure=${reuse.join(',')}\`): ${count(small)} and ${count(large)} customers.`
      : '',
    large < 1_000_000
      ? `Run at ${count(small)} and ${count(large)} customers, not the default 1,000,000: the fill ran at about ${rate} customers a second here, so a million did not fit the time this run had.`
      : `Run at the default sizes.`,
  ]
    .filter(Boolean)
    .join(' ');
  const report = scaleReport(sizes, verdicts, { date: started.toISOString(), seconds, note });
  const outputDir = path.join('bench', 'results');
  mkdirSync(outputDir, { recursive: true });
  const stamp = `${started.toISOString().slice(0, 10)}-scale${process.env.BENCH_LABEL ? `-${process.env.BENCH_LABEL}` : ''}`;
  writeFileSync(path.join(outputDir, `${stamp}.json`), JSON.stringify({ date: started.toISOString(), sizes, verdicts }, null, 2) + '\n');
  writeFileSync(path.join(outputDir, `${stamp}.md`), report + '\n');
  process.stdout.write(`\nWritten to ${outputDir}/${stamp}.md and .json\n`);
  if (process.argv.includes('--check')) {
    const missed = verdicts.filter((verdict) => !verdict.met);
    process.stdout.write(`--check: ${verdicts.length - missed.length} of ${verdicts.length} scale figures meet their goal\n`);
    for (const verdict of missed)
      process.stdout.write(`  missed: ${verdict.figure}: ${verdict.small} → ${verdict.large}, goal ${verdict.goal}\n`);
    if (missed.length > 0) process.exitCode = 1;
  }
}
