/**
 * ZXing C++ compiled to WebAssembly (zxing-wasm's reader build: no barcode writer). Its
 * `readBarcodes` returns every code in a picture at once, which ZXing-js cannot.
 */
import { prepareZXingModule, readBarcodes, type ReaderOptions } from 'zxing-wasm/reader';
import { maxCodesPerFrame } from './max-codes';

/**
 * Where the .wasm file is. zxing-wasm fetches it from a CDN unless told otherwise: the app
 * serves its own copy (the build's, see detectors.ts), and no request leaves our origin.
 */
export function loadWasmFrom(wasmUrl: string): void {
  prepareZXingModule({
    overrides: { locateFile: (file: string, prefix: string) => (file.endsWith('.wasm') ? wasmUrl : prefix + file) },
  });
}

/**
 * No second pass over the inverted picture: our labels are printed dark on light, and with fewer
 * codes in view than `maxNumberOfSymbols` (a bag rarely fills it) ZXing makes that pass on every
 * frame, the empty ones included. Every hard case of bench/decoders.ts still reads in one frame.
 */
const readerOptions: ReaderOptions = {
  formats: ['QRCode'],
  maxNumberOfSymbols: maxCodesPerFrame,
  tryHarder: true,
  tryInvert: false,
};

/** The text of every QR code in a camera frame whose check symbols agree. */
export async function readQrCodes(frame: ImageData): Promise<string[]> {
  const results = await readBarcodes(frame, readerOptions);
  return results.filter((result) => result.isValid).map((result) => result.text);
}

/** A version 1 QR code of "RT", 21 × 21 modules row by row, one bit each, first module in the high bit. */
const warmUpModules = '/iv8FVBurLt0FduvrsFxB/qv4BAA0zuzKKqh5OhZnx2zcwBTU/vrUEBEui491TjundsFMp/oUgA=';

/**
 * Reads a small built-in QR code once. The browser compiles the WebAssembly's functions the first
 * time each runs: the first frame with codes in it took two to three times a later one (six labels
 * at 4× slowdown, bench/scanner.ts, the bag). Done while the camera starts, that first frame is a
 * person's bag, not this.
 */
export async function warmUpDecoder(): Promise<void> {
  const size = 21;
  const quiet = 4;
  const pixels = 4;
  const side = (size + 2 * quiet) * pixels;
  const image = new ImageData(side, side);
  image.data.fill(255);
  const bits = atob(warmUpModules);
  for (let index = 0; index < size * size; index += 1) {
    if ((bits.charCodeAt(index >> 3) & (0x80 >> (index & 7))) === 0) continue;
    const top = (Math.floor(index / size) + quiet) * pixels;
    const left = ((index % size) + quiet) * pixels;
    for (let y = top; y < top + pixels; y += 1)
      for (let x = left; x < left + pixels; x += 1) image.data.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
  }
  await readQrCodes(image);
}
