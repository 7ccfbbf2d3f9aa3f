#!/usr/bin/env node
// Draws the app icons (public/icons/*.png) as real PNGs with no dependency: the Roundtrip mark
// (two white arrows chasing each other round a circle) on the brand green. Run it after changing
// the design: `node scripts/make-icons.mjs`. Regular icons are a green disc on transparency;
// maskable icons fill the square and keep the mark inside the 80 % safe zone.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const green = [0x0f, 0x5b, 0x3a];

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
function encodePng(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // no filter
    rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function inTriangle(px, py, [ax, ay], [bx, by], [cx, cy]) {
  const d1 = (px - bx) * (ay - by) - (ax - bx) * (py - by);
  const d2 = (px - cx) * (by - cy) - (bx - cx) * (py - cy);
  const d3 = (px - ax) * (cy - ay) - (cx - ax) * (py - ay);
  const negative = d1 < 0 || d2 < 0 || d3 < 0;
  const positive = d1 > 0 || d2 > 0 || d3 > 0;
  return !(negative && positive);
}

/** The mark in unit coordinates (centre 0,0, radius 1): two arcs, each ending in an arrowhead. */
function inMark(x, y) {
  const r = Math.hypot(x, y);
  const angle = Math.atan2(y, x); // -π..π
  const inner = 0.52;
  const outer = 0.72;
  for (const start of [0, Math.PI]) {
    // An arc of 140° starting at `start`, then an arrowhead pointing along the circle.
    let a = angle - start;
    while (a < 0) a += 2 * Math.PI;
    while (a >= 2 * Math.PI) a -= 2 * Math.PI;
    const arcEnd = (140 * Math.PI) / 180;
    if (r >= inner && r <= outer && a <= arcEnd) return true;
    const tipAngle = start + arcEnd + 0.38;
    const baseAngle = start + arcEnd;
    const mid = (inner + outer) / 2;
    const tip = [mid * Math.cos(tipAngle), mid * Math.sin(tipAngle)];
    const baseIn = [(inner - 0.14) * Math.cos(baseAngle), (inner - 0.14) * Math.sin(baseAngle)];
    const baseOut = [(outer + 0.14) * Math.cos(baseAngle), (outer + 0.14) * Math.sin(baseAngle)];
    if (inTriangle(x, y, tip, baseIn, baseOut)) return true;
  }
  return false;
}

function draw(size, maskable) {
  const rgba = Buffer.alloc(size * size * 4);
  const samples = 4;
  // Maskable: the mark stays within the central 80 % circle (radius 0.4 of the side).
  const markScale = maskable ? 0.36 : 0.44;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let background = 0;
      let mark = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = (px + (sx + 0.5) / samples) / size - 0.5;
          const y = (py + (sy + 0.5) / samples) / size - 0.5;
          const inBackground = maskable || Math.hypot(x, y) <= 0.48;
          if (!inBackground) continue;
          background++;
          if (inMark(x / markScale, -y / markScale)) mark++;
        }
      }
      const n = samples * samples;
      const alpha = background / n;
      const white = background ? mark / background : 0;
      const offset = (py * size + px) * 4;
      for (let c = 0; c < 3; c++) rgba[offset + c] = Math.round(green[c] * (1 - white) + 255 * white);
      rgba[offset + 3] = Math.round(alpha * 255);
    }
  }
  return encodePng(size, rgba);
}

const out = path.join(root, 'public', 'icons');
mkdirSync(out, { recursive: true });
for (const size of [192, 512]) {
  writeFileSync(path.join(out, `icon-${size}.png`), draw(size, false));
  writeFileSync(path.join(out, `maskable-${size}.png`), draw(size, true));
}
writeFileSync(path.join(out, 'apple-touch-icon-180.png'), draw(180, true));
process.stdout.write(`Icons written to ${path.relative(root, out)}\n`);
