import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';

/**
 * The invoice PDF's font (decision 023): Noto Sans from @expo-google-fonts/noto-sans, cut at
 * build time to the characters an invoice prints, so Download PDF fetches some 40 KB of font
 * instead of 1.2 MB. jsPDF's own fonts have no '₹' (U+20B9).
 */

/** What the PDF can draw: ASCII, Latin-1 (names like 'José', '×', '°'), dashes, quotes, ₹. */
export const INVOICE_FONT_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x20, 0x7e],
  [0xa0, 0xff],
  [0x2013, 0x2014],
  [0x2018, 0x201d],
  [0x2022, 0x2022],
  [0x2026, 0x2026],
  [0x20b9, 0x20b9],
];

export const INVOICE_FONT_TEXT = INVOICE_FONT_RANGES.flatMap(([first, last]) =>
  Array.from({ length: last - first + 1 }, (_, i) => String.fromCodePoint(first + i)),
).join('');

const FILES = {
  regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
} as const;

export type InvoiceFontWeight = keyof typeof FILES;

const require = createRequire(import.meta.url);

/** One weight of the invoice font as a TrueType file holding only INVOICE_FONT_TEXT. */
export async function invoiceFont(weight: InvoiceFontWeight): Promise<Buffer> {
  const full = await readFile(require.resolve(FILES[weight]));
  // jsPDF reads neither hinting nor the layout tables: cutting them keeps the file small.
  return subsetFont(full, INVOICE_FONT_TEXT, {
    targetFormat: 'truetype',
    noHinting: true,
    noLayoutClosure: true,
  });
}

const ID = 'virtual:invoice-fonts';
const RESOLVED = `\0${ID}`;

/**
 * `import { regular, bold, ranges } from 'virtual:invoice-fonts'`: both weights as base64, the
 * form jsPDF's addFileToVFS takes, and the code points they draw. Only the PDF module imports it, and the page loads that module
 * on Download PDF, so the fonts travel in that chunk alone.
 */
export function invoiceFontsPlugin(): Plugin {
  let source: Promise<string> | undefined;
  return {
    name: 'karya-invoice-fonts',
    resolveId: (id) => (id === ID ? RESOLVED : null),
    load(id) {
      if (id !== RESOLVED) return null;
      source ??= Promise.all([invoiceFont('regular'), invoiceFont('bold')]).then(
        ([regular, bold]) =>
          `export const regular = ${JSON.stringify(regular.toString('base64'))};\n` +
          `export const bold = ${JSON.stringify(bold.toString('base64'))};\n` +
          `export const ranges = ${JSON.stringify(INVOICE_FONT_RANGES)};\n`,
      );
      return source;
    },
  };
}
