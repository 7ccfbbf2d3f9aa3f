/**
 * Reads QR codes from the video. The browser's own BarcodeDetector where it exists (Android
 * Chrome: fast, native), else ZXing C++ as WebAssembly, loaded on demand so it never weighs on
 * other pages. Both give every code in the frame: a bag of containers is read at once.
 */
export interface QrDetector {
  readonly kind: 'native' | 'wasm';
  /** The texts of the QR codes in the current frame, each once (none: an empty list). */
  detect(video: HTMLVideoElement): Promise<string[]>;
}

interface DetectedBarcode {
  rawValue: string;
}

interface BarcodeDetectorInstance {
  detect(source: HTMLVideoElement | HTMLCanvasElement): Promise<DetectedBarcode[]>;
}

interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorInstance;
  getSupportedFormats(): Promise<string[]>;
}

function nativeDetectorClass(): BarcodeDetectorClass | undefined {
  const candidate: unknown = Reflect.get(globalThis, 'BarcodeDetector');
  return typeof candidate === 'function' ? (candidate as BarcodeDetectorClass) : undefined;
}

async function nativeDetector(): Promise<QrDetector | undefined> {
  const BarcodeDetector = nativeDetectorClass();
  if (!BarcodeDetector) return undefined;
  try {
    if (!(await BarcodeDetector.getSupportedFormats()).includes('qr_code')) return undefined;
    const detector = new BarcodeDetector({ formats: ['qr_code'] });
    return {
      kind: 'native',
      async detect(video) {
        return [...new Set((await detector.detect(video)).map((code) => code.rawValue))];
      },
    };
  } catch {
    return undefined;
  }
}

async function wasmDetector(): Promise<QrDetector> {
  const [{ readQrCodes, loadWasmFrom, warmUpDecoder }, { default: wasmUrl }] = await Promise.all([
    import('./wasm-decode'),
    // Our own copy in the build, fetched when the scanner opens (not precached: scan README).
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  loadWasmFrom(wasmUrl);
  // Fetches and compiles the .wasm too. A decoder that cannot start (offline, never kept) fails on
  // each read as before: the camera still shows and the code field still works.
  await warmUpDecoder().catch(() => undefined);
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return {
    kind: 'wasm',
    async detect(video) {
      const width = video.videoWidth;
      const height = video.videoHeight;
      if (!context || width === 0 || height === 0) return [];
      // 640 px wide still resolves six labels side by side (bench/decoders.ts) and keeps each
      // read short on a slow phone.
      const scale = Math.min(1, 640 / width);
      canvas.width = Math.round(width * scale);
      canvas.height = Math.round(height * scale);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      return [...new Set(await readQrCodes(context.getImageData(0, 0, canvas.width, canvas.height)))];
    },
  };
}

/**
 * On a phone without a native QR detector (every iPhone), fetch the WebAssembly decoder once, in
 * the background, so the service worker keeps it (the `scanner-decoder` cache): a person who first
 * opens the scanner in a shop with no signal can still scan. Only once the service worker controls
 * the page (keep-decoder.ts waits for that before loading this module: nothing would keep it
 * before), and not on a connection that asks to save data.
 */
export async function keepDecoderForOffline(): Promise<void> {
  if (!('serviceWorker' in navigator) || !navigator.serviceWorker.controller) return;
  const connection: unknown = Reflect.get(navigator, 'connection');
  if (typeof connection === 'object' && connection !== null && Reflect.get(connection, 'saveData') === true) return;
  if (await nativeDetector()) return;
  const { default: wasmUrl } = await import('zxing-wasm/reader/zxing_reader.wasm?url');
  const kept = await caches.match(wasmUrl);
  if (kept) return;
  const response = await fetch(wasmUrl);
  // Read to the end: the worker stores the answer as it passes through.
  await response.arrayBuffer();
}

export async function createQrDetector(): Promise<QrDetector> {
  return (await nativeDetector()) ?? wasmDetector();
}
