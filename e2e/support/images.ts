import { crc32, deflateSync } from 'node:zlib';

type Rgb = [number, number, number];

/**
 * An RGB PNG whose every pixel `colour` gives, as a camera's file arrives at the file input
 * (the phone then shrinks and re-encodes it); a plain colour is easy to find again in a page
 * or a PDF.
 */
export function pngOf(
  width: number,
  height: number,
  colour: Rgb | ((x: number, y: number) => Rgb),
): Buffer {
  const pixel = typeof colour === 'function' ? colour : () => colour;
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Array.from({ length: height }, (_, y) => {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) row.set(pixel(x, y), 1 + x * 3);
    return row;
  });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
