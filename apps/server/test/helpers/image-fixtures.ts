import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * Images for the upload routes (job photos, signatures, the service report), which decode
 * every upload and keep what they re-encode (issue 33 item 5).
 */

/** A valid 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** A valid 8×8 JPEG of one blue. */
export const TINY_JPEG = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABv/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AJsApHX/2Q==',
  'base64',
);

/**
 * Pixels like a camera's: smooth light across the frame with sensor noise on top, so a JPEG of
 * them weighs what a phone's does (pure noise would not compress at all, one colour to nothing).
 */
function cameraPixels(width: number, height: number): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 12345;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed >> 16) % 25;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      pixels[at] = (x * 200) / width + noise();
      pixels[at + 1] = (y * 200) / height + noise();
      pixels[at + 2] = ((x + y) * 100) / (width + height) + 80 + noise();
    }
  }
  return pixels;
}

/** Near Shaniwar Wada, Pune: where a customer's house would be. */
export const CUSTOMER_GPS = {
  GPSLatitudeRef: 'N',
  GPSLatitude: '18/1 31/1 1140/100',
  GPSLongitudeRef: 'E',
  GPSLongitude: '73/1 51/1 2520/100',
};

/**
 * A phone's photo: a JPEG of `width` × `height` stored pixels with the camera's EXIF (make,
 * model, the GPS position where it was taken) and an Orientation tag of 6 (held sideways:
 * the viewer turns it 90° clockwise, so it shows `height` wide and `width` high).
 */
export function phonePhoto(width: number, height: number, quality = 92): Promise<Buffer> {
  return sharp(cameraPixels(width, height), { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Make: 'Karya Phone', Model: 'Test Camera' }, IFD3: CUSTOMER_GPS })
    .toBuffer();
}

/** A PNG with some detail, large enough that its half is a real truncation. */
export function detailedPng(width = 120, height = 80): Promise<Buffer> {
  return sharp(cameraPixels(width, height), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/**
 * Bodies that start like a PNG but are not one (the attack run of issue 33: 309 of 600 such
 * bodies were stored and served as image/png): each must be refused.
 */
export function corruptPngs(png: Buffer): [string, Buffer][] {
  const flipped = (at: number) => {
    const copy = Buffer.from(png);
    copy[at] = (copy[at] ?? 0) ^ 0xff;
    return copy;
  };
  return [
    [
      'the PNG signature followed by garbage',
      Buffer.concat([png.subarray(0, 8), Buffer.from('garbage!'.repeat(64))]),
    ],
    // Bytes 12–15 are IHDR's chunk type, 16–19 the width, 24 the bit depth.
    ['a PNG with flipped header bytes (IHDR type)', flipped(12)],
    ['a PNG with flipped header bytes (width)', flipped(19)],
    ['a PNG with flipped header bytes (bit depth)', flipped(24)],
    ['half a PNG', png.subarray(0, Math.floor(png.length / 2))],
    ['a PNG cut just before its IEND', png.subarray(0, png.length - 12)],
    [
      'a PNG with <html><script> appended',
      Buffer.concat([png, Buffer.from('<html><script>alert(document.cookie)</script></html>')]),
    ],
  ];
}

/** The image's EXIF block, or undefined when it has none. */
export async function exifOf(bytes: Buffer): Promise<Buffer | undefined> {
  return (await sharp(bytes).metadata()).exif;
}

export const metadataOf = (bytes: Buffer) => sharp(bytes).metadata();

/** Whether two images hold the same picture (size and every RGBA pixel), whatever their bytes. */
export async function samePicture(a: Buffer | undefined, b: Buffer): Promise<boolean> {
  if (!a) return false;
  const pixels = (bytes: Buffer) =>
    sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const [left, right] = await Promise.all([pixels(a), pixels(b)]);
  return (
    left.info.width === right.info.width &&
    left.info.height === right.info.height &&
    left.data.equals(right.data)
  );
}

/**
 * A decompression bomb's header: a PNG that says it is `width` × `height` (gigapixels take a
 * few bytes to claim) with one small IDAT; it must be refused before any pixel is decoded.
 */
export function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1 + width))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A fully transparent PNG (a screenshot's empty corner, say). */
export const transparentPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .png()
    .toBuffer();

/** The first pixel's red, green and blue. */
export async function firstPixelOf(bytes: Buffer): Promise<number[]> {
  const data = await sharp(bytes).removeAlpha().raw().toBuffer();
  return [...data.subarray(0, 3)];
}

/**
 * A valid PNG carrying `text` in a tEXt chunk before its IEND: it decodes as it did, and what
 * rode along in it must not be in what is kept.
 */
export function withTextChunk(png: Buffer, text: string): Buffer {
  const body = Buffer.concat([
    Buffer.from('tEXt', 'latin1'),
    Buffer.from(`Comment\0${text}`, 'latin1'),
  ]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length - 4);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([png.subarray(0, png.length - 12), length, body, crc, png.subarray(-12)]);
}
