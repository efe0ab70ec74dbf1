// Issue 27: an uploaded product image is what its own bytes say (PNG, JPEG or WebP, with its size), never
// what its name or the browser says.
import { describe, expect, test } from 'vitest';
import { imageInfoOf } from '../../worker/commerce/catalog/image-size';

/** A real 1 × 1 PNG. */
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='),
  (character) => character.charCodeAt(0),
);

describe('image sizes', () => {
  test('image sizes are read from the bytes of a PNG, a JPEG and a WebP', () => {
    expect(imageInfoOf(PNG)).toEqual({ type: 'png', width: 1, height: 1 });
    // A JPEG's SOF0 segment: 600 high, 800 wide.
    const jpeg = Uint8Array.from([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x02, 0x58, 0x03, 0x20, 0x03,
    ]);
    expect(imageInfoOf(jpeg)).toEqual({ type: 'jpeg', width: 800, height: 600 });
    // A lossless WebP (VP8L) of 400 × 300.
    const webp = new Uint8Array(30);
    webp.set(new TextEncoder().encode('RIFF'), 0);
    webp.set(new TextEncoder().encode('WEBPVP8L'), 8);
    const bits = (400 - 1) | ((300 - 1) << 14);
    new DataView(webp.buffer).setUint32(21, bits, true);
    expect(imageInfoOf(webp)).toEqual({ type: 'webp', width: 400, height: 300 });
    expect(imageInfoOf(new TextEncoder().encode('GIF89a....'))).toBeNull();
  });
});
