import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import sharp from 'sharp';

/**
 * Reads the labels' PDF as a phone would see a printed sheet: each page rasterised by poppler
 * (pdftoppm, 150 dpi), each label's cell cut out and its QR code decoded by jsQR.
 */

export const DPI = 150;
const px = (mm: number) => Math.round((mm / 25.4) * DPI);
export const mmOf = (pixels: number) => (pixels / DPI) * 25.4;

/** The PDF's pages as PNG images, in order. */
export async function pagesOf(pdf: Buffer): Promise<Buffer[]> {
  const dir = await mkdtemp(join(tmpdir(), 'karya-labels-'));
  try {
    await writeFile(join(dir, 'labels.pdf'), pdf);
    await promisify(execFile)('pdftoppm', ['-png', '-r', String(DPI), 'labels.pdf', 'page'], {
      cwd: dir,
    });
    const names = (await readdir(dir)).filter((name) => name.endsWith('.png')).sort();
    return Promise.all(names.map((name) => readFile(join(dir, name))));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface ReadCode {
  data: string;
  /** The code's width in millimetres on the printed page, quiet zone not counted. */
  widthMm: number;
}

/** The QR code in the box (millimetres from the page's top-left corner), or null. */
export async function codeIn(
  page: Buffer,
  box: { x: number; y: number; width: number; height: number },
): Promise<ReadCode | null> {
  const image = sharp(page);
  const { width = 0, height = 0 } = await image.metadata();
  const left = Math.max(0, px(box.x));
  const top = Math.max(0, px(box.y));
  const region = {
    left,
    top,
    width: Math.min(width - left, px(box.width)),
    height: Math.min(height - top, px(box.height)),
  };
  const { data, info } = await sharp(page)
    .extract(region)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const code = jsQR(
    new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
    info.width,
    info.height,
  );
  if (!code) return null;
  const { topLeftCorner, topRightCorner } = code.location;
  return {
    data: code.data,
    widthMm: mmOf(
      Math.hypot(topRightCorner.x - topLeftCorner.x, topRightCorner.y - topLeftCorner.y),
    ),
  };
}
