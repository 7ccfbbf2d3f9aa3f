// What the first visit of a page downloads: every JavaScript and CSS file the browser fetched
// until the network went quiet (service worker blocked, so the precache is not counted), each
// compressed here with gzip and brotli. The source maps in dist/ tell which libraries each file
// holds, so the run can check that MapLibre and ZXing stay on their own routes.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { newSignedInContext, type Tokens } from './browser';

export interface Sizes {
  files: number;
  raw: number;
  gzip: number;
  brotli: number;
}

export interface PageBundle {
  name: string;
  path: string;
  js: Sizes;
  css: Sizes;
  /** Libraries that must load only on their own route, found in this page's files. */
  routeOnlyLibraries: string[];
}

export const firstLoadBudgetGzipBytes = 150 * 1024;
const routeOnlyLibraries = ['maplibre-gl', 'react-map-gl', '@zxing/library'];

function compressedSizes(bodies: readonly Buffer[]): Sizes {
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const body of bodies) {
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
    brotli += brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return { files: bodies.length, raw, gzip, brotli };
}

function librariesIn(distDir: string, assetPath: string): string[] {
  const mapFile = path.join(distDir, `${assetPath}.map`);
  if (!existsSync(mapFile)) return [];
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources?: string[] };
  return routeOnlyLibraries.filter((library) => map.sources?.some((source) => source.includes(`node_modules/${library}/`)));
}

export async function measurePage(
  browser: Browser,
  options: { baseUrl: string; distDir: string; name: string; path: string; tokens: Tokens | null; readySelector: string },
): Promise<PageBundle> {
  const context = await newSignedInContext(browser, options.baseUrl, options.tokens);
  const page = await context.newPage();
  const bodies: { url: string; type: 'js' | 'css'; body: Promise<Buffer | null> }[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    const type = url.pathname.endsWith('.js') ? 'js' : url.pathname.endsWith('.css') ? 'css' : null;
    if (!type || url.origin !== new URL(options.baseUrl).origin) return;
    bodies.push({ url: url.pathname, type, body: response.body().catch(() => null) });
  });
  await page.goto(options.baseUrl + options.path, { waitUntil: 'networkidle' });
  await page.locator(options.readySelector).first().waitFor();
  // Work the page starts a moment later counts too (the query cache is saved a second after the answers).
  await page.waitForTimeout(3000);
  await page.waitForLoadState('networkidle');
  const settled = await Promise.all(bodies.map(async (entry) => ({ ...entry, body: await entry.body })));
  await context.close();
  const unique = new Map(settled.filter((entry) => entry.body).map((entry) => [entry.url, entry]));
  const of = (type: 'js' | 'css') => [...unique.values()].filter((entry) => entry.type === type).map((entry) => entry.body!);
  const libraries = new Set([...unique.keys()].flatMap((url) => librariesIn(options.distDir, url.replace(/^\//, ''))));
  return {
    name: options.name,
    path: options.path,
    js: compressedSizes(of('js')),
    css: compressedSizes(of('css')),
    routeOnlyLibraries: [...libraries],
  };
}

/** The precache as the service worker lists it (dist/sw.js holds the injected manifest). */
export function precacheSize(distDir: string): { files: number; bytes: number } {
  const worker = readFileSync(path.join(distDir, 'sw.js'), 'utf8');
  const urls = [...worker.matchAll(/\{(?:"revision":(?:"[0-9a-f]+"|null),)?"url":"([^"]+)"/g)].map((match) => match[1]!);
  let bytes = 0;
  for (const url of urls) {
    const file = path.join(distDir, url);
    if (existsSync(file)) bytes += statSync(file).size;
  }
  return { files: urls.length, bytes };
}

export function distAssets(distDir: string): string[] {
  return readdirSync(path.join(distDir, 'assets'));
}
