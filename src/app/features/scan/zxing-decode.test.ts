import { describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import { decodeQrFromLuma } from './zxing-decode';

/** A grey picture with the QR code of `text` in the middle, as a camera frame would show it. */
function qrPicture(text: string, width = 320, height = 240): Uint8ClampedArray {
  const picture = new Uint8ClampedArray(width * height).fill(230);
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const scale = Math.floor((height * 0.7) / (size + 8));
  const left = Math.floor((width - size * scale) / 2);
  const top = Math.floor((height - size * scale) / 2);
  for (let y = 0; y < size * scale; y += 1) {
    for (let x = 0; x < size * scale; x += 1) {
      if (qr.modules.get(Math.floor(y / scale), Math.floor(x / scale))) picture[(top + y) * width + left + x] = 20;
    }
  }
  return picture;
}

describe('the QR decoder of the scanner', () => {
  it('reads a container label and then another one (the reader keeps no state between frames)', () => {
    expect(decodeQrFromLuma(qrPicture('https://app.roundtrip.example/r/8B3GG1FWKZY'), 320, 240)).toBe(
      'https://app.roundtrip.example/r/8B3GG1FWKZY',
    );
    expect(decodeQrFromLuma(qrPicture('0123456789A'), 320, 240)).toBe('0123456789A');
  });

  it('reads the labels ZXing-js misses when square in the picture once the frame is tilted', () => {
    // Found by the e2e camera test: ZXing-js cannot find this (valid) code straight on.
    const payload = 'http://localhost:8191/r/GTTQ97PYETT';
    const picture = qrPicture(payload, 640, 480);
    expect(decodeQrFromLuma(picture, 640, 480)).toBeUndefined();
    expect(decodeQrFromLuma(picture, 640, 480, { tilted: true })).toBe(payload);
  });

  it('finds nothing in an empty scene instead of throwing', () => {
    expect(decodeQrFromLuma(new Uint8ClampedArray(320 * 240).fill(230), 320, 240)).toBeUndefined();
  });
});
