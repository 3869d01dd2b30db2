import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import sharp from 'sharp';

/**
 * Every QR code printed in a PDF, page by page, as a phone's camera would read them: each
 * page rasterised by poppler (`pdftoppm -png -r 150`, the resolution of a cheap scan), then
 * cut where white space runs across it (bands of rows, then blocks of columns within a band:
 * a label's QR code stands apart from its text and from the next label by its quiet zone)
 * and each block read with jsQR, which finds one code an image.
 */
export async function qrCodesOfPdf(pdfPath: string): Promise<string[]> {
  const folder = await mkdtemp(join(tmpdir(), 'karya-qr-'));
  try {
    await promisify(execFile)('pdftoppm', ['-png', '-r', '150', pdfPath, join(folder, 'page')]);
    const pages = (await readdir(folder)).filter((name) => name.endsWith('.png')).sort();
    const found: string[] = [];
    for (const page of pages)
      found.push(...(await qrCodesOfPng(await readFile(join(folder, page)))));
    return found;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** White runs narrower than this many pixels (letters, words) do not part two blocks. */
const GAP = 12;
/** White drawn round a block before it is read: the code's quiet zone, whatever was cut. */
const MARGIN = 24;

interface Image {
  width: number;
  height: number;
  /** One byte a pixel: true where it is dark. */
  dark: Uint8Array;
}

/** [start, end) runs of the indexes `inked` says hold ink, parted by GAP or more blank ones. */
function runs(count: number, inked: (index: number) => boolean): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  let start = -1;
  let blank = 0;
  for (let i = 0; i < count; i += 1) {
    if (inked(i)) {
      if (start < 0) start = i;
      blank = 0;
    } else if (start >= 0) {
      blank += 1;
      if (blank >= GAP) {
        found.push([start, i - blank + 1]);
        start = -1;
        blank = 0;
      }
    }
  }
  if (start >= 0) found.push([start, count - blank]);
  return found;
}

async function qrCodesOfPng(png: Buffer): Promise<string[]> {
  // sharp reads the PNG (as the server's tests do): grey, one byte a pixel.
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const dark = new Uint8Array(width * height);
  for (let i = 0; i < dark.length; i += 1) dark[i] = (data[i * info.channels] ?? 255) < 128 ? 1 : 0;
  const image: Image = { width, height, dark };
  const codes: string[] = [];
  const rowInked = (x0: number, x1: number) => (y: number) => {
    for (let x = x0; x < x1; x += 1) if (dark[y * width + x]) return true;
    return false;
  };
  const columnInked = (y0: number, y1: number) => (x: number) => {
    for (let y = y0; y < y1; y += 1) if (dark[y * width + x]) return true;
    return false;
  };
  for (const [top, bottom] of runs(height, rowInked(0, width))) {
    for (const [left, right] of runs(width, columnInked(top, bottom))) {
      const code = readBlock(image, left, top, right, bottom);
      if (code !== null) codes.push(code);
    }
  }
  return codes;
}

/** The block [left, right) × [top, bottom) on white with a margin, read by jsQR. */
function readBlock(image: Image, left: number, top: number, right: number, bottom: number) {
  const width = right - left + 2 * MARGIN;
  const height = bottom - top + 2 * MARGIN;
  // A line of text is not a code: too flat to hold one.
  if (right - left < 40 || bottom - top < 40) return null;
  const pixels = new Uint8ClampedArray(width * height * 4).fill(255);
  for (let y = top; y < bottom; y += 1) {
    for (let x = left; x < right; x += 1) {
      if (!image.dark[y * image.width + x]) continue;
      const at = ((y - top + MARGIN) * width + (x - left + MARGIN)) * 4;
      pixels[at] = 0;
      pixels[at + 1] = 0;
      pixels[at + 2] = 0;
    }
  }
  return jsQR(pixels, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}
