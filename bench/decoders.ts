// The scanner's two candidate fallback decoders side by side: ZXing-js (@zxing/library,
// one code per read, read again after painting each found code over) and ZXing C++ as WebAssembly
// (zxing-wasm, every code in one call). The same frames of six hard labels each (e2e/support/label-scene.ts)
// go through each decoder's module from src/app in headless Chromium with the bench's mobile CPU
// slowdown, through the app's own path: draw the frame, read its pixels, decode.
// `npx tsx bench/decoders.ts` prints the figures; `npm run bench` (section scanner) includes them.
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { containerCodeFromRandom, containerUrl } from '#domain/container-codes';
import { chromiumFlags } from '../e2e/support/chromium-flags';
import { hardCases, hardScene, sceneLumaFrame, type HardCase } from '../e2e/support/label-scene';
import { mobileThrottling } from './start';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const wasmFile = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
/** Never reached: the page and its .wasm are answered by Playwright's route, inside the browser. */
const pageOrigin = 'http://127.0.0.1:9';

type DecoderName = 'zxing-js' | 'zxing-wasm';
const decoderNames: DecoderName[] = ['zxing-js', 'zxing-wasm'];

/** Each decoder's module as the app imports it, and what it adds to the scan route's on-demand download. */
const entries: Record<DecoderName, string> = {
  'zxing-js': `import { decodeAllQrFromLuma, lumaOf } from './bench/zxing-js-decode';
    let frames = 0;
    export async function decode(frame) {
      frames += 1;
      return decodeAllQrFromLuma(lumaOf(frame.data), frame.width, frame.height, { tilted: frames % 2 === 0 });
    }`,
  'zxing-wasm': `import { readQrCodes, loadWasmFrom } from './src/app/lib/camera/wasm-decode';
    loadWasmFrom('${pageOrigin}/zxing_reader.wasm');
    export const decode = readQrCodes;`,
};

async function pageModule(name: DecoderName): Promise<string> {
  const bundled = await build({
    stdin: { contents: entries[name], resolveDir: root, loader: 'js' },
    bundle: true,
    format: 'esm',
    write: false,
    minify: true,
    logLevel: 'silent',
  });
  return bundled.outputFiles[0]!.text;
}

const gzipBytes = (bytes: Uint8Array | string) => gzipSync(bytes, { level: 9 }).length;

export interface DecoderFigures {
  decoder: DecoderName;
  /** Labels read in the first frame / within two consecutive frames (ZXing-js reads every other one turned 15°). */
  readPercent: { oneFrame: number; twoFrames: number };
  byCase: Record<HardCase, { labels: number; read: number }>;
  frameMs: { median: number; p95: number };
  /** Gzipped JavaScript of the decoder module, and its .wasm where it has one. */
  addedGzipBytes: { js: number; wasm: number; total: number };
  /** Texts read that were on no label in the frame (a misread). */
  wrongTexts: number;
}

export interface DecoderComparison {
  frame: string;
  cpuSlowdown: number;
  framesPerCase: number;
  labelsPerFrame: number;
  decoders: DecoderFigures[];
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? Number.NaN;
}

const round = (value: number) => Math.round(value * 10) / 10;

/** Both decoders on the same frames: `framesPerCase` frames of six labels for each hard case. */
export async function decoderComparison(framesPerCase = 4): Promise<DecoderComparison> {
  const width = 640;
  const height = 480;
  const frames = hardCases.flatMap((hardCase) =>
    Array.from({ length: framesPerCase }, () => {
      const texts = Array.from({ length: 6 }, () => containerUrl('https://app.roundtrip.example', containerCodeFromRandom(randomBytes(7))));
      return { hardCase, texts, luma: [...sceneLumaFrame(hardScene(hardCase, texts), width, height)] };
    }),
  );
  const browser = await chromium.launch({ executablePath, args: chromiumFlags });
  const decoders: DecoderFigures[] = [];
  try {
    for (const name of decoderNames) {
      const script = await pageModule(name);
      const wasm = name === 'zxing-wasm' ? readFileSync(wasmFile) : undefined;
      const page = await browser.newPage();
      await page.route(`${pageOrigin}/**`, (route) => {
        const url = new URL(route.request().url());
        if (url.pathname === '/zxing_reader.wasm' && wasm) return route.fulfill({ body: wasm, contentType: 'application/wasm' });
        if (url.pathname === '/decoder.js') return route.fulfill({ body: script, contentType: 'text/javascript' });
        return route.fulfill({ body: '<!doctype html><title>decoders</title>', contentType: 'text/html' });
      });
      // tsx names the functions it compiles with a helper the page does not have.
      await page.addInitScript('window.__name = (target) => target;');
      await page.goto(`${pageOrigin}/`);
      // The frames become pictures before the CPU is slowed: only the decoding is timed.
      await page.evaluate(
        ({ frames, width, height }) => {
          const images = frames.map((luma) => {
            const image = new ImageData(width, height);
            luma.forEach((value, index) => image.data.set([value, value, value, 255], index * 4));
            return image;
          });
          Reflect.set(window, 'benchFrames', images);
        },
        { frames: frames.map((frame) => frame.luma), width, height },
      );
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: mobileThrottling.cpuSlowdown });
      const reads = await page.evaluate(
        async ({ width, height, moduleUrl }) => {
          const decoder = (await import(moduleUrl)) as { decode(frame: ImageData): Promise<string[]> };
          const images = Reflect.get(window, 'benchFrames') as ImageData[];
          // The "video": a canvas holding the frame; the scanner copies it into its own canvas each time, as from a <video>.
          const source = document.createElement('canvas');
          source.width = width;
          source.height = height;
          const capture = document.createElement('canvas');
          capture.width = width;
          capture.height = height;
          const captureContext = capture.getContext('2d', { willReadFrequently: true })!;
          const readFrame = async () => {
            const started = performance.now();
            captureContext.drawImage(source, 0, 0);
            const texts = await decoder.decode(captureContext.getImageData(0, 0, width, height));
            return { texts, ms: performance.now() - started };
          };
          // Warm-up: the WebAssembly module compiles, the JIT settles.
          await readFrame();
          await readFrame();
          const results: { first: string[]; second: string[]; ms: number[] }[] = [];
          for (const image of images) {
            source.getContext('2d')!.putImageData(image, 0, 0);
            const first = await readFrame();
            const second = await readFrame();
            results.push({ first: first.texts, second: second.texts, ms: [first.ms, second.ms] });
          }
          return results;
        },
        { width, height, moduleUrl: `${pageOrigin}/decoder.js` },
      );
      await page.close();

      const byCase = Object.fromEntries(hardCases.map((hardCase) => [hardCase, { labels: 0, read: 0 }])) as DecoderFigures['byCase'];
      let oneFrame = 0;
      let twoFrames = 0;
      let wrongTexts = 0;
      reads.forEach((read, index) => {
        const { hardCase, texts } = frames[index]!;
        const inFirst = texts.filter((text) => read.first.includes(text)).length;
        const inEither = texts.filter((text) => read.first.includes(text) || read.second.includes(text)).length;
        wrongTexts += [...read.first, ...read.second].filter((text) => !texts.includes(text)).length;
        oneFrame += inFirst;
        twoFrames += inEither;
        byCase[hardCase].labels += texts.length;
        byCase[hardCase].read += inEither;
      });
      const labels = frames.length * 6;
      const durations = reads.flatMap((read) => read.ms);
      const js = gzipBytes(script);
      const wasmGzip = wasm ? gzipBytes(wasm) : 0;
      decoders.push({
        decoder: name,
        readPercent: { oneFrame: round((100 * oneFrame) / labels), twoFrames: round((100 * twoFrames) / labels) },
        byCase,
        frameMs: { median: round(percentile(durations, 0.5)), p95: round(percentile(durations, 0.95)) },
        addedGzipBytes: { js, wasm: wasmGzip, total: js + wasmGzip },
        wrongTexts,
      });
    }
  } finally {
    await browser.close();
  }
  return { frame: `${width}×${height}`, cpuSlowdown: mobileThrottling.cpuSlowdown, framesPerCase, labelsPerFrame: 6, decoders };
}

/** The comparison as Markdown table rows, one column per decoder. */
export function decoderTable(comparison: DecoderComparison): string[] {
  const [first, second] = comparison.decoders;
  if (!first || !second) return [];
  const row = (label: string, value: (figures: DecoderFigures) => string) => `| ${label} | ${value(first)} | ${value(second)} |`;
  return [
    `Fallback decoders on the same ${comparison.frame} frames of ${comparison.labelsPerFrame} labels, ${comparison.framesPerCase} frames per case, CPU ${comparison.cpuSlowdown}× slower:`,
    '',
    `| | ${first.decoder} | ${second.decoder} |`,
    '| --- | --- | --- |',
    row('labels read, one frame', (figures) => `${figures.readPercent.oneFrame} %`),
    row('labels read within two frames', (figures) => `${figures.readPercent.twoFrames} %`),
    ...hardCases.map((hardCase) =>
      row(`— ${hardCase}`, (figures) => `${figures.byCase[hardCase].read} of ${figures.byCase[hardCase].labels}`),
    ),
    row('time per frame, median / p95', (figures) => `${figures.frameMs.median} / ${figures.frameMs.p95} ms`),
    row('wrong texts read', (figures) => String(figures.wrongTexts)),
    row(
      'bytes added, gzipped (JS + wasm)',
      (figures) => `${figures.addedGzipBytes.js} + ${figures.addedGzipBytes.wasm} = ${figures.addedGzipBytes.total}`,
    ),
  ];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const comparison = await decoderComparison(Number(process.env.BENCH_DECODER_FRAMES ?? 4));
  process.stdout.write(`${decoderTable(comparison).join('\n')}\n\n${JSON.stringify(comparison, null, 2)}\n`);
}
