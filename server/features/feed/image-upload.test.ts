import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { newUser } from '../../testing/fixtures';
import {
  checkImageDataUrl,
  IMAGE_MESSAGES,
  ImageError,
  MAX_IMAGE_BASE64_LENGTH,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  MAX_IMAGE_SIDE,
} from './image-upload';

// Real images, each decoded by Chromium (createImageBitmap) to the size noted when they were made:
// PNG/JPEG from a canvas, the GIF the classic 1x1, the WebPs cut from Chromium's encoder output into
// plain VP8, VP8L and VP8X(+ALPH) files.
const REAL = {
  png: { mime: 'image/png', w: 1, h: 1, b64: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4AWL6z8DwHwAAAP//A3ONEwAAAAZJREFUAwAFCgIByRpMngAAAABJRU5ErkJggg==' },
  gif: { mime: 'image/gif', w: 1, h: 1, b64: 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7' },
  jpeg: { mime: 'image/jpeg', w: 1, h: 1, b64: '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCKALXj/9k=' },
  jpeg3x2: { mime: 'image/jpeg', w: 3, h: 2, b64: '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAMDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCNAXgr/9k=' },
  webpVp8: { mime: 'image/webp', w: 1, h: 1, b64: 'UklGRjgAAABXRUJQVlA4ICwAAACQAQCdASoBAAEAAsBMJaACdLoAA5gA/u5DH+5sc4twV/9tD/9aH/60P+lAAA==' },
  webpVp8l: { mime: 'image/webp', w: 1, h: 1, b64: 'UklGRhwAAABXRUJQVlA4TA8AAAAvAAAAAAcQ/Y/+ByKi/wEA' },
  webpVp8l7x4: { mime: 'image/webp', w: 7, h: 4, b64: 'UklGRhwAAABXRUJQVlA4TA8AAAAvBsAAAAdQwIj+ByKi/wEA' },
  webpVp8x5x3: { mime: 'image/webp', w: 5, h: 3, b64: 'UklGRlwAAABXRUJQVlA4WAoAAAAQAAAABAAAAgAAQUxQSAoAAAABB1DAiAhERP8DVlA4ICwAAACQAQCdASoFAAMAAsBMJaACdLoAA5gA/u5DH+5sc4twV/9tD/9aH/60P+lAAA==' },
} as const;

const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;
/** The header followed by zeros up to `size` bytes: a small file that declares a big picture. */
const padded = (header: Buffer, size: number) => Buffer.concat([header, Buffer.alloc(size - header.length)]);

function rejection(input: unknown): { status: number; message: string } {
  try {
    checkImageDataUrl(input as string);
  } catch (e) {
    if (e instanceof ImageError) return { status: e.status, message: e.message };
    throw e;
  }
  throw new Error('accepted');
}

// Headers that declare any size, for the dimension rules (the checker reads headers only).
function pngHeader(w: number, h: number): Buffer {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(w, 16);
  b.writeUInt32BE(h, 20);
  b.set([8, 6, 0, 0, 0], 24);
  return b;
}
const gifHeader = (w: number, h: number) => {
  const b = Buffer.from(Buffer.from(REAL.gif.b64, 'base64'));
  b.writeUInt16LE(w, 6);
  b.writeUInt16LE(h, 8);
  return b;
};
function jpegHeader(w: number, h: number): Buffer {
  const b = Buffer.from(REAL.jpeg.b64, 'base64');
  const sof = b.indexOf(Buffer.from([0xff, 0xc0]));
  b.writeUInt16BE(h, sof + 5);
  b.writeUInt16BE(w, sof + 7);
  return b;
}
function webpVp8lHeader(w: number, h: number): Buffer {
  const b = Buffer.from(REAL.webpVp8l.b64, 'base64');
  const bits = (b.readUInt32LE(21) & ~0x0fffffff) | ((w - 1) & 0x3fff) | (((h - 1) & 0x3fff) << 14);
  b.writeUInt32LE(bits >>> 0, 21);
  return b;
}
function webpVp8xHeader(w: number, h: number): Buffer {
  const b = Buffer.from(REAL.webpVp8x5x3.b64, 'base64');
  b.writeUIntLE(w - 1, 24, 3);
  b.writeUIntLE(h - 1, 27, 3);
  return b;
}
function webpVp8Header(w: number, h: number): Buffer {
  const b = Buffer.from(REAL.webpVp8.b64, 'base64');
  b.writeUInt16LE(w, 26);
  b.writeUInt16LE(h, 28);
  return b;
}

describe('checkImageDataUrl: real images', () => {
  it.each(Object.entries(REAL))('%s is accepted with its size, type, extension and hash', (_name, img) => {
    const bytes = Buffer.from(img.b64, 'base64');
    const out = checkImageDataUrl(`data:${img.mime};base64,${img.b64}`);
    expect(out).toMatchObject({ mime: img.mime, width: img.w, height: img.h });
    expect(out.ext).toBe({ 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' }[img.mime]);
    expect(out.bytes.equals(bytes)).toBe(true);
    expect(out.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(out.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('exposes the upload limits', () => {
    expect([MAX_IMAGE_BYTES, MAX_IMAGE_SIDE, MAX_IMAGE_PIXELS]).toEqual([10 * 1024 * 1024, 10_000, 20_000_000]);
    expect(MAX_IMAGE_BASE64_LENGTH).toBe(Math.ceil(MAX_IMAGE_BYTES / 3) * 4);
  });
});

describe('checkImageDataUrl: hostile input', () => {
  const type = { status: 400, message: IMAGE_MESSAGES.type };
  const base64 = { status: 400, message: IMAGE_MESSAGES.base64 };
  const tooBig = { status: 413, message: IMAGE_MESSAGES.tooBig };
  const mismatch = { status: 400, message: IMAGE_MESSAGES.mismatch };
  const pixels = { status: 400, message: IMAGE_MESSAGES.pixels };
  const png = REAL.png.b64;

  it.each([
    ['HTML bytes labelled PNG', dataUrl('image/png', Buffer.from('<!doctype html><script>alert(1)</script>')), mismatch],
    ['SVG with a script', dataUrl('image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')), type],
    ['a PNG labelled JPEG', `data:image/jpeg;base64,${png}`, mismatch],
    ['a GIF labelled WebP', `data:image/webp;base64,${REAL.gif.b64}`, mismatch],
    ['text/html', dataUrl('text/html', Buffer.from('<b>x</b>')), type],
    ['application/octet-stream', `data:application/octet-stream;base64,${png}`, type],
    ['image/bmp', `data:image/bmp;base64,${png}`, type],
    ['upper-case type', `data:IMAGE/PNG;base64,${png}`, type],
    ['no type', `data:;base64,${png}`, type],
    ['a URL, not a data URL', 'https://example.com/cat.png', type],
    ['javascript: URL', 'javascript:alert(1)', type],
    ['empty string', '', type],
    ['non-string input', 42, type],
    ['not base64-encoded', `data:image/png,${png}`, base64],
    ['extra parameter', `data:image/png;charset=utf-8;base64,${png}`, base64],
    ['broken base64 (bad characters)', 'data:image/png;base64,iVBORw0K*GgoAAAA', base64],
    ['broken base64 (url-safe alphabet)', `data:image/png;base64,${png.replace(/\//g, '_')}abc_`, base64],
    ['broken base64 (bad length)', `data:image/png;base64,${png.slice(0, -3)}`, base64],
    ['broken base64 (missing padding)', `data:image/png;base64,${png.replace(/=+$/, '')}`, base64],
    ['broken base64 (too much padding)', 'data:image/png;base64,iVBO====', base64],
    ['broken base64 (padding in the middle)', `data:image/png;base64,iV==${png}`, base64],
    ['non-canonical padding bits', 'data:image/png;base64,iVBORx==', base64],
    ['whitespace in base64', `data:image/png;base64,${png.slice(0, 20)} ${png.slice(20, -1)}`, base64],
    ['newline in base64', `data:image/png;base64,${png.slice(0, 20)}\n${png.slice(20, -1)}`, base64],
    ['empty payload', 'data:image/png;base64,', mismatch],
    ['PNG signature only', dataUrl('image/png', pngHeader(1, 1).subarray(0, 20)), mismatch],
    ['PNG whose first chunk is not IHDR', dataUrl('image/png', Buffer.from(pngHeader(1, 1)).fill(0x41, 12, 16)), mismatch],
    ['GIF too short', dataUrl('image/gif', Buffer.from('GIF89a\x01\x00', 'latin1')), mismatch],
    ['JPEG magic only', dataUrl('image/jpeg', Buffer.from([0xff, 0xd8, 0xff])), mismatch],
    ['JPEG whose markers run past the end', dataUrl('image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x40, 0x00, 0x4a, 0x46])), mismatch],
    ['JPEG cut inside the frame header', dataUrl('image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00])), mismatch],
    ['JPEG with a segment length below 2', dataUrl('image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x01, 0xff, 0xc0])), mismatch],
    ['JPEG that starts scanning before any frame', dataUrl('image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02])), mismatch],
    ['JPEG with garbage between segments', dataUrl('image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x02, 0x12, 0x34])), mismatch],
    ['RIFF that is not WebP', dataUrl('image/webp', Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt \x00\x00\x00\x00', 'latin1')), mismatch],
    ['WebP with an unknown first chunk', dataUrl('image/webp', Buffer.from('RIFF\x10\x00\x00\x00WEBPABCD\x00\x00\x00\x00xxxxxxxxxx', 'latin1')), mismatch],
    ['WebP VP8 without the start code', dataUrl('image/webp', Buffer.from(webpVp8Header(1, 1)).fill(0, 23, 26)), mismatch],
    ['WebP VP8L without its signature', dataUrl('image/webp', Buffer.from(webpVp8lHeader(1, 1)).fill(0, 20, 21)), mismatch],
    ['WebP VP8X cut short', dataUrl('image/webp', webpVp8xHeader(5, 3).subarray(0, 28)), mismatch],
    ['a tiny PNG declaring 30000x30000', dataUrl('image/png', pngHeader(30_000, 30_000)), pixels],
    ['a PNG declaring 0x1', dataUrl('image/png', pngHeader(0, 1)), pixels],
    ['a PNG declaring 2^32-1 wide', dataUrl('image/png', pngHeader(0xffffffff, 1)), pixels],
    ['a PNG of 10001x1', dataUrl('image/png', pngHeader(MAX_IMAGE_SIDE + 1, 1)), pixels],
    ['a PNG of 10000x5001 (over 50 MP)', dataUrl('image/png', pngHeader(10_000, 5_001)), pixels],
    ['a 145 KB PNG declaring 10000x5000 (50 MP)', dataUrl('image/png', padded(pngHeader(10_000, 5_000), 145_000)), pixels],
    ['a PNG of 5000x4001 (just over 20 MP)', dataUrl('image/png', pngHeader(5_000, 4_001)), pixels],
    ['a JPEG of 4473x4472 (just over 20 MP, each side well under the limit)', dataUrl('image/jpeg', jpegHeader(4_473, 4_472)), pixels],
    ['a GIF declaring 65535x65535', dataUrl('image/gif', gifHeader(65_535, 65_535)), pixels],
    ['a JPEG declaring 30000x30000', dataUrl('image/jpeg', jpegHeader(30_000, 30_000)), pixels],
    ['a JPEG with height 0 (DNL)', dataUrl('image/jpeg', jpegHeader(10, 0)), pixels],
    ['a WebP VP8L declaring 16384x16384', dataUrl('image/webp', webpVp8lHeader(16_384, 16_384)), pixels],
    ['a WebP VP8X declaring 30000x30000', dataUrl('image/webp', webpVp8xHeader(30_000, 30_000)), pixels],
    ['a WebP VP8 declaring 16383x16383', dataUrl('image/webp', webpVp8Header(16_383, 16_383)), pixels],
  ])('%s', (_name, input, expected) => {
    expect(rejection(input)).toEqual(expected);
  });

  it('10 MiB + 1 byte (a valid PNG header, padded) -> 413', () => {
    const bytes = Buffer.alloc(MAX_IMAGE_BYTES + 1);
    pngHeader(1, 1).copy(bytes);
    const url = dataUrl('image/png', bytes);
    expect(url.length - 'data:image/png;base64,'.length).toBeLessThanOrEqual(MAX_IMAGE_BASE64_LENGTH);
    expect(rejection(url)).toEqual(tooBig);
  });

  it('exactly 20 megapixels is accepted (5000x4000, 4000x5000)', () => {
    expect(checkImageDataUrl(dataUrl('image/png', pngHeader(5_000, 4_000)))).toMatchObject({ width: 5_000, height: 4_000 });
    expect(checkImageDataUrl(dataUrl('image/webp', webpVp8xHeader(4_000, 5_000)))).toMatchObject({ width: 4_000, height: 5_000 });
  });

  it('exactly 10 MiB is accepted', () => {
    const bytes = Buffer.alloc(MAX_IMAGE_BYTES);
    pngHeader(640, 480).copy(bytes);
    expect(checkImageDataUrl(dataUrl('image/png', bytes))).toMatchObject({ width: 640, height: 480 });
  });

  it('an over-long payload is refused from its length, before decoding or validating it', () => {
    const url = `data:image/png;base64,${'*'.repeat(MAX_IMAGE_BASE64_LENGTH + 1)}`;
    expect(rejection(url)).toEqual(tooBig);
  });

  it('a header longer than any allowed type is refused as a type', () => {
    expect(rejection(`data:image/png${';x'.repeat(100)};base64,${png}`)).toEqual(type);
  });

  it('JPEG: skips APPn, fill bytes and RST markers, ignores DHT/DAC/JPG, reads SOF2', () => {
    const seg = (marker: number, body: number[]) => [0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body];
    const sof = (marker: number, w: number, h: number) => seg(marker, [8, h >> 8, h & 0xff, w >> 8, w & 0xff, 1, 1, 0x11, 0]);
    const bytes = Buffer.from([
      0xff, 0xd8, ...seg(0xe0, [0x4a, 0x46, 0x49, 0x46, 0]), 0xff, 0xff, 0xd0, ...seg(0xc4, [0, 1, 2]), ...seg(0xc8, [1]), ...seg(0xcc, [1, 2]),
      ...sof(0xc2, 640, 480), 0xff, 0xd9,
    ]);
    expect(checkImageDataUrl(dataUrl('image/jpeg', bytes))).toMatchObject({ width: 640, height: 480 });
  });
});

describe('checkImageDataUrl: properties', () => {
  const side = fc.integer({ min: 1, max: MAX_IMAGE_SIDE });
  const builders: Array<[string, string, (w: number, h: number) => Buffer]> = [
    ['PNG', 'image/png', pngHeader],
    ['GIF', 'image/gif', gifHeader],
    ['JPEG', 'image/jpeg', jpegHeader],
    ['WebP VP8', 'image/webp', webpVp8Header],
    ['WebP VP8L', 'image/webp', webpVp8lHeader],
    ['WebP VP8X', 'image/webp', webpVp8xHeader],
  ];

  it.each(builders)('%s headers: the size read back is the size written, refused exactly when over the limits', (_label, mime, build) => {
    fc.assert(
      fc.property(side, side, (w, h) => {
        const url = dataUrl(mime, build(w, h));
        if (w * h > MAX_IMAGE_PIXELS) expect(rejection(url).message).toBe(IMAGE_MESSAGES.pixels);
        else expect(checkImageDataUrl(url)).toMatchObject({ width: w, height: h, mime });
      }),
      { numRuns: 200 },
    );
  });

  it('random strings and random data URLs never throw anything but ImageError', () => {
    const mimes = fc.constantFrom('image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml', '', 'x');
    const anyInput = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc.tuple(mimes, fc.uint8Array({ maxLength: 64 })).map(([m, b]) => dataUrl(m, Buffer.from(b))),
      fc.tuple(mimes, fc.string()).map(([m, s]) => `data:${m};base64,${s}`),
      // Real images with random bytes overwritten: the walkers must stay in bounds.
      fc.tuple(fc.constantFrom(...Object.values(REAL)), fc.nat(), fc.uint8Array({ minLength: 1, maxLength: 8 }), fc.nat()).map(([img, at, patch, cut]) => {
        const b = Buffer.from(img.b64, 'base64');
        b.set(patch.subarray(0, Math.max(0, b.length - (at % b.length))), at % b.length);
        return dataUrl(img.mime, b.subarray(0, cut % (b.length + 1)));
      }),
    );
    fc.assert(
      fc.property(anyInput, (input) => {
        try {
          const out = checkImageDataUrl(input);
          expect(out.width).toBeGreaterThan(0);
          expect(out.height).toBeGreaterThan(0);
        } catch (e) {
          expect(e).toBeInstanceOf(ImageError);
          expect([400, 413]).toContain((e as ImageError).status);
          expect(Object.values(IMAGE_MESSAGES)).toContain((e as ImageError).message);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('a post with a picture too large in pixels, through the real app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ LOG_LEVEL: 'warn' });
  });
  afterAll(() => t.close());

  it('a 145 KB PNG declaring 10000x5000 is refused with 400 and nothing is stored', async () => {
    const { token } = await newUser(t);
    const imageUrl = dataUrl('image/png', padded(pngHeader(10_000, 5_000), 145_000));
    const res = await t.request('POST', '/api/bot-posts', { token, body: { title: 'Big', description: 'A huge picture', platform: 'telegram', imageUrl } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: IMAGE_MESSAGES.pixels });
    const count = async (table: 'posts' | 'uploads') => (await t.app.deps.db.selectFrom(table).select('id').execute()).length;
    expect([await count('posts'), await count('uploads')]).toEqual([0, 0]);
  });
});
