/**
 * Reads QR codes from the video. The browser's own BarcodeDetector where it exists (Android
 * Chrome: fast, native), else ZXing, loaded on demand so it never weighs on other pages.
 */
export interface QrDetector {
  readonly kind: 'native' | 'zxing';
  /** The text of a QR code in the current frame, if any. */
  detect(video: HTMLVideoElement): Promise<string | undefined>;
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
        const [first] = await detector.detect(video);
        return first?.rawValue;
      },
    };
  } catch {
    return undefined;
  }
}

async function zxingDetector(): Promise<QrDetector> {
  const { decodeQrFromLuma, lumaOf } = await import('./zxing-decode');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  let frames = 0;
  return {
    kind: 'zxing',
    async detect(video) {
      const width = video.videoWidth;
      const height = video.videoHeight;
      if (!context || width === 0 || height === 0) return undefined;
      // A QR code on a container fills a good part of the picture: 640 px wide is plenty
      // and keeps each attempt short on a slow phone.
      const scale = Math.min(1, 640 / width);
      canvas.width = Math.round(width * scale);
      canvas.height = Math.round(height * scale);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      const frame = context.getImageData(0, 0, canvas.width, canvas.height);
      frames += 1;
      // Every other frame is read turned by a few degrees: see tiltDegrees.
      return decodeQrFromLuma(lumaOf(frame.data), frame.width, frame.height, { tilted: frames % 2 === 0 });
    },
  };
}

export async function createQrDetector(): Promise<QrDetector> {
  return (await nativeDetector()) ?? zxingDetector();
}
