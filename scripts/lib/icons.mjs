// The shop's app icons (issue 28: the web app manifest's, in the theme colour #FDD600), drawn here as PNGs
// from the favicon's own "K" (a polygon in its 32-unit box), 4×4 samples a pixel, so the build needs no image
// library. A maskable icon keeps the mark inside the middle 60 %, the safe zone a round or squircle mask keeps.
import { Buffer } from 'node:buffer';
import { deflateSync } from 'node:zlib';

const THEME = [0xfd, 0xd6, 0x00];
const INK = [0x11, 0x11, 0x11];
/** The favicon's "K": M10 7h4v7.5L20.5 7h5l-7.2 7.6L26 25h-5l-5.5-7.6-1.5 1.6V25h-4z */
const K = [
  [10, 7],
  [14, 7],
  [14, 14.5],
  [20.5, 7],
  [25.5, 7],
  [18.3, 14.6],
  [26, 25],
  [21, 25],
  [15.5, 17.4],
  [14, 19],
  [14, 25],
  [10, 25],
];

function inside(x, y) {
  let hit = false;
  for (let i = 0, j = K.length - 1; i < K.length; j = i++) {
    const [xi, yi] = K[i];
    const [xj, yj] = K[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
}

const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC[(c ^ byte) & 0xff] ^ (c >>> 8);
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

/**
 * A `size`×`size` PNG: the theme colour, the "K" in ink over `scale` of it (1: as the favicon draws it,
 * corners rounded; a maskable icon fills the square).
 */
export function iconPng(size, { maskable = false } = {}) {
  const scale = maskable ? 0.6 : 1;
  const radius = maskable ? 0 : size * (7 / 32);
  const rows = [];
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let px = 0; px < size; px++) {
      let ink = 0;
      let cover = 0;
      for (let sy = 0; sy < 4; sy++)
        for (let sx = 0; sx < 4; sx++) {
          const x = px + (sx + 0.5) / 4;
          const y = py + (sy + 0.5) / 4;
          // Rounded corners (the favicon's rx 7 of 32).
          const cx = Math.min(Math.max(x, radius), size - radius);
          const cy = Math.min(Math.max(y, radius), size - radius);
          if ((x - cx) ** 2 + (y - cy) ** 2 > radius ** 2) continue;
          cover++;
          const u = 16 + ((x / size) * 32 - 16) / scale;
          const v = 16 + ((y / size) * 32 - 16) / scale;
          if (inside(u, v)) ink++;
        }
      const o = 1 + px * 4;
      for (let c = 0; c < 3; c++)
        row[o + c] = Math.round((THEME[c] * (cover - ink) + INK[c] * ink) / Math.max(cover, 1));
      row[o + 3] = Math.round((cover / 16) * 255);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The manifest's icons: [file name, size, maskable]. */
export const ICONS = [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-maskable-512.png', 512, true],
];
