/**
 * A kept page compressed once, sent to every guest with their own CSP nonce (issue 15, item 2); as text
 * (withNonce) to a client that takes no gzip.
 *
 * Most views of a kept page differ from it only in the nonce (worker/render/personal-parts.tsx). Sent as
 * text, the runtime would gzip the same 40–100 KB for every one of them, which cost more than all the
 * rest of a cached view. Here the page is split at its nonce attributes and each piece compressed once,
 * as raw deflate ending on a byte boundary (a sync flush, not a final block), so the pieces can be laid
 * end to end. A view's gzip body is then: the gzip header, piece 0, the view's ` nonce="…"` as a stored
 * block, piece 1, …, an empty final block, and the trailer: the CRC-32 of the whole text, joined from the
 * pieces' CRCs without reading them again (zlib's crc32_combine), and its length.
 *
 * RFC 1951 §3.2.4 (stored blocks), RFC 1952 (the gzip member). node:zlib does the compressing (Workers
 * have it with nodejs_compat); the CRC arithmetic follows zlib's crc32.c.
 */
import { constants, deflateRawSync } from 'node:zlib';

/** The nonce attribute as React writes it; its quotes are never text (React escapes every quote). */
const NONCE_ATTRIBUTE = / nonce="[^"]*"/g;

const encoder = new TextEncoder();

export interface KeptGzip {
  /** Each piece between two nonce attributes, deflated to a byte boundary. */
  pieces: Uint8Array[];
  /** CRC-32 and byte length of each piece's text. */
  crcs: number[];
  lengths: number[];
  /** Compressed bytes, for the memory's accounting. */
  size: number;
}

// ---- CRC-32 (the gzip polynomial, reflected), and joining two CRCs (zlib's crc32_combine) ----

const POLY = 0xedb88320;
const TABLE = /* @__PURE__ */ (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ POLY : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array, crc = 0): number {
  let c = ~crc >>> 0;
  for (let i = 0; i < bytes.length; i++) c = TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

/** a(x)·b(x) modulo the CRC polynomial (reflected bit order). */
function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial, k = 0..31. */
const X2N = /* @__PURE__ */ (() => {
  const table = new Uint32Array(32);
  let p = 0x40000000; // x^1
  for (let k = 0; k < 32; k++) {
    table[k] = p;
    p = multModP(p, p);
  }
  return table;
})();

/** x^(n·2^k) modulo the polynomial. */
function x2nModP(n: number, k: number): number {
  let p = 0x80000000; // x^0
  while (n) {
    if (n & 1) p = multModP(X2N[k & 31]!, p);
    n >>>= 1;
    k++;
  }
  return p;
}

/**
 * x^(8·length) mod P, by length: a view joins each of its page's pieces and nonces at the same few lengths,
 * so each is worked out once (some twenty multiplications of 32 steps), not on every view.
 */
const SHIFTS = new Map<number, number>();
const SHIFTS_KEPT = 4096;

function shiftOf(length: number): number {
  let shift = SHIFTS.get(length);
  if (shift === undefined) {
    shift = x2nModP(length, 3);
    if (SHIFTS.size >= SHIFTS_KEPT) SHIFTS.clear();
    SHIFTS.set(length, shift);
  }
  return shift;
}

/** The CRC-32 of A followed by B, from crc(A), crc(B) and B's length. */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multModP(shiftOf(lengthB), crcA) ^ crcB) >>> 0;
}

// ---- compressing the page once, laying out a view ----

/** Splits `html` at its nonce attributes and compresses each piece (a kept page, once). */
export function compressKeptPage(html: string): KeptGzip {
  const texts = html.split(NONCE_ATTRIBUTE);
  const pieces: Uint8Array[] = [];
  const crcs: number[] = [];
  const lengths: number[] = [];
  let size = 0;
  for (const text of texts) {
    const bytes = encoder.encode(text);
    const piece = new Uint8Array(deflateRawSync(bytes, { level: 9, memLevel: 9, finishFlush: constants.Z_SYNC_FLUSH }));
    pieces.push(piece);
    crcs.push(crc32(bytes));
    lengths.push(bytes.length);
    size += piece.length;
  }
  return { pieces, crcs, lengths, size };
}

/** A stored (uncompressed) deflate block holding `bytes` (at most 65 535), not the last one. */
function storedBlock(bytes: Uint8Array): Uint8Array {
  const block = new Uint8Array(5 + bytes.length);
  const length = bytes.length;
  block[0] = 0; // BFINAL 0, BTYPE 00; the rest of the byte is padding
  block[1] = length & 0xff;
  block[2] = length >>> 8;
  block[3] = ~length & 0xff;
  block[4] = (~length >>> 8) & 0xff;
  block.set(bytes, 5);
  return block;
}

/** The gzip header: deflate, no name, no time, unknown OS (RFC 1952 §2.3). */
const GZIP_HEADER = new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty stored block marked last: the end of the deflate stream. */
const FINAL_BLOCK = new Uint8Array([1, 0, 0, 0xff, 0xff]);

/** The page as a gzip body with ` nonce="<nonce>"` where the kept page had its nonce attributes. */
export function gzipWithNonce(kept: KeptGzip, nonce: string | undefined): Uint8Array<ArrayBuffer> {
  const attribute = encoder.encode(nonce ? ` nonce="${nonce}"` : '');
  const attributeCrc = crc32(attribute);
  const between = attribute.length > 0 ? storedBlock(attribute) : null;
  let crc = 0;
  let length = 0;
  let total = GZIP_HEADER.length + FINAL_BLOCK.length + 8;
  kept.pieces.forEach((piece, index) => {
    if (index > 0) {
      if (between) total += between.length;
      crc = crc32Combine(crc, attributeCrc, attribute.length);
      length += attribute.length;
    }
    total += piece.length;
    crc = crc32Combine(crc, kept.crcs[index]!, kept.lengths[index]!);
    length += kept.lengths[index]!;
  });
  const body = new Uint8Array(total);
  let at = 0;
  const put = (bytes: Uint8Array) => {
    body.set(bytes, at);
    at += bytes.length;
  };
  put(GZIP_HEADER);
  kept.pieces.forEach((piece, index) => {
    if (index > 0 && between) put(between);
    put(piece);
  });
  put(FINAL_BLOCK);
  const trailer = new DataView(body.buffer, at, 8);
  trailer.setUint32(0, crc, true);
  trailer.setUint32(4, length >>> 0, true);
  return body;
}

/** The kept page as text with ` nonce="<nonce>"` where it had its nonce attributes (a client without gzip). */
export function withNonce(html: string, nonce: string | undefined): string {
  return html.replace(NONCE_ATTRIBUTE, nonce ? ` nonce="${nonce}"` : '');
}

/** Whether the request's Accept-Encoding takes gzip (not refused with q=0). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  return acceptEncoding.split(',').some((entry) => {
    const [coding, ...params] = entry.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}
