/**
 * What an uploaded product image is (issue 27): PNG, JPEG or WebP, read from its own bytes (never from the
 * name or the browser's word), with its width and height for the page's layout (product_images). Anything
 * else, or a file whose header does not add up, is not an image here.
 */

export interface ImageInfo {
  type: 'png' | 'jpeg' | 'webp';
  width: number;
  height: number;
}

const MAX_SIDE = 10_000;

function plausible(info: ImageInfo): ImageInfo | null {
  return info.width > 0 && info.height > 0 && info.width <= MAX_SIDE && info.height <= MAX_SIDE ? info : null;
}

export function imageInfoOf(bytes: Uint8Array): ImageInfo | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ascii = (at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));
  // PNG: the signature, then IHDR with width and height (big-endian).
  if (bytes.length >= 24 && ascii(1, 3) === 'PNG' && bytes[0] === 0x89 && ascii(12, 4) === 'IHDR')
    return plausible({ type: 'png', width: view.getUint32(16), height: view.getUint32(20) });
  // JPEG: segments up to a start-of-frame marker (SOF0..SOF15 but DHT, JPG, DAC).
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    let at = 2;
    while (at + 9 < bytes.length) {
      if (bytes[at] !== 0xff) return null;
      const marker = bytes[at + 1]!;
      const length = view.getUint16(at + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
        return plausible({ type: 'jpeg', height: view.getUint16(at + 5), width: view.getUint16(at + 7) });
      at += 2 + length;
    }
    return null;
  }
  // WebP: RIFF....WEBP, then VP8 (lossy), VP8L (lossless) or VP8X (extended).
  if (bytes.length >= 30 && ascii(0, 4) === 'RIFF' && ascii(8, 4) === 'WEBP') {
    const chunk = ascii(12, 4);
    if (chunk === 'VP8 ')
      return plausible({
        type: 'webp',
        width: view.getUint16(26, true) & 0x3fff,
        height: view.getUint16(28, true) & 0x3fff,
      });
    if (chunk === 'VP8L') {
      const bits = view.getUint32(21, true);
      return plausible({ type: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 });
    }
    if (chunk === 'VP8X') {
      const width = 1 + (bytes[24]! | (bytes[25]! << 8) | (bytes[26]! << 16));
      const height = 1 + (bytes[27]! | (bytes[28]! << 8) | (bytes[29]! << 16));
      return plausible({ type: 'webp', width, height });
    }
  }
  return null;
}

export const IMAGE_CONTENT_TYPES: Record<ImageInfo['type'], string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};
