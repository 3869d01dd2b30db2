import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';

/** pngjs (CommonJS, no types of its own): the one call made of it. */
interface PngSync {
  PNG: { sync: { read(buffer: Buffer): { width: number; height: number; data: Buffer } } };
}
const { PNG } = createRequire(import.meta.url)('pngjs') as PngSync;

/**
 * Every QR code printed in a PDF, page by page, as a phone's camera would read them: each
 * page rasterised by poppler (`pdftoppm -png -r 150`, the resolution of a cheap scan), then
 * decoded with jsQR. jsQR finds one code an image, so each code found is painted white and
 * the page read again until no code is left.
 */
export async function qrCodesOfPdf(pdfPath: string): Promise<string[]> {
  const folder = await mkdtemp(join(tmpdir(), 'karya-qr-'));
  try {
    await promisify(execFile)('pdftoppm', ['-png', '-r', '150', pdfPath, join(folder, 'page')]);
    const pages = (await readdir(folder)).filter((name) => name.endsWith('.png')).sort();
    const found: string[] = [];
    for (const page of pages) found.push(...qrCodesOfPng(await readFile(join(folder, page))));
    return found;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

function qrCodesOfPng(png: Buffer): string[] {
  const { width, height, data } = PNG.sync.read(png);
  const pixels = new Uint8ClampedArray(data);
  const codes: string[] = [];
  // A sheet holds at most 24 labels; more reads than that would be a loop that never ends.
  for (let read = 0; read < 30; read += 1) {
    const code = jsQR(pixels, width, height, { inversionAttempts: 'dontInvert' });
    if (!code) break;
    codes.push(code.data);
    const corners = [
      code.location.topLeftCorner,
      code.location.topRightCorner,
      code.location.bottomLeftCorner,
      code.location.bottomRightCorner,
    ];
    const xs = corners.map((corner) => corner.x);
    const ys = corners.map((corner) => corner.y);
    // The finder patterns' corners, widened by a tenth so no module of the code is left.
    const side = Math.max(...xs) - Math.min(...xs);
    const margin = Math.ceil(side / 10);
    const left = Math.max(0, Math.floor(Math.min(...xs)) - margin);
    const right = Math.min(width - 1, Math.ceil(Math.max(...xs)) + margin);
    const top = Math.max(0, Math.floor(Math.min(...ys)) - margin);
    const bottom = Math.min(height - 1, Math.ceil(Math.max(...ys)) + margin);
    for (let y = top; y <= bottom; y += 1) {
      pixels.fill(255, (y * width + left) * 4, (y * width + right + 1) * 4);
    }
  }
  return codes;
}
