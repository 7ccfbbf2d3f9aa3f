// Lighthouse 12 with its default (mobile) settings, run as its CLI does: the performance score and
// its paint figures, and the accessibility, best-practices and SEO scores.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { median } from './browser';
import { chromiumFlags } from '../e2e/support/chromium-flags';

export interface LighthouseFigures {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
  /** How many runs each figure is the median of, and the first contentful paints they gave. */
  runs: number;
  firstContentfulPaintsMs: number[];
}

interface LighthouseReport {
  categories: Record<'performance' | 'accessibility' | 'best-practices' | 'seo', { score: number }>;
  audits: Record<string, { numericValue?: number }>;
}

/**
 * Each figure is the median of several runs: one run's simulated paint moves by a second between
 * runs on this machine, depending on which files happened to arrive before the observed first paint.
 */
export async function lighthouseMedian(baseUrl: string, pagePath: string, runs: number): Promise<LighthouseFigures> {
  const results: LighthouseFigures[] = [];
  for (let run = 0; run < runs; run++) results.push(await lighthouse(baseUrl, pagePath));
  const middle = (pick: (figures: LighthouseFigures) => number) => Math.round(median(results.map(pick)));
  return {
    path: pagePath,
    performance: middle((figures) => figures.performance),
    accessibility: middle((figures) => figures.accessibility),
    bestPractices: middle((figures) => figures.bestPractices),
    seo: middle((figures) => figures.seo),
    firstContentfulPaintMs: middle((figures) => figures.firstContentfulPaintMs),
    largestContentfulPaintMs: middle((figures) => figures.largestContentfulPaintMs),
    totalBlockingTimeMs: middle((figures) => figures.totalBlockingTimeMs),
    runs,
    firstContentfulPaintsMs: results.map((figures) => figures.firstContentfulPaintMs),
  };
}

/** Lighthouse now and then fails to record a load on a busy machine (NO_NAVSTART): tried up to three times. */
export async function lighthouse(baseUrl: string, pagePath: string): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await lighthouseOnce(baseUrl, pagePath);
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

async function lighthouseOnce(baseUrl: string, pagePath: string): Promise<LighthouseFigures> {
  const outputDir = mkdtempSync(path.join(os.tmpdir(), 'roundtrip-lighthouse-'));
  const output = path.join(outputDir, 'report.json');
  const cli = path.join('node_modules', 'lighthouse', 'cli', 'index.js');
  const args = [
    cli,
    baseUrl + pagePath,
    '--only-categories=performance,accessibility,best-practices,seo',
    '--output=json',
    `--output-path=${output}`,
    '--quiet',
    `--chrome-flags=--headless=new ${chromiumFlags.join(' ')}`,
  ];
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, args, {
        env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let errors = '';
      child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`lighthouse exited with ${code}: ${errors.slice(-500)}`))));
    });
    const report = JSON.parse(readFileSync(output, 'utf8')) as LighthouseReport;
    const audit = (name: string) => Math.round(report.audits[name]?.numericValue ?? -1);
    return {
      path: pagePath,
      performance: Math.round(report.categories.performance.score * 100),
      accessibility: Math.round(report.categories.accessibility.score * 100),
      bestPractices: Math.round(report.categories['best-practices'].score * 100),
      seo: Math.round(report.categories.seo.score * 100),
      firstContentfulPaintMs: audit('first-contentful-paint'),
      largestContentfulPaintMs: audit('largest-contentful-paint'),
      totalBlockingTimeMs: audit('total-blocking-time'),
      runs: 1,
      firstContentfulPaintsMs: [audit('first-contentful-paint')],
    };
  } finally {
    rmSync(outputDir, { recursive: true, force: true });
  }
}
