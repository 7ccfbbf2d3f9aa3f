// Return-point map: time from navigation to the first pins on screen with 5,000 bins
// in one market, the size of that market's bins payload (raw and gzip), the JavaScript the
// map route adds to the shell (gzip), and the frame rate of a drag on a phone beside the same drag
// on MapLibre alone (BENCH_PAN_RUNS turns, 5 unless set). A fresh server on a temporary database
// (MAP_PORT, 8197 unless set); the built app (`npm run build`) is served from dist/ (or BENCH_DIST).
// Part of `npm run bench`, or alone:
//   npx tsx bench/map.ts [bins] [runs]
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { register } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { StyleSpecification } from 'maplibre-gl';
import type { Page } from 'playwright-core';
import { answerCookieBanner } from '../e2e/support/browser-session';
import { launchChromium } from './browser';
import { mobileThrottling } from './start';
import { openDatabase } from '../src/server/db/client';
import { importBins, saveRetailer } from '../src/server/modules/bins/service';
import { startServer } from '../scripts/server-process';
import { testActor } from '../src/server/testing/actor';
import { markets } from '../src/domain/markets';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The build measured: dist/, or another one (BENCH_DIST, e.g. the main branch built in a copy). */
const benchDist = path.resolve(process.env.BENCH_DIST ?? path.join(root, 'dist'));

/**
 * The basemap style exactly as the map page builds it, built here: the module's import of the
 * world's shapes as a file address (`?url`, which Vite answers in the app) is answered with the
 * address the server gives that file.
 */
async function appBasemapStyle(shapesUrl: string): Promise<StyleSpecification> {
  const answer = `data:text/javascript,export default ${encodeURIComponent(JSON.stringify(shapesUrl))}`;
  const hook = `export async function resolve(specifier, context, next) {
    return specifier.endsWith('?url') ? { url: ${JSON.stringify(answer)}, shortCircuit: true } : next(specifier, context);
  }`;
  register(`data:text/javascript,${encodeURIComponent(hook)}`);
  const basemap = await import('../src/app/features/map/basemap');
  return basemap.basemapStyle(await basemap.loadBasemapData());
}

/** MapLibre's own files, the version the app bundles, for the page with MapLibre alone. */
const maplibreDist = path.join(root, 'node_modules/maplibre-gl/dist');

/** A finger dragging the map for about two seconds: frames drawn meanwhile, from requestAnimationFrame. */
async function panFrameRate(page: Page, cpuSlowdown: number): Promise<PanFigures> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  const box = await page.getByTestId('bin-map').boundingBox();
  if (!box) throw new Error('the map is not on screen');
  // A string: tsx's helpers (named functions) do not exist in the page.
  await page.evaluate(`(() => {
    const frames = [];
    window.panFrames = frames;
    const record = (time) => {
      frames.push(time);
      if (window.panFrames === frames) requestAnimationFrame(record);
    };
    requestAnimationFrame(record);
  })()`);
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(centre.x, centre.y);
  await page.mouse.down();
  // Back and forth across a third of the map, 120 small steps, as a thumb moves.
  for (let step = 0; step < 120; step += 1) {
    const phase = (step / 120) * Math.PI * 4;
    await page.mouse.move(centre.x + Math.sin(phase) * (box.width / 3), centre.y + Math.sin(phase / 2) * (box.height / 4));
    await page.waitForTimeout(12);
  }
  await page.mouse.up();
  const frames = await page.evaluate<number[]>(`(() => {
    const recorded = window.panFrames ?? [];
    window.panFrames = undefined;
    return recorded;
  })()`);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const gaps = frames.slice(1).map((time, index) => time - frames[index]!);
  const durationMs = frames.length > 1 ? frames.at(-1)! - frames[0]! : 0;
  const sortedGaps = [...gaps].sort((a, b) => a - b);
  return {
    durationMs: Math.round(durationMs),
    frames: gaps.length,
    fps: durationMs > 0 ? Math.round((gaps.length / durationMs) * 1000 * 10) / 10 : 0,
    p95FrameMs: Math.round(sortedGaps[Math.floor(sortedGaps.length * 0.95)] ?? 0),
    framesOver50Ms: gaps.filter((gap) => gap > 50).length,
  };
}

export interface PanFigures {
  durationMs: number;
  frames: number;
  fps: number;
  p95FrameMs: number;
  framesOver50Ms: number;
}

export interface MapBenchResult {
  date: string;
  bins: number;
  runs: number;
  payload: { rawBytes: number; gzipBytes: number; sentBytesWithGzip: number };
  timeToFirstPinsMs: { cold: { median: number; all: number[] }; warm: { median: number; all: number[] } };
  /**
   * Frames drawn while a finger drags the map, on a phone-sized window with the CPU slowed 4×
   * (Lighthouse's mid-range phone): the median of `all`, each drag of ours taken in turn with the
   * same drag on what this browser draws without our bins (`beside`), so one sitting's load weighs
   * on all of them alike.
   */
  panning: PanFigures & {
    cpuSlowdown: number;
    viewport: { width: number; height: number };
    all: PanFigures[];
    /**
     * The median rate over MapLibre alone's median (`beside.maplibre`), of drags taken in turns. Not
     * each turn's pair: under load one drag's rate moves by half or more from the next one's, so
     * pairs ranged 0.57 to 1.44 in one sitting, while the medians held.
     */
    ratioToMaplibre: number;
    beside: {
      /** The same map page with the bins answer emptied: the same MapLibre, style and place, no bins and no pins. */
      bareMap: PanFigures & { all: number[] };
      /** MapLibre alone on a page, the same version and basemap style, the same place: none of our code. */
      maplibre: PanFigures & { all: number[] };
      /** A page with nothing to draw, the same drag over an empty box: what requestAnimationFrame gives at all. */
      plainPage: PanFigures & { all: number[] };
    };
  };
  mapRouteJs: { files: string[]; rawBytes: number; gzipBytes: number; workerGzipBytes: number; basemapGzipBytes: number };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** A fixed-seed generator, so every run measures the same bins. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const usCities = [
  [40.73, -73.99],
  [34.05, -118.24],
  [41.88, -87.63],
  [29.76, -95.37],
  [33.45, -112.07],
  [39.95, -75.17],
  [47.61, -122.33],
  [45.52, -122.68],
  [39.74, -104.99],
  [42.36, -71.06],
] as const;

/** Bins as a big market would have them: most in cities, the rest spread over the country. */
async function seedBins(dataDir: string, count: number): Promise<void> {
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite'), role: 'bench' });
  try {
    const retailers = ['bench-grocer', 'bench-market', 'bench-pantry', 'bench-co-op'];
    for (const id of retailers) await saveRetailer(database.db, testActor, { id, name: `Bench ${id.slice(6)}` });
    const next = random(5000);
    const rows = Array.from({ length: count }, (_, index) => {
      const [lat, lng] =
        next() < 0.7
          ? (() => {
              const [cityLat, cityLng] = usCities[Math.floor(next() * usCities.length)]!;
              return [cityLat + (next() - 0.5) * 0.6, cityLng + (next() - 0.5) * 0.8];
            })()
          : [26 + next() * 22, -123 + next() * 53];
      return {
        row: index + 1,
        values: {
          id: `bench-${index + 1}`,
          country_code: 'us',
          lat: Math.round(lat * 1e6) / 1e6,
          lng: Math.round(lng * 1e6) / 1e6,
          details: `Bench Grocer, ${100 + (index % 800)} Main Street, Springfield. Inside the main entrance. Open 7 am–10 pm.`,
          retailer_id: retailers[index % retailers.length],
        },
      };
    });
    const report = await importBins(database.db, testActor, rows);
    if (report.rejected.length > 0) throw new Error(`bench bins rejected: ${JSON.stringify(report.rejected.slice(0, 3))}`);
  } finally {
    await database.close();
  }
}

/** Bytes on the wire for a GET, with or without gzip asked for. */
function bytesOnWire(url: string, gzip: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    const call = request(url, { headers: gzip ? { 'accept-encoding': 'gzip' } : {} }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve(bytes));
      response.on('error', reject);
    });
    call.on('error', reject);
    call.end();
  });
}

/** Chunks a file imports, statically (`from"./x.js"`) and, optionally, dynamically (`import("./x.js")`). */
function importsOf(assets: string, file: string, dynamic: boolean): string[] {
  const text = readFileSync(path.join(assets, file), 'utf8');
  const found = new Set<string>();
  for (const match of text.matchAll(/from\s*["`]\.\/([\w.-]+\.js)["`]|import\s*["`]\.\/([\w.-]+\.js)["`]/g))
    found.add((match[1] ?? match[2])!);
  if (dynamic) for (const match of text.matchAll(/import\(\s*["`]\.\/([\w.-]+\.js)["`]\s*\)/g)) found.add(match[1]!);
  return [...found];
}

function closure(assets: string, start: string[], dynamic: boolean, stopAt: ReadonlySet<string> = new Set()): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || stopAt.has(file)) continue;
    seen.add(file);
    queue.push(...importsOf(assets, file, dynamic));
  }
  return seen;
}

/** The JavaScript (and CSS) the map route loads beyond what the shell already has, from dist/assets. */
export function mapRouteJs(distDir = benchDist): MapBenchResult['mapRouteJs'] {
  const assets = path.join(distDir, 'assets');
  const files = readdirSync(assets);
  const entry = readFileSync(path.join(distDir, 'index.html'), 'utf8').match(/assets\/(index-[\w-]+\.js)/)?.[1];
  if (!entry) throw new Error('dist/index.html names no entry chunk: run npm run build');
  const shell = closure(assets, [entry], false);
  // The route's own chunk (its loader sits in the shell's route tree) lazily imports the MapLibre component.
  const routeChunk = files.find(
    (file) =>
      /\.js$/.test(file) &&
      !file.startsWith('bin-map-') &&
      importsOf(assets, file, true).some((imported) => imported.startsWith('bin-map-')),
  );
  if (!routeChunk) throw new Error('no map route chunk in dist/assets');
  // What it loads on demand, and what that needs, short of the files the shell already has.
  const route = [...closure(assets, importsOf(assets, routeChunk, true), true, shell)];
  const css = files.filter((file) => /^(bin-)?map-[\w-]+\.css$/.test(file));
  const listed = [...route, ...css].sort();
  const read = (file: string) => readFileSync(path.join(assets, file));
  const gzipOf = (file: string) => gzipSync(read(file), { level: 9 }).length;
  const worker = files.find((file) => /^maplibre-gl-worker-[\w-]+\.mjs$/.test(file));
  const basemap = files.find((file) => /^countries-50m-[\w-]+\.json$/.test(file));
  return {
    files: listed,
    rawBytes: listed.reduce((sum, file) => sum + read(file).length, 0),
    gzipBytes: listed.reduce((sum, file) => sum + gzipOf(file), 0),
    workerGzipBytes: worker ? gzipOf(worker) : 0,
    basemapGzipBytes: basemap ? gzipOf(basemap) : 0,
  };
}

export async function benchMap(options: { bins?: number; runs?: number; port?: number } = {}): Promise<MapBenchResult> {
  const count = options.bins ?? 5_000;
  const runs = options.runs ?? 5;
  const port = options.port ?? (process.env.MAP_PORT ? Number(process.env.MAP_PORT) : 8_197);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'roundtrip-bench-map-'));
  await seedBins(dataDir, count);
  const server = await startServer(
    path.join(root, 'src/server/main.ts'),
    { DATA_DIR: dataDir, SEED_DEMO: 'false', STATIC_DIR: benchDist, HOST: '127.0.0.1' },
    '/healthz',
    port,
  );
  const browser = await launchChromium();
  try {
    const binsUrl = `${server.url}/api/v2/bins?country_code=us`;
    const raw = await (await fetch(binsUrl)).text();
    const payload = {
      rawBytes: Buffer.byteLength(raw),
      gzipBytes: gzipSync(raw).length,
      sentBytesWithGzip: await bytesOnWire(binsUrl, true),
    };

    const firstPins = async (page: Page, reload: boolean) => {
      if (reload) await page.reload();
      else await page.goto(`${server.url}/us/map`);
      await page.waitForSelector('[data-testid="bin-map"][data-pins-ready="true"]', { timeout: 60_000 });
      return page.evaluate(() => performance.getEntriesByName('map-pins-ready')[0]?.startTime ?? -1);
    };

    // Cold: a new browser profile each time (no HTTP cache, no service worker, no saved data).
    const cold: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext({ locale: 'en-US', serviceWorkers: 'block', viewport: { width: 1280, height: 800 } });
      await answerCookieBanner(context);
      cold.push(await firstPins(await context.newPage(), false));
      await context.close();
    }
    // Warm: reloads in one profile (files from the HTTP cache, bins from the saved query cache).
    const warm: number[] = [];
    const context = await browser.newContext({ locale: 'en-US', serviceWorkers: 'block', viewport: { width: 1280, height: 800 } });
    await answerCookieBanner(context);
    const page = await context.newPage();
    await firstPins(page, false);
    await page.waitForTimeout(1_500); // the persister writes the cache a moment after the answer
    for (let run = 0; run < runs; run += 1) warm.push(await firstPins(page, true));
    await context.close();

    // Panning on a phone: 360 × 740, touch-sized, CPU slowed like Lighthouse's mid-range phone.
    const phone = { width: 360, height: 740 };
    const cpuSlowdown = mobileThrottling.cpuSlowdown;
    /** One drag on a new phone-sized page, once `open` has it ready. */
    const panOnce = async (open: (page: Page) => Promise<void>): Promise<PanFigures> => {
      const phoneContext = await browser.newContext({ locale: 'en-US', serviceWorkers: 'block', viewport: phone });
      try {
        await answerCookieBanner(phoneContext);
        const phonePage = await phoneContext.newPage();
        await open(phonePage);
        await phonePage.getByTestId('bin-map').scrollIntoViewIfNeeded();
        return await panFrameRate(phonePage, cpuSlowdown);
      } finally {
        await phoneContext.close();
      }
    };
    // The world's shapes are filled in after the first pins; every page is left a moment to
    // settle, so no drag draws a page still loading.
    const settle = (page: Page) => page.waitForTimeout(1_000);
    const ours = () =>
      panOnce(async (page) => {
        await firstPins(page, false);
        await settle(page);
      });
    const bareMap = () =>
      panOnce(async (page) => {
        // A market with no bins: the same page draws its map, and no pin.
        await page.route('**/api/v2/bins?*', (route) => route.fulfill({ json: { data: [] } }));
        await page.goto(`${server.url}/us/map`);
        await page.waitForSelector('[data-testid="bin-map"] canvas.maplibregl-canvas', { timeout: 60_000 });
        await settle(page);
      });
    // MapLibre alone, none of our code: the same version and style, a box the size of ours
    // (.bin-map in map.css), opened where ours opens (the market's centre at zoom 4).
    const shapesFile = readdirSync(path.join(benchDist, 'assets')).find((file) => /^countries-50m-[\w-]+\.json$/.test(file));
    if (!shapesFile) throw new Error('dist/assets has no countries-50m file: run npm run build');
    const style = await appBasemapStyle(`${server.url}/assets/${shapesFile}`);
    const us = markets.us.mapCenter;
    const maplibrePage = `<!doctype html><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/bench-maplibre/maplibre-gl.css">
<body style="margin:0"><div data-testid="bin-map" style="height:min(65vh,560px);min-height:300px"></div>
<script type="module">
  import { Map, setWorkerUrl } from '/bench-maplibre/maplibre-gl.mjs';
  setWorkerUrl('/bench-maplibre/maplibre-gl-worker.mjs');
  const map = new Map({ container: document.querySelector('[data-testid="bin-map"]'), style: await (await fetch('/bench-maplibre/style.json')).json(),
    center: [${us.lng}, ${us.lat}], zoom: 4, renderWorldCopies: false });
  map.once('idle', () => (document.body.dataset.idle = 'true'));
</script>`;
    const bareMaplibre = () =>
      panOnce(async (page) => {
        await page.route(`${server.url}/bench-maplibre/**`, (route) => {
          const file = new URL(route.request().url()).pathname.replace('/bench-maplibre/', '');
          if (file === 'page') return route.fulfill({ contentType: 'text/html', body: maplibrePage });
          if (file === 'style.json') return route.fulfill({ json: style });
          const contentType = file.endsWith('.css') ? 'text/css' : 'text/javascript';
          return route.fulfill({ contentType, body: readFileSync(path.join(maplibreDist, path.basename(file))) });
        });
        await page.goto(`${server.url}/bench-maplibre/page`);
        await page.waitForSelector('body[data-idle="true"]', { timeout: 60_000 });
        await settle(page);
      });
    const plainPage = () =>
      panOnce(async (page) => {
        await page.route(`${server.url}/bench-plain-page`, (route) =>
          route.fulfill({
            contentType: 'text/html',
            body: '<!doctype html><meta name="viewport" content="width=device-width"><div data-testid="bin-map" style="height:60vh"></div>',
          }),
        );
        await page.goto(`${server.url}/bench-plain-page`);
        await settle(page);
      });
    const panRuns = Number(process.env.BENCH_PAN_RUNS ?? 5);
    const measured = { ours: [] as PanFigures[], bareMap: [] as PanFigures[], maplibre: [] as PanFigures[], plainPage: [] as PanFigures[] };
    const turn: [keyof typeof measured, () => Promise<PanFigures>][] = [
      ['ours', ours],
      ['maplibre', bareMaplibre],
      ['bareMap', bareMap],
      ['plainPage', plainPage],
    ];
    for (let run = 0; run < panRuns; run += 1) {
      // Ours and MapLibre alone side by side, in the other order every other turn: a load that
      // rises or falls during a turn weighs on each of them as often first as second.
      for (const [name, drag] of run % 2 === 0 ? turn : [turn[1]!, turn[0]!, ...turn.slice(2)]) measured[name].push(await drag());
    }
    /** The drag with the median rate, so its other figures are one drag's. */
    const medianDrag = (drags: PanFigures[]) => [...drags].sort((a, b) => a.fps - b.fps)[Math.floor((drags.length - 1) / 2)]!;
    /** A baseline's median drag, with the rate of each of its drags. */
    const besideFigures = (drags: PanFigures[]) => ({ ...medianDrag(drags), all: drags.map((drag) => drag.fps) });
    const panning: MapBenchResult['panning'] = {
      cpuSlowdown,
      viewport: phone,
      ...medianDrag(measured.ours),
      all: measured.ours,
      ratioToMaplibre:
        Math.round((median(measured.ours.map((drag) => drag.fps)) / median(measured.maplibre.map((drag) => drag.fps))) * 100) / 100,
      beside: {
        bareMap: besideFigures(measured.bareMap),
        maplibre: besideFigures(measured.maplibre),
        plainPage: besideFigures(measured.plainPage),
      },
    };

    const round = (values: number[]) => values.map((value) => Math.round(value));
    return {
      date: new Date().toISOString(),
      bins: count,
      runs,
      payload,
      timeToFirstPinsMs: {
        cold: { median: Math.round(median(cold)), all: round(cold) },
        warm: { median: Math.round(median(warm)), all: round(warm) },
      },
      panning,
      mapRouteJs: mapRouteJs(),
    };
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = await benchMap({
    bins: process.argv[2] ? Number(process.argv[2]) : undefined,
    runs: process.argv[3] ? Number(process.argv[3]) : undefined,
  });
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  process.stdout.write(
    [
      `Return-point map, ${result.bins} bins in one market (${result.runs} runs each)`,
      `  time to first pins, cold profile   median ${result.timeToFirstPinsMs.cold.median} ms  (${result.timeToFirstPinsMs.cold.all.join(', ')})`,
      `  time to first pins, warm reload    median ${result.timeToFirstPinsMs.warm.median} ms  (${result.timeToFirstPinsMs.warm.all.join(', ')})`,
      `  panning on a ${result.panning.viewport.width}×${result.panning.viewport.height} window, CPU ${result.panning.cpuSlowdown}× slower: ${result.panning.fps} frames/s over ${result.panning.durationMs} ms (p95 frame ${result.panning.p95FrameMs} ms, ${result.panning.framesOver50Ms} frames over 50 ms; each drag ${result.panning.all.map((drag) => drag.fps).join(', ')}); ${result.panning.ratioToMaplibre}× MapLibre alone's`,
      `    beside it, the same drags: the map page without bins ${result.panning.beside.bareMap.fps} frames/s (${result.panning.beside.bareMap.all.join(', ')}; p95 frame ${result.panning.beside.bareMap.p95FrameMs} ms), MapLibre alone ${result.panning.beside.maplibre.fps} (${result.panning.beside.maplibre.all.join(', ')}; p95 frame ${result.panning.beside.maplibre.p95FrameMs} ms), a plain page ${result.panning.beside.plainPage.fps} (${result.panning.beside.plainPage.all.join(', ')})`,
      `  bins payload                       ${kib(result.payload.rawBytes)} raw, ${kib(result.payload.gzipBytes)} gzip (${kib(result.payload.sentBytesWithGzip)} sent with Accept-Encoding: gzip)`,
      `  map route JS + CSS beyond the shell ${kib(result.mapRouteJs.rawBytes)} raw, ${kib(result.mapRouteJs.gzipBytes)} gzip: ${result.mapRouteJs.files.join(' ')}`,
      `  map worker ${kib(result.mapRouteJs.workerGzipBytes)} gzip; offline basemap ${kib(result.mapRouteJs.basemapGzipBytes)} gzip`,
      '',
      JSON.stringify(result, null, 2),
      '',
    ].join('\n'),
  );
}
