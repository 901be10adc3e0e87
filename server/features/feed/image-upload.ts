// The check of a post's image, sent by the client as a data URL (docs/security.md "Secrets"): the declared
// type is on an allow list (never SVG), the base64 is strict, the size is bounded before and after
// decoding, the magic bytes match the declared type and the pixel size read from the header is sane.
// Pure: no I/O; the caller stores `bytes` under `sha256` and serves it with `mime`.

import { createHash } from 'node:crypto';
import { feedMessages, POST_IMAGE_MAX_BYTES, type POST_IMAGE_TYPES } from '../../../shared/feed.schema';

/** The shared allow list the client's picker uses too; EXT_BY_MIME below must name each one. */
export type ImageMime = (typeof POST_IMAGE_TYPES)[number];
export type ImageExt = 'png' | 'jpg' | 'gif' | 'webp';
export type CheckedImage = { mime: ImageMime; ext: ImageExt; bytes: Buffer; width: number; height: number; sha256: string };

export const MAX_IMAGE_BYTES = POST_IMAGE_MAX_BYTES;
export const MAX_IMAGE_SIDE = 10_000;
// 20 megapixels (5000x4000): decoding one takes 80 MB as RGBA. A tiny file that declares far more
// would make every viewer's browser allocate that much; a bigger photo must be scaled down first.
export const MAX_IMAGE_PIXELS = 20_000_000;
/** The longest base64 payload that can decode to at most MAX_IMAGE_BYTES. */
export const MAX_IMAGE_BASE64_LENGTH = Math.ceil(MAX_IMAGE_BYTES / 3) * 4;

export const IMAGE_MESSAGES = {
  type: feedMessages.imageType,
  base64: 'The image data is not valid base64',
  tooBig: feedMessages.imageSize,
  mismatch: 'The image content does not match its type',
  pixels: 'The image is too large in pixels',
} as const;

export class ImageError extends Error {
  readonly status: 400 | 413;
  constructor(status: 400 | 413, message: string) {
    super(message);
    this.name = 'ImageError';
    this.status = status;
  }
}

const EXT_BY_MIME: Record<ImageMime, ImageExt> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' };
const isAllowedMime = (m: string): m is ImageMime => Object.prototype.hasOwnProperty.call(EXT_BY_MIME, m);

// A header longer than this is not one of ours ('data:image/webp;base64,' is 23 characters).
const MAX_HEADER = 64;
const NOT_BASE64 = /[^A-Za-z0-9+/]/;
// The last character before '=' / '==' may only carry bits that are used (canonical encoding).
const LAST_BEFORE_ONE_PAD = /[AEIMQUYcgkosw048]/;
const LAST_BEFORE_TWO_PADS = /[AQgw]/;

const mismatch = (): never => {
  throw new ImageError(400, IMAGE_MESSAGES.mismatch);
};

type Size = { width: number; height: number };

function startsWith(b: Buffer, bytes: readonly number[], at = 0): boolean {
  if (b.length < at + bytes.length) return false;
  return bytes.every((v, i) => b[at + i] === v);
}

const ascii = (b: Buffer, at: number, s: string): boolean => startsWith(b, [...s].map((c) => c.charCodeAt(0)), at);

function pngSize(b: Buffer): Size {
  // Signature, then the first chunk must be IHDR: length(4) 'IHDR' width(4) height(4), big endian.
  if (!startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) || b.length < 24 || !ascii(b, 12, 'IHDR')) mismatch();
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

function gifSize(b: Buffer): Size {
  if (!(ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a')) || b.length < 10) mismatch();
  return { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
}

function jpegSize(b: Buffer): Size {
  if (!startsWith(b, [0xff, 0xd8, 0xff])) mismatch();
  let pos = 2;
  for (;;) {
    if (pos >= b.length || b[pos] !== 0xff) return mismatch();
    while (pos < b.length && b[pos] === 0xff) pos++; // fill bytes
    if (pos >= b.length) return mismatch();
    const marker = b[pos]!;
    pos++;
    // Standalone markers carry no length: TEM and RST0-7. SOI again is not valid here.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    // EOI or SOS before any frame header: no size to read.
    if (marker === 0xd9 || marker === 0xda || marker === 0xd8 || marker === 0x00) return mismatch();
    if (pos + 2 > b.length) return mismatch();
    const length = b.readUInt16BE(pos);
    if (length < 2 || pos + length > b.length) return mismatch();
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      // length(2) precision(1) height(2) width(2) components(1)
      if (length < 8) return mismatch();
      return { width: b.readUInt16BE(pos + 5), height: b.readUInt16BE(pos + 3) };
    }
    pos += length;
  }
}

function webpSize(b: Buffer): Size {
  if (!ascii(b, 0, 'RIFF') || !ascii(b, 8, 'WEBP') || b.length < 20) mismatch();
  const data = 20;
  if (ascii(b, 12, 'VP8 ')) {
    // Frame tag (3 bytes), start code 9D 01 2A, then 14-bit width and height (2 bits of scale each).
    if (b.length < data + 10 || !startsWith(b, [0x9d, 0x01, 0x2a], data + 3)) mismatch();
    return { width: b.readUInt16LE(data + 6) & 0x3fff, height: b.readUInt16LE(data + 8) & 0x3fff };
  }
  if (ascii(b, 12, 'VP8L')) {
    // Signature 0x2F, then 14 bits width-1 and 14 bits height-1, little endian bit order.
    if (b.length < data + 5 || b[data] !== 0x2f) mismatch();
    const bits = b.readUInt32LE(data + 1);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (ascii(b, 12, 'VP8X')) {
    // Flags (1), reserved (3), canvas width-1 (24 bits), canvas height-1 (24 bits), little endian.
    if (b.length < data + 10) mismatch();
    return { width: b.readUIntLE(data + 4, 3) + 1, height: b.readUIntLE(data + 7, 3) + 1 };
  }
  return mismatch();
}

const SIZE_READERS: Record<ImageMime, (b: Buffer) => Size> = {
  'image/png': pngSize,
  'image/gif': gifSize,
  'image/jpeg': jpegSize,
  'image/webp': webpSize,
};

/** Decodes and checks a `data:<mime>;base64,<payload>` image; throws ImageError (400/413) with a message for people. */
export function checkImageDataUrl(dataUrl: string): CheckedImage {
  if (typeof dataUrl !== 'string' || !dataUrl.startsWith('data:')) throw new ImageError(400, IMAGE_MESSAGES.type);
  const comma = dataUrl.indexOf(',');
  if (comma < 0 || comma > MAX_HEADER) throw new ImageError(400, IMAGE_MESSAGES.type);
  const [mime = '', ...params] = dataUrl.slice(5, comma).split(';');
  if (!isAllowedMime(mime)) throw new ImageError(400, IMAGE_MESSAGES.type);
  if (params.length !== 1 || params[0] !== 'base64') throw new ImageError(400, IMAGE_MESSAGES.base64);

  const payload = dataUrl.slice(comma + 1);
  if (payload.length > MAX_IMAGE_BASE64_LENGTH) throw new ImageError(413, IMAGE_MESSAGES.tooBig);
  if (payload.length % 4 !== 0) throw new ImageError(400, IMAGE_MESSAGES.base64);
  const pads = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  const body = payload.slice(0, payload.length - pads);
  if (NOT_BASE64.test(body)) throw new ImageError(400, IMAGE_MESSAGES.base64);
  if (pads > 0 && !(pads === 1 ? LAST_BEFORE_ONE_PAD : LAST_BEFORE_TWO_PADS).test(body[body.length - 1] ?? '')) {
    throw new ImageError(400, IMAGE_MESSAGES.base64);
  }
  if ((payload.length / 4) * 3 - pads > MAX_IMAGE_BYTES) throw new ImageError(413, IMAGE_MESSAGES.tooBig);

  const bytes = Buffer.from(payload, 'base64');
  if (bytes.length > MAX_IMAGE_BYTES) throw new ImageError(413, IMAGE_MESSAGES.tooBig);

  const { width, height } = SIZE_READERS[mime](bytes);
  if (width < 1 || height < 1 || width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
    throw new ImageError(400, IMAGE_MESSAGES.pixels);
  }
  return { mime, ext: EXT_BY_MIME[mime], bytes, width, height, sha256: createHash('sha256').update(bytes).digest('hex') };
}
