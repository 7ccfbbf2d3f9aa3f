// `npm run bench`: measures what users feel, each figure beside a baseline measured in the same run.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchApi } from './api';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

const startedAt = new Date();
const api = await benchApi({ seconds, postgresUrl });

const results = {
  date: startedAt.toISOString(),
  machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? 'unknown', memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version },
  api,
};

const rows = api.map((entry) =>
  [
    entry.name.padEnd(34),
    entry.database.padEnd(9),
    String(entry.figures.requestsPerSecond).padStart(8),
    `${entry.figures.p50Ms} ms`.padStart(8),
    `${entry.figures.p99Ms} ms`.padStart(8),
    (entry.ratioToBaseline === null ? '' : entry.ratioToBaseline.toFixed(2)).padStart(7),
    entry.figures.non2xx > 0 ? `  (${entry.figures.non2xx} non-2xx!)` : '',
  ].join('  '),
);
const table = [
  `API at 50 connections, ${seconds} s each (${results.machine.cpus} cores, Node ${process.version})`,
  ['case'.padEnd(34), 'database'.padEnd(9), 'req/s'.padStart(8), 'p50'.padStart(8), 'p99'.padStart(8), 'ratio'.padStart(7)].join('  '),
  ...rows,
].join('\n');

const outputDir = path.join('bench', 'results');
mkdirSync(outputDir, { recursive: true });
const stamp = startedAt.toISOString().slice(0, 10);
writeFileSync(path.join(outputDir, `${stamp}.json`), JSON.stringify(results, null, 2) + '\n');
writeFileSync(path.join(outputDir, `${stamp}.txt`), table + '\n');
process.stdout.write(`\n${table}\n\nWritten to ${outputDir}/${stamp}.json\n`);
