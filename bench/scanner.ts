// Scanner figures. Not part of `npm test`; `npx tsx bench/scanner.ts` prints them.
//  (a) decodeFrameFigures: ZXing-js's per-frame cost in headless Chromium (draw a 640×480 frame,
//      read its pixels, luma, decode), with a QR code in view and without. The app no longer
//      decodes with ZXing-js (zxing-wasm replaced it): these figures are the former decoder's, the
//      baseline that bench/decoders.ts sets beside the app's decoder in the same run.
//  (b) codeToRecordedFigures: starts the server (built app in dist/ or BENCH_DIST, fresh PGlite in a temp dir),
//      plays issued containers' QR labels through Chromium's fake camera, and times each code from
//      the first video frame that shows it to "Recorded" on screen. A second video presents one
//      label a second to see whether the scanner keeps up with the fastest hand.
//  readRateFigures: share of random labels ZXing-js reads square-on, and with the tilted second look.
//  scanRouteSize: gzip size of the JavaScript only the scan route loads (from dist/assets).
// Needs `npm run build` first (the bench serves dist/).
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { containerUrl } from '#domain/container-codes';
import { tokenResponse } from '#domain/schemas/token-answer';
import { answerCookieBanner, signInBrowser, type SessionTokens } from '../e2e/support/browser-session';
import { chromiumFlags } from '../e2e/support/chromium-flags';
import { qrLumaFrame, writeY4m, type VideoSegment } from '../e2e/support/fake-camera';
import { sixLabels } from '../e2e/support/label-scene';
import { startServer, type RunningServer } from '../scripts/server-process';
import { sceneEntries, type SampledFrame } from './scene-entries';
import { percentile, round } from './stats';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The app's ZXing module as one script for a bare page (window.scannerBench). */
async function zxingPageScript(): Promise<string> {
  const bundled = await build({
    stdin: {
      contents: `import { decodeQrFromLuma, lumaOf } from './bench/zxing-js-decode';
        window.scannerBench = { decodeQrFromLuma, lumaOf };`,
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    write: false,
    minify: true,
  });
  return bundled.outputFiles[0]!.text;
}

export interface DecodeFrameFigures {
  frame: string;
  runs: number;
  withCodeMs: { median: number; p95: number };
  emptySceneMs: { median: number; p95: number };
  /** Every other frame is read turned by 15° (see zxing-js-decode.ts): the turn costs this much more. */
  emptySceneTiltedMs: { median: number; p95: number };
  decodedText: string | null;
}

/** (a) ZXing decode time per 640×480 frame, in headless Chromium. */
export async function decodeFrameFigures(runs = 80): Promise<DecodeFrameFigures> {
  const width = 640;
  const height = 480;
  const text = containerUrl('https://app.roundtrip.example', '8B3GG1FWKZY');
  const frames = { code: [...qrLumaFrame(text, { width, height })], empty: [...qrLumaFrame(undefined, { width, height })] };
  const browser = await chromium.launch({ executablePath, args: chromiumFlags });
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><title>decode</title>');
    await page.addScriptTag({ content: await zxingPageScript() });
    // tsx names the functions it compiles with a helper the page does not have.
    await page.addScriptTag({ content: 'window.__name = (target) => target;' });
    const result = await page.evaluate(
      ({ frames, runs, width, height }) => {
        type Bench = {
          decodeQrFromLuma(luma: Uint8ClampedArray, w: number, h: number, options?: { tilted?: boolean }): string | undefined;
          lumaOf(pixels: Uint8ClampedArray): Uint8ClampedArray;
        };
        const bench = (window as unknown as { scannerBench: Bench }).scannerBench;
        // The "video": a canvas holding the frame; the scanner copies it into its own canvas each time, as from a <video>.
        const source = document.createElement('canvas');
        source.width = width;
        source.height = height;
        const capture = document.createElement('canvas');
        capture.width = width;
        capture.height = height;
        const captureContext = capture.getContext('2d', { willReadFrequently: true })!;
        const time = (luma: number[], tilted: boolean) => {
          const image = new ImageData(width, height);
          luma.forEach((value, index) => image.data.set([value, value, value, 255], index * 4));
          source.getContext('2d')!.putImageData(image, 0, 0);
          const durations: number[] = [];
          let decoded: string | undefined;
          for (let run = 0; run < runs + 5; run++) {
            const started = performance.now();
            captureContext.drawImage(source, 0, 0);
            const pixels = captureContext.getImageData(0, 0, width, height).data;
            decoded = bench.decodeQrFromLuma(bench.lumaOf(pixels), width, height, { tilted });
            // The first runs warm the JIT up.
            if (run >= 5) durations.push(performance.now() - started);
          }
          return { durations, decoded: decoded ?? null };
        };
        const withCode = time(frames.code, false);
        const empty = time(frames.empty, false);
        const tilted = time(frames.empty, true);
        return { withCode: withCode.durations, empty: empty.durations, tilted: tilted.durations, decoded: withCode.decoded };
      },
      { frames, runs, width, height },
    );
    return {
      frame: `${width}×${height}`,
      runs,
      withCodeMs: { median: round(percentile(result.withCode, 0.5)), p95: round(percentile(result.withCode, 0.95)) },
      emptySceneMs: { median: round(percentile(result.empty, 0.5)), p95: round(percentile(result.empty, 0.95)) },
      emptySceneTiltedMs: { median: round(percentile(result.tilted, 0.5)), p95: round(percentile(result.tilted, 0.95)) },
      decodedText: result.decoded,
    };
  } finally {
    await browser.close();
  }
}

export interface ReadRateFigures {
  labels: number;
  /** Share of random container labels read from one square-on 640×480 frame. */
  straightPercent: number;
  /** Share read within two frames, the second tilted (what the scanner does). */
  withTiltedRetryPercent: number;
}

/** How many random labels ZXing reads straight on, and with the scanner's tilted second look (Node, same code). */
export async function readRateFigures(labels = 300): Promise<ReadRateFigures> {
  const { decodeQrFromLuma } = await import('./zxing-js-decode');
  const { containerCodeFromRandom } = await import('#domain/container-codes');
  const { randomBytes } = await import('node:crypto');
  let straight = 0;
  let withRetry = 0;
  for (let index = 0; index < labels; index += 1) {
    const text = containerUrl('https://app.roundtrip.example', containerCodeFromRandom(randomBytes(7)));
    const luma = new Uint8ClampedArray(qrLumaFrame(text));
    const first = decodeQrFromLuma(luma, 640, 480) === text;
    if (first) straight += 1;
    if (first || decodeQrFromLuma(luma, 640, 480, { tilted: true }) === text) withRetry += 1;
  }
  return { labels, straightPercent: round((100 * straight) / labels), withTiltedRetryPercent: round((100 * withRetry) / labels) };
}

interface BenchCustomer {
  email: string;
  tokens: SessionTokens;
}

async function api(
  server: RunningServer,
  pathname: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<unknown> {
  const response = await fetch(server.url + pathname, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function newCustomer(server: RunningServer, tag: string): Promise<BenchCustomer> {
  const email = `bench-${tag}-${Date.now().toString(36)}@roundtrip.example`;
  const password = 'bench password 1';
  await api(server, '/api/v2/user', {
    method: 'POST',
    body: { email, password, name: 'Bench Person', country_code: 'us', locale: 'en-US', zip_code: '10001', terms_accepted: true },
  });
  const tokens = tokenResponse.parse(
    await api(server, '/api/v2/oauth/token', {
      method: 'POST',
      body: { grant_type: 'password', client_id: 'roundtrip-web', email, password },
    }),
  );
  return { email, tokens };
}

async function issue(server: RunningServer, operatorKey: string, count: number): Promise<string[]> {
  const products = (await api(server, '/api/v2/products?country_code=us')) as { data: { id: string }[] };
  const issued = (await api(server, '/api/v2/ops/containers', {
    method: 'POST',
    headers: { 'x-ops-key': operatorKey },
    body: { product_id: products.data[0]!.id, count },
  })) as { data: { codes: string[] } };
  return issued.data.codes;
}

/**
 * In the page: when each video frame arrives, is a QR code in the middle of the picture
 * (mean luma of the centre well below the blank scene's)? Records the arrival time of each
 * blank → code change, and when each code first reads "Recorded". A string: tsx would add
 * helpers to a function that do not exist in the page.
 */
const watchScanner = `(() => {
  window.codeEnteredAt = [];
  window.recordedAt = {};
  window.frameLuma = [];
  const sample = document.createElement('canvas');
  sample.width = 32; sample.height = 24;
  const context = sample.getContext('2d', { willReadFrequently: true });
  let watched;
  let codeInView = false;
  const onFrame = (now, metadata) => {
    if (!watched) return;
    // When the camera delivered the frame, if the browser says; else when it was presented.
    const arrived = metadata.captureTime ?? metadata.receiveTime ?? metadata.presentationTime ?? now;
    // Cleared first: a frame the canvas could not draw stays transparent, instead of showing the one before.
    context.clearRect(0, 0, 32, 24);
    context.drawImage(watched, 0, 0, 32, 24);
    // The whole picture's mean, for scenes of several labels away from the centre (the bag).
    const whole = context.getImageData(0, 0, 32, 24).data;
    let wholeSum = 0;
    let opaque = 0;
    for (let index = 0; index < whole.length; index += 4) { wholeSum += whole[index + 1]; opaque += whole[index + 3] > 0 ? 1 : 0; }
    const drawn = opaque > 0;
    if (window.frameLuma.length < 5000) window.frameLuma.push([arrived, wholeSum / (whole.length / 4), drawn]);
    if (drawn) {
      const pixels = context.getImageData(8, 6, 16, 12).data;
      let sum = 0;
      for (let index = 0; index < pixels.length; index += 4) sum += pixels[index + 1];
      const inView = sum / (pixels.length / 4) < 200;
      if (inView && !codeInView) window.codeEnteredAt.push(arrived);
      codeInView = inView;
    }
    watched.requestVideoFrameCallback(onFrame);
  };
  const observer = new MutationObserver(() => {
    const video = document.querySelector('video.scanner__video');
    if (video && video !== watched) { watched = video; video.requestVideoFrameCallback(onFrame); }
    for (const row of document.querySelectorAll('[data-testid="session-scan"][data-state="recorded"]')) {
      const code = row.getAttribute('data-code');
      if (code && window.recordedAt[code] === undefined) window.recordedAt[code] = performance.now();
    }
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-state'] });
})();`;

/** Added to a camera run's page: scripts run before the app's, and what to read from the page before it closes (bench/bag.ts). */
export interface PageHooks {
  initScripts?: string[];
  collect?: (page: Page) => Promise<void>;
}

interface CameraRun {
  recorded: number;
  presented: number;
  codeToRecordedMs: number[];
  /** When each code read "Recorded" (page time), and each frame's arrival with the picture's mean luma. */
  recordedAt: Record<string, number>;
  frames: SampledFrame[];
}

/** Plays the labels of `codes` through a fake camera and waits until each is recorded (or `waitMs`). */
async function runCamera(
  server: RunningServer,
  customer: BenchCustomer,
  codes: string[],
  segments: VideoSegment[],
  videoFile: string,
  waitMs: number,
  options: { cpuSlowdown?: number } & PageHooks = {},
): Promise<CameraRun> {
  writeY4m(videoFile, segments);
  const browser: Browser = await chromium.launch({
    executablePath,
    args: [
      ...chromiumFlags,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${videoFile}`,
    ],
  });
  try {
    const context = await browser.newContext({ locale: 'en-US', permissions: ['camera'], serviceWorkers: 'block' });
    await signInBrowser(context, customer.tokens, server.url);
    await answerCookieBanner(context);
    await context.addInitScript(watchScanner);
    await context.addInitScript('window.__name = (target) => target;');
    for (const script of options.initScripts ?? []) await context.addInitScript(script);
    const page = await context.newPage();
    if (options.cpuSlowdown) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuSlowdown });
    }
    await page.goto(`${server.url}/us/user/scan`);
    const deadline = Date.now() + waitMs;
    let state: { entered: number[]; recorded: Record<string, number>; frames: SampledFrame[] } = {
      entered: [],
      recorded: {},
      frames: [],
    };
    while (Date.now() < deadline) {
      state = await page.evaluate(() => {
        const scope = window as unknown as {
          codeEnteredAt: number[];
          recordedAt: Record<string, number>;
          frameLuma: SampledFrame[];
        };
        return { entered: scope.codeEnteredAt, recorded: scope.recordedAt, frames: scope.frameLuma };
      });
      if (codes.every((code) => state.recorded[code] !== undefined)) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await options.collect?.(page);
    const durations: number[] = [];
    for (const code of codes) {
      const recordedAt = state.recorded[code];
      if (recordedAt === undefined) continue;
      // The code entered the view at the last blank → code change before it was recorded.
      const entered = state.entered.filter((at) => at <= recordedAt).at(-1);
      if (entered !== undefined) durations.push(recordedAt - entered);
    }
    return {
      recorded: codes.filter((code) => state.recorded[code] !== undefined).length,
      presented: codes.length,
      codeToRecordedMs: durations,
      recordedAt: state.recorded,
      frames: state.frames,
    };
  } finally {
    await browser.close();
  }
}

export interface CodeToRecordedFigures {
  /** Labels timed (recorded, with the frame they entered on seen). */
  codes: number;
  /** Labels shown to the camera, and those never recorded: a miss, not a dropped sample. */
  presented: number;
  missed: number;
  codeToRecordedMs: { median: number; p95: number; all: number[] };
  rapid: { labelsPresented: number; secondsPerLabel: number; recordedOnFirstPass: number };
  /**
   * A bag of containers: twelve labels shown six a frame (two frames, 3 s each, a second of empty
   * scene between), read by the fallback decoder with the CPU slowed down. Per frame, from the
   * first video frame showing its six labels to the last of them "Recorded"; `totalMs` adds both.
   */
  bag: {
    labels: number;
    perFrame: number;
    cpuSlowdown: number;
    recorded: number;
    frameToAllRecordedMs: number[];
    totalMs: number | null;
  };
  /** 60 s divided by (median code-to-recorded + a person's handling time per container). */
  scansPerMinute: { scannerLimit: number; personWithHandlingSeconds: number; person: number };
}

/** The operator key of the scanner benches' servers: they issue the labels they show the camera. */
export const scannerBenchOperatorKey = 'scanner-bench-operator-key';

/** A server for the scanner benches: a fresh embedded database under `workDir`, no demo data, serving `distDir`. */
export function startScannerServer(workDir: string, distDir: string, port: number): Promise<RunningServer> {
  return startServer(
    'src/server/main.ts',
    {
      DATA_DIR: path.join(workDir, 'data'),
      STATIC_DIR: distDir,
      OPS_KEY: scannerBenchOperatorKey,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO: 'false',
    },
    '/readyz',
    port,
  );
}

/** (b) Code entering the camera view → "Recorded" on screen, against a running server. */
export async function codeToRecordedFigures(
  /** `distDir`: the build to serve (BENCH_DIST, bench/run.ts), dist/ when left out. */
  options: { codes?: number; port?: number; handlingSeconds?: number; distDir?: string } = {},
): Promise<CodeToRecordedFigures> {
  const count = options.codes ?? 8;
  const port = options.port ?? 18_191;
  const handlingSeconds = options.handlingSeconds ?? 1.5;
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'roundtrip-scanner-bench-'));
  const server = await startScannerServer(workDir, path.resolve(root, options.distDir ?? 'dist'), port);
  try {
    // Labels held in view 2 s with 1.5 s of empty scene between them.
    const customer = await newCustomer(server, 'scanner');
    const codes = await issue(server, scannerBenchOperatorKey, count);
    const segments: VideoSegment[] = [{ seconds: 2 }];
    for (const code of codes) segments.push({ text: containerUrl(server.url, code), seconds: 2 }, { seconds: 1.5 });
    const timed = await runCamera(server, customer, codes, segments, path.join(workDir, 'labels.y4m'), 60_000);

    // One label a second (0.8 s in view, 0.2 s to swap): does the scanner keep up?
    const rapidCustomer = await newCustomer(server, 'rapid');
    const rapidCodes = await issue(server, scannerBenchOperatorKey, 10);
    const rapidSegments: VideoSegment[] = [{ seconds: 2 }];
    for (const code of rapidCodes) rapidSegments.push({ text: containerUrl(server.url, code), seconds: 0.8 }, { seconds: 0.2 });
    const rapid = await runCamera(
      server,
      rapidCustomer,
      rapidCodes,
      rapidSegments,
      path.join(workDir, 'rapid.y4m'),
      2_000 + rapidCodes.length * 1_000 + 4_000,
    );

    const bag = await bagFigures(server, scannerBenchOperatorKey, path.join(workDir, 'bag.y4m'));

    const median = percentile(timed.codeToRecordedMs, 0.5);
    return {
      bag,
      codes: timed.codeToRecordedMs.length,
      presented: timed.presented,
      missed: timed.presented - timed.recorded,
      codeToRecordedMs: {
        median: Math.round(median),
        p95: Math.round(percentile(timed.codeToRecordedMs, 0.95)),
        all: timed.codeToRecordedMs.map(Math.round),
      },
      rapid: { labelsPresented: rapid.presented, secondsPerLabel: 1, recordedOnFirstPass: rapid.recorded },
      scansPerMinute: {
        scannerLimit: Math.floor(60_000 / median),
        personWithHandlingSeconds: handlingSeconds,
        person: Math.floor(60 / (median / 1000 + handlingSeconds)),
      },
    };
  } finally {
    await server.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

/** Slowed as Lighthouse's mobile preset slows the CPU. */
const bagCpuSlowdown = 4;

/**
 * Twelve labels, six a frame, through the fake camera on a slowed CPU (see `bag` above). A frame
 * enters the view when the picture's mean luma leaves the empty scene's for two frames or more
 * (sceneEntries: frames the page could not draw and a lone odd frame are not a scene); a frame whose six labels are not all recorded before the next pass counts
 * its time until they were, or null when some never were.
 */
export async function bagFigures(
  server: RunningServer,
  operatorKey: string,
  videoFile: string,
  hooks: PageHooks = {},
): Promise<CodeToRecordedFigures['bag']> {
  const customer = await newCustomer(server, 'bag');
  const codes = await issue(server, operatorKey, 12);
  const groups = [codes.slice(0, 6), codes.slice(6)];
  const segments: VideoSegment[] = [{ seconds: 2 }];
  for (const group of groups) {
    segments.push(
      {
        scene: {
          labels: sixLabels(
            group.map((code) => containerUrl(server.url, code)),
            4,
          ),
        },
        seconds: 3,
      },
      { seconds: 1 },
    );
  }
  const run = await runCamera(server, customer, codes, segments, videoFile, 20_000, { cpuSlowdown: bagCpuSlowdown, ...hooks });
  const entered = sceneEntries(run.frames);
  const untilAll = (at: Record<string, number>) =>
    groups.map((group, index) => {
      const reached = group.map((code) => at[code]);
      const start = entered[index];
      if (start === undefined || reached.some((time) => time === undefined)) return null;
      return Math.round(Math.max(...reached.map((time) => time ?? 0)) - start);
    });
  const times = untilAll(run.recordedAt);
  return {
    labels: codes.length,
    perFrame: 6,
    cpuSlowdown: bagCpuSlowdown,
    recorded: run.recorded,
    frameToAllRecordedMs: times.filter((time): time is number => time !== null),
    totalMs: times.every((time) => time !== null) ? times.reduce<number>((sum, time) => sum + (time ?? 0), 0) : null,
  };
}

export interface ScanRouteSize {
  files: { file: string; bytes: number; gzipBytes: number }[];
  gzipBytes: number;
}

/**
 * Gzip size of what the scan route adds: its route chunk, the scanner feature and the on-demand
 * decoder (chunks named after the route's modules: scan-*, the shared camera-* (vite.config.ts), wasm-decode-*, and the zxing_reader .wasm).
 */
export function scanRouteSize(assetsDir = path.join(root, 'dist', 'assets')): ScanRouteSize {
  const files = readdirSync(assetsDir)
    .filter((file) => /^(scan|camera|wasm-decode)-[\w-]+\.js$/.test(file) || /^zxing_reader-[\w-]+\.wasm$/.test(file))
    .map((file) => {
      const bytes = readFileSync(path.join(assetsDir, file));
      return { file, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
    });
  return { files, gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const figures = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, loadAverage: os.loadavg().map((value) => round(value, 2)) },
    decode: await decodeFrameFigures(),
    readRate: await readRateFigures(),
    codeToRecorded: await codeToRecordedFigures(),
    scanRoute: scanRouteSize(),
  };
  process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
}
