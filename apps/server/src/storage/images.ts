import sharp, { type Sharp } from 'sharp';

/**
 * What the storage keeps of an uploaded image (issue 33 item 5): never the bytes sent, only
 * what sharp (libvips) decoded and encoded again. A body whose first bytes look right but
 * whose pixels do not decode (garbage after the signature, a damaged header, half a file) is
 * refused, and whatever rode along in the file (EXIF with the GPS position of the customer's
 * house, a script after the image) is not in what is stored or served.
 */

export type ImageFormat = 'jpeg' | 'png' | 'webp';

/** Why an image was refused; the caller words it for its route. */
export type ImageRefusal = 'notAllowed' | 'unreadable' | 'tooManyPixels';

export class ImageRefused extends Error {
  constructor(readonly reason: ImageRefusal) {
    super(`image refused: ${reason}`);
    this.name = 'ImageRefused';
  }
}

export interface ReencodedImage {
  bytes: Buffer;
  contentType: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
}

// Each upload is a different image: libvips' operation cache would only hold memory.
sharp.cache(false);
// The only loaders this process needs; libvips' others (SVG, PDF, TIFF, HEIF, GIF, files on
// disk…) are more parser than an upload route should reach, whatever the first bytes say.
sharp.block({ operation: ['VipsForeignLoad'] });
sharp.unblock({
  operation: ['VipsForeignLoadJpegBuffer', 'VipsForeignLoadPngBuffer', 'VipsForeignLoadWebpBuffer'],
});

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The format the first bytes claim; the route says which it takes. */
function claimedFormat(bytes: Buffer): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'jpeg';
  }
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

/**
 * Whether the container ends where it says it does. libpng stops reading at IEND and libwebp
 * at the RIFF size, so bytes after them (an HTML page with a script, say) decode without a
 * warning; no camera or canvas writes any, so such a file is refused rather than quietly
 * trimmed. JPEG is left to the decoder: phones do append data after the image's end (Motion
 * Photos, maker trailers), and re-encoding drops it.
 */
function endsWhereItSays(bytes: Buffer, format: ImageFormat): boolean {
  if (format === 'webp') return bytes.readUInt32LE(4) + 8 === bytes.length;
  if (format === 'png') {
    let offset = PNG_SIGNATURE.length;
    while (offset + 12 <= bytes.length) {
      const length = bytes.readUInt32BE(offset);
      const type = bytes.toString('latin1', offset + 4, offset + 8);
      offset += 12 + length;
      if (type === 'IEND') return offset === bytes.length;
    }
    return false;
  }
  return true;
}

function refusalOf(error: unknown): ImageRefused {
  if (error instanceof ImageRefused) return error;
  const message = error instanceof Error ? error.message : '';
  return new ImageRefused(/pixel limit/i.test(message) ? 'tooManyPixels' : 'unreadable');
}

interface Recipe {
  accept: readonly ImageFormat[];
  maxInputPixels: number;
  encode: (image: Sharp) => Sharp;
  contentType: ReencodedImage['contentType'];
}

async function reencode(bytes: Buffer, recipe: Recipe): Promise<ReencodedImage> {
  const format = claimedFormat(bytes);
  if (!format || !recipe.accept.includes(format)) throw new ImageRefused('notAllowed');
  if (!endsWhereItSays(bytes, format)) throw new ImageRefused('unreadable');
  try {
    const input = sharp(bytes, {
      // 'warning' is sharp's advice for untrusted input: a truncated or damaged image aborts
      // instead of decoding into a part-grey picture.
      failOn: 'warning',
      // Stops a decompression bomb (a few kB of PNG that inflate to gigapixels) before
      // any pixel is decoded: the header's size is checked first.
      limitInputPixels: recipe.maxInputPixels,
      autoOrient: true,
    });
    const meta = await input.metadata();
    if (meta.format !== format) throw new ImageRefused('unreadable');
    const { data, info } = await recipe.encode(input).toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: recipe.contentType, width: info.width, height: info.height };
  } catch (error) {
    throw refusalOf(error);
  }
}

/** A phone's 50 MP shot fits; a bomb of 20,000 × 20,000 does not. */
export const PHOTO_MAX_INPUT_PIXELS = 60_000_000;

/**
 * A job photo as stored: turned upright by its EXIF orientation, at most `maxSide` px on its
 * longest side, transparency on white, JPEG (which the web's PDF, jsPDF, embeds; WebP it does
 * not) without any metadata (sharp writes none unless asked).
 */
export function reencodePhoto(bytes: Buffer, maxSide: number): Promise<ReencodedImage> {
  return reencode(bytes, {
    accept: ['jpeg', 'png', 'webp'],
    maxInputPixels: PHOTO_MAX_INPUT_PIXELS,
    contentType: 'image/jpeg',
    encode: (image) =>
      image
        .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 80, mozjpeg: true }),
  });
}

/** A signature pad is at most a tablet's width at twice its pixel density. */
export const SIGNATURE_MAX_INPUT_PIXELS = 4_000_000;

/** A customer's signature as stored: the same pixels (transparency kept), a clean PNG. */
export function reencodeSignature(bytes: Buffer): Promise<ReencodedImage> {
  return reencode(bytes, {
    accept: ['png'],
    maxInputPixels: SIGNATURE_MAX_INPUT_PIXELS,
    contentType: 'image/png',
    encode: (image) => image.png({ compressionLevel: 9 }),
  });
}
