/**
 * ZXing C++ compiled to WebAssembly (zxing-wasm's reader build: no barcode writer). Its
 * `readBarcodes` returns every code in a picture at once, which ZXing-js cannot.
 */
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
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

/** The text of every QR code in a camera frame whose check symbols agree. */
export async function readQrCodes(frame: ImageData): Promise<string[]> {
  const results = await readBarcodes(frame, { formats: ['QRCode'], maxNumberOfSymbols: maxCodesPerFrame, tryHarder: true });
  return results.filter((result) => result.isValid).map((result) => result.text);
}
