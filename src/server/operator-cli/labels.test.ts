import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { containerCodeFromRandom, validateContainerCode } from '#domain/container-codes';
import { labelSheetSvg, printedCode } from './labels';

describe('QR label sheets', () => {
  const codes = Array.from({ length: 6 }, (_, index) => containerCodeFromRandom(new Uint8Array([index, 1, 2, 3, 4, 5, 6])));

  it('prints each code under a QR of its URL, four to a row', () => {
    const svg = labelSheetSvg({ publicUrl: 'https://roundtrip.example/', codes, title: 'Oat milk & co <1 L>' });
    expect(svg.startsWith('<?xml')).toBe(true);
    expect(svg).toContain('width="210mm"');
    expect(svg.match(/<path /g)).toHaveLength(6);
    for (const code of codes) expect(svg).toContain(`>${printedCode(code)}</text>`);
    expect(svg).toContain('Oat milk &#38; co &#60;1 L&#62;');
    // Two rows of labels: the sheet is as tall as two labels.
    const height = Number(/viewBox="0 0 210 ([\d.]+)"/.exec(svg)![1]);
    const single = Number(
      /viewBox="0 0 210 ([\d.]+)"/.exec(labelSheetSvg({ publicUrl: 'https://roundtrip.example', codes: codes.slice(0, 4) }))![1],
    );
    expect(height).toBeCloseTo(2 * single, 5);
  });

  it('draws exactly the dark modules of the QR for {PUBLIC_URL}/r/{CODE}', () => {
    const code = codes[0]!;
    const svg = labelSheetSvg({ publicUrl: 'https://roundtrip.example', codes: [code] });
    const qr = QRCode.create(`https://roundtrip.example/r/${code}`, { errorCorrectionLevel: 'M' });
    const dark = Array.from(qr.modules.data).filter(Boolean).length;
    const path = /d="([^"]+)"/.exec(svg)![1]!;
    const drawn = [...path.matchAll(/h(\d+)/g)].reduce((sum, match) => sum + Number(match[1]), 0);
    expect(drawn).toBe(dark);
  });

  it('prints codes that read back as typed', () => {
    for (const code of codes) expect(validateContainerCode(printedCode(code))).toEqual({ ok: true, code });
  });
});
