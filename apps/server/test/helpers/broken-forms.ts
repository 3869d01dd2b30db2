import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Multipart bodies built byte by byte (issue 33 items 3 and 4): what a flaky network, a bad
 * client or an attacker sends to the upload routes. `multipartForm` (./http) writes strings,
 * which cannot carry a lone surrogate (Buffer.from writes U+FFFD for it) or broken UTF-8.
 */

export const BOUNDARY = '----karya-raw-boundary';
export const formType = (boundary = BOUNDARY) => `multipart/form-data; boundary=${boundary}`;

export interface RawFile {
  name: string;
  type: string;
  bytes: Buffer;
}

/** A form of text fields (their bytes as given) and a file, with the line ending asked for. */
export function rawForm(
  fields: Record<string, string | Buffer>,
  file: RawFile | null,
  newline = '\r\n',
): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${BOUNDARY}${newline}Content-Disposition: form-data; name="${name}"`),
      Buffer.from(`${newline}${newline}`),
      Buffer.from(value),
      Buffer.from(newline),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}${newline}Content-Disposition: form-data; name="file"; filename="${file.name}"${newline}Content-Type: ${file.type}${newline}${newline}`,
      ),
      file.bytes,
      Buffer.from(newline),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--${newline}`));
  return Buffer.concat(parts);
}

/**
 * Every way the attack run broke a good form, as [what, body, content type]: each must
 * be refused as an incomplete upload. `good` is rawForm(fields, file) with CRLF line endings.
 */
export function brokenForms(
  fields: Record<string, string>,
  file: RawFile,
): [string, Buffer, string][] {
  const good = rawForm(fields, file);
  const fileStart = good.indexOf(file.bytes);
  const closing = good.lastIndexOf(Buffer.from(`--${BOUNDARY}--`));
  const cut = (what: string, at: number): [string, Buffer, string] => [
    `a body cut short ${what} (${at} of ${good.length} bytes)`,
    good.subarray(0, at),
    formType(),
  ];
  return [
    cut('inside the first boundary', 10),
    cut('inside the first part’s headers', BOUNDARY.length + 20),
    cut('inside a field', good.indexOf(Buffer.from('\r\n\r\n')) + 5),
    cut('inside the file’s headers', fileStart - 10),
    cut('inside the file', fileStart + Math.floor(file.bytes.length / 2)),
    cut('at the end of the file', closing - 2),
    cut('before the closing boundary', closing),
    cut('inside the closing boundary', closing + 6),
    cut('before the closing boundary’s dashes', closing + BOUNDARY.length + 2),
    ['LF line endings instead of CRLF', rawForm(fields, file, '\n'), formType()],
    ['CR line endings instead of CRLF', rawForm(fields, file, '\r'), formType()],
    ['multipart/form-data without a boundary', good, 'multipart/form-data'],
    ['multipart/form-data with an empty boundary', good, 'multipart/form-data; boundary='],
    ['a boundary that is not in the body', good, formType('not-the-one-in-the-body')],
    ['a body that is not multipart at all', Buffer.from('hello, not a form'), formType()],
    [
      'a part whose headers never end',
      Buffer.concat([
        Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="orderId"\r\n`),
        Buffer.from('X-Filler: y\r\n'.repeat(3)),
      ]),
      formType(),
    ],
  ];
}

/**
 * Text no field may hold, as the bytes a client sends: a NUL, each kind of lone surrogate
 * (what a UTF-16 string with half a pair becomes in CESU-8/WTF-8), and other broken UTF-8.
 */
export const UNSAFE_FIELD_BYTES: readonly [string, Buffer][] = [
  ['a NUL byte', Buffer.from([0x61, 0x00, 0x62])],
  ['a lone high surrogate (U+D800)', Buffer.from([0x61, 0xed, 0xa0, 0x80])],
  ['a lone low surrogate (U+DFFF)', Buffer.from([0xed, 0xbf, 0xbf, 0x79])],
  ['a character cut short', Buffer.from([0x61, 0xe2, 0x82])],
  ['an overlong NUL (C0 80)', Buffer.from([0x61, 0xc0, 0x80, 0x62])],
  ['a Latin-1 byte', Buffer.from([0x4a, 0x6f, 0x73, 0xe9])],
  ['a byte UTF-8 never uses', Buffer.from([0x61, 0xff, 0x62])],
];

/** The files under `dir`, each as its path and size, in a fixed order (none yet: empty). */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const files = entries.filter((entry) => entry.isFile());
  const listed = await Promise.all(
    files.map(async (entry) => {
      const path = join(entry.parentPath, entry.name);
      return `${path}:${(await stat(path)).size}`;
    }),
  );
  return listed.sort();
}
