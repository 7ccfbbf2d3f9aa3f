/**
 * ZXing's QR reader alone. @zxing/browser's readers import the whole @zxing/library (every
 * barcode format, about 120 kB gzipped); these deep imports take the QR decoder only, the same
 * code @zxing/browser's BrowserQRCodeReader runs per frame.
 */
import BinaryBitmap from '@zxing/library/esm/core/BinaryBitmap';
import HybridBinarizer from '@zxing/library/esm/core/common/HybridBinarizer';
import RGBLuminanceSource from '@zxing/library/esm/core/RGBLuminanceSource';
import QRCodeReader from '@zxing/library/esm/core/qrcode/QRCodeReader';

const reader = new QRCodeReader();

/** Rec. 601 luma of RGBA pixels (canvas ImageData), the grey picture ZXing reads. */
export function lumaOf(pixels: Uint8ClampedArray): Uint8ClampedArray {
  const luma = new Uint8ClampedArray(pixels.length / 4);
  for (let index = 0; index < luma.length; index += 1) {
    const offset = index * 4;
    luma[index] = (pixels[offset]! * 77 + pixels[offset + 1]! * 150 + pixels[offset + 2]! * 29) >> 8;
  }
  return luma;
}

/** The picture turned by `degrees` about its centre (nearest pixel), corners filled with white. */
export function tiltLuma(luma: Uint8ClampedArray, width: number, height: number, degrees: number): Uint8ClampedArray {
  const angle = (degrees * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const turned = new Uint8ClampedArray(width * height).fill(255);
  const centreX = width / 2;
  const centreY = height / 2;
  for (let y = 0; y < height; y += 1) {
    const dy = y - centreY;
    for (let x = 0; x < width; x += 1) {
      const dx = x - centreX;
      const sourceX = Math.round(cos * dx + sin * dy + centreX);
      const sourceY = Math.round(-sin * dx + cos * dy + centreY);
      if (sourceX >= 0 && sourceX < width && sourceY >= 0 && sourceY < height) turned[y * width + x] = luma[sourceY * width + sourceX]!;
    }
  }
  return turned;
}

/**
 * ZXing-js misses a few percent of perfectly printed QR codes when they sit square in the
 * picture (its finder-pattern search trips on some data patterns, zxing-js/library#653); the
 * same code turned by 15° reads. Callers alternate `tilted` between frames.
 */
export const tiltDegrees = 15;

/** The text of the QR code in a grey picture (one byte per pixel), if one can be read. */
export function decodeQrFromLuma(
  luma: Uint8ClampedArray,
  width: number,
  height: number,
  options: { tilted?: boolean } = {},
): string | undefined {
  try {
    const source = new RGBLuminanceSource(options.tilted ? tiltLuma(luma, width, height, tiltDegrees) : luma, width, height);
    return reader.decode(new BinaryBitmap(new HybridBinarizer(source))).getText();
  } catch {
    // Nothing readable in this frame (not found, checksum or format): the next one may be.
    return undefined;
  } finally {
    reader.reset();
  }
}
