import { afterEach, describe, expect, it, vi } from 'vitest';
import { cameraProblemOf } from './camera';
import { createQrDetector } from './detectors';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('QR detector choice', () => {
  it("uses the browser's BarcodeDetector when it reads QR codes (Android Chrome), and gives every code in the frame once", async () => {
    const created: unknown[] = [];
    class FakeBarcodeDetector {
      static getSupportedFormats = async () => ['ean_13', 'qr_code'];
      constructor(options: unknown) {
        created.push(options);
      }
      detect = async () => [
        { rawValue: 'https://app.roundtrip.example/r/8B3GG1FWKZY' },
        { rawValue: 'https://app.roundtrip.example/r/0123456789A' },
        { rawValue: 'https://app.roundtrip.example/r/8B3GG1FWKZY' },
      ];
    }
    vi.stubGlobal('BarcodeDetector', FakeBarcodeDetector);
    const detector = await createQrDetector();
    expect(detector.kind).toBe('native');
    expect(created).toEqual([{ formats: ['qr_code'] }]);
    expect(await detector.detect({} as HTMLVideoElement)).toEqual([
      'https://app.roundtrip.example/r/8B3GG1FWKZY',
      'https://app.roundtrip.example/r/0123456789A',
    ]);
  });
});

describe('camera problems', () => {
  it('sorts getUserMedia failures into what the person can do', () => {
    vi.stubGlobal('window', { isSecureContext: true });
    const failure = (name: string) => Object.assign(new Error(name), { name });
    expect(cameraProblemOf(failure('NotAllowedError'))).toBe('denied');
    expect(cameraProblemOf(failure('SecurityError'))).toBe('denied');
    expect(cameraProblemOf(failure('NotFoundError'))).toBe('no-camera');
    expect(cameraProblemOf(failure('OverconstrainedError'))).toBe('no-camera');
    expect(cameraProblemOf(failure('NotReadableError'))).toBe('in-use');
    expect(cameraProblemOf(failure('TypeError'))).toBe('unknown');
    expect(cameraProblemOf('nonsense')).toBe('unknown');
    vi.stubGlobal('window', { isSecureContext: false });
    expect(cameraProblemOf(failure('SecurityError'))).toBe('insecure');
  });
});
