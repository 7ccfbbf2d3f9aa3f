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

/** The text of the QR code in a grey picture (one byte per pixel), if one can be read. */
export function decodeQrFromLuma(luma: Uint8ClampedArray, width: number, height: number): string | undefined {
  try {
    const source = new RGBLuminanceSource(luma, width, height);
    return reader.decode(new BinaryBitmap(new HybridBinarizer(source))).getText();
  } catch {
    // Nothing readable in this frame (not found, checksum or format): the next one may be.
    return undefined;
  } finally {
    reader.reset();
  }
}
