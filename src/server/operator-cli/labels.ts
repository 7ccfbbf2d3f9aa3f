import QRCode from 'qrcode';
import { containerUrl } from '#domain/container-codes';

/** A code as printed: groups of 5, 5 and the check symbol, easy to read and type back. */
export function printedCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5, 10)}-${code.slice(10)}`;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The dark modules of a QR code as one SVG path, in module units. */
function qrPath(payload: string): { size: number; path: string } {
  const qr = QRCode.create(payload, { errorCorrectionLevel: 'M' });
  const { size, data } = qr.modules;
  let path = '';
  for (let y = 0; y < size; y += 1) {
    let x = 0;
    while (x < size) {
      if (!data[y * size + x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < size && data[y * size + x]) x += 1;
      path += `M${start} ${y}h${x - start}v1h${start - x}z`;
    }
  }
  return { size, path };
}

export interface LabelSheetOptions {
  publicUrl: string;
  codes: readonly string[];
  /** Printed above the code, e.g. the product's name. */
  title?: string;
  columns?: number;
}

/**
 * A printable A4-wide SVG sheet (millimetres) of QR labels: the payload is
 * {PUBLIC_URL}/r/{CODE}, the code is printed under each QR for typing by hand.
 * Rows continue down the sheet; print with "fit to page width".
 */
export function labelSheetSvg(options: LabelSheetOptions): string {
  const columns = options.columns ?? 4;
  const labelWidth = 210 / columns;
  const qrWidth = labelWidth - 12;
  const labelHeight = qrWidth + 17;
  const quietZone = 2;
  const rows = Math.ceil(options.codes.length / columns);
  const height = Math.max(1, rows) * labelHeight;
  const parts: string[] = [];
  options.codes.forEach((code, index) => {
    const column = index % columns;
    const row = Math.floor(index / columns);
    const x = column * labelWidth;
    const y = row * labelHeight;
    const { size, path } = qrPath(containerUrl(options.publicUrl, code));
    const scale = qrWidth / (size + quietZone * 2);
    parts.push(
      `<g transform="translate(${x.toFixed(2)} ${y.toFixed(2)})">` +
        `<rect x="1" y="1" width="${(labelWidth - 2).toFixed(2)}" height="${(labelHeight - 2).toFixed(2)}" rx="3" fill="#fff" stroke="#bbb" stroke-width="0.2" stroke-dasharray="1 1"/>` +
        (options.title
          ? `<text x="${(labelWidth / 2).toFixed(2)}" y="5.5" font-family="Helvetica, Arial, sans-serif" font-size="2.6" text-anchor="middle" fill="#333">${escapeXml(options.title)}</text>`
          : '') +
        `<g transform="translate(6 7) scale(${scale.toFixed(4)})"><path transform="translate(${quietZone} ${quietZone})" d="${path}" fill="#000"/></g>` +
        `<text x="${(labelWidth / 2).toFixed(2)}" y="${(labelHeight - 4).toFixed(2)}" font-family="Menlo, Consolas, monospace" font-size="3.6" letter-spacing="0.3" text-anchor="middle" fill="#000">${printedCode(code)}</text>` +
        `</g>`,
    );
  });
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="${height.toFixed(2)}mm" viewBox="0 0 210 ${height.toFixed(2)}">\n` +
    `<title>Roundtrip container labels</title>\n` +
    parts.join('\n') +
    `\n</svg>\n`
  );
}
