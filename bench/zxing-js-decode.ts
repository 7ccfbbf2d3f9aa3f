/**
 * ZXing's QR reader alone. @zxing/browser's readers import the whole @zxing/library (every
 * barcode format, about 120 kB gzipped); these deep imports take the QR decoder only, the same
 * code @zxing/browser's BrowserQRCodeReader runs per frame.
 */
import BinaryBitmap from '@zxing/library/esm/core/BinaryBitmap';
import HybridBinarizer from '@zxing/library/esm/core/common/HybridBinarizer';
import RGBLuminanceSource from '@zxing/library/esm/core/RGBLuminanceSource';
import QRCodeReader from '@zxing/library/esm/core/qrcode/QRCodeReader';
import { maxCodesPerFrame } from '../src/app/lib/camera/max-codes';

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

/**
 * Every QR code in a grey picture. ZXing-js reads one code per call and fails outright when it
 * sees the finder patterns of several codes (it picks three that belong to different codes), so
 * the picture is read whole and then in overlapping quarters; each code found is painted over
 * with paper and the same part read again until nothing more is found.
 */
export function decodeAllQrFromLuma(luma: Uint8ClampedArray, width: number, height: number, options: { tilted?: boolean } = {}): string[] {
  const picture = options.tilted ? tiltLuma(luma, width, height, tiltDegrees) : Uint8ClampedArray.from(luma);
  const texts = new Set<string>();
  const tileWidth = Math.floor(width / 2);
  const tileHeight = Math.floor(height / 2);
  const regions = [{ left: 0, top: 0, width, height }];
  for (let top = 0; top + tileHeight <= height; top += Math.floor(tileHeight / 2)) {
    for (let left = 0; left + tileWidth <= width; left += Math.floor(tileWidth / 2))
      regions.push({ left, top, width: tileWidth, height: tileHeight });
  }
  for (const region of regions) {
    while (texts.size < maxCodesPerFrame) {
      const found = decodeOnce(cropLuma(picture, width, region), region.width, region.height);
      if (!found) break;
      texts.add(found.text);
      paintOver(
        picture,
        width,
        height,
        found.points.map((point) => ({ x: point.x + region.left, y: point.y + region.top })),
      );
    }
  }
  return [...texts];
}

function cropLuma(picture: Uint8ClampedArray, width: number, region: { left: number; top: number; width: number; height: number }) {
  if (region.width === width && region.left === 0 && region.top === 0) return picture;
  const crop = new Uint8ClampedArray(region.width * region.height);
  for (let y = 0; y < region.height; y += 1) {
    const start = (region.top + y) * width + region.left;
    crop.set(picture.subarray(start, start + region.width), y * region.width);
  }
  return crop;
}

/**
 * Paper over the code whose finder-pattern centres are `points`: their box grown by half its
 * size on each side covers the finder patterns' outer modules and the quiet zone.
 */
function paintOver(picture: Uint8ClampedArray, width: number, height: number, points: { x: number; y: number }[]): void {
  const xs = points.map((point) => point.x);
  const ys = points.map((point) => point.y);
  const margin = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)) / 2;
  const left = Math.max(0, Math.floor(Math.min(...xs) - margin));
  const right = Math.min(width, Math.ceil(Math.max(...xs) + margin));
  const top = Math.max(0, Math.floor(Math.min(...ys) - margin));
  const bottom = Math.min(height, Math.ceil(Math.max(...ys) + margin));
  for (let y = top; y < bottom; y += 1) picture.fill(255, y * width + left, y * width + right);
}

function decodeOnce(
  luma: Uint8ClampedArray,
  width: number,
  height: number,
): { text: string; points: { x: number; y: number }[] } | undefined {
  try {
    const result = reader.decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luma, width, height))));
    return { text: result.getText(), points: result.getResultPoints().map((point) => ({ x: point.getX(), y: point.getY() })) };
  } catch {
    return undefined;
  } finally {
    reader.reset();
  }
}

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
