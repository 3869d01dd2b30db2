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

/**
 * What the Devanagari font draws (decision 042): the Devanagari block and Devanagari Extended,
 * whole in Noto Sans Devanagari. The PDF shapes these with HarfBuzz and draws their glyphs.
 */
export const DEVANAGARI_FONT_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x0900, 0x097f],
  [0xa8e0, 0xa8ff],
];

/**
 * Besides those: the space between Hindi words, ZWNJ and ZWJ (which pick a half form or a
 * conjunct) and the dotted circle HarfBuzz draws under a sign typed without its letter.
 */
const DEVANAGARI_FONT_TEXT =
  ' \u200c\u200d\u25cc' +
  DEVANAGARI_FONT_RANGES.flatMap(([first, last]) =>
    Array.from({ length: last - first + 1 }, (_, i) => String.fromCodePoint(first + i)),
  ).join('');

const DEVANAGARI_FILES = {
  regular: '@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf',
} as const;

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

/**
 * One weight of Noto Sans Devanagari cut to DEVANAGARI_FONT_TEXT. Unlike the Latin cut it keeps
 * the layout tables (GSUB, GPOS): HarfBuzz reads them to make conjuncts, the reph and the
 * matras' places. Hinting goes: the glyphs are drawn as outlines.
 */
export async function devanagariFont(weight: InvoiceFontWeight): Promise<Buffer> {
  const full = await readFile(require.resolve(DEVANAGARI_FILES[weight]));
  return subsetFont(full, DEVANAGARI_FONT_TEXT, { targetFormat: 'truetype', noHinting: true });
}

const ID = 'virtual:invoice-fonts';
const RESOLVED = `\0${ID}`;

/**
 * `import { regular, bold, ranges } from 'virtual:invoice-fonts'`: both weights as base64, the
 * form jsPDF's addFileToVFS takes, and the code points they draw. Only the PDF module imports it, and the page loads that module
 * on Download PDF, so the fonts travel in that chunk alone. With it, virtual:devanagari-fonts.
 */
export function invoiceFontsPlugin(): Plugin[] {
  let source: Promise<string> | undefined;
  const latin: Plugin = {
    name: 'karya-invoice-fonts',
    resolveId: (id) => (id === ID ? RESOLVED : null),
    load(id) {
      if (id !== RESOLVED) return null;
      source ??= Promise.all([invoiceFont('regular'), invoiceFont('bold')]).then(
        ([regular, bold]) =>
          `export const regular = ${JSON.stringify(regular.toString('base64'))};\n` +
          `export const bold = ${JSON.stringify(bold.toString('base64'))};\n` +
          `export const ranges = ${JSON.stringify(INVOICE_FONT_RANGES)};\n` +
          `export const devanagariRanges = ${JSON.stringify(DEVANAGARI_FONT_RANGES)};\n`,
      );
      return source;
    },
  };
  return [latin, devanagariFontsPlugin()];
}

const DEVANAGARI_ID = 'virtual:devanagari-fonts';
const DEVANAGARI_RESOLVED = `\0${DEVANAGARI_ID}`;

/**
 * `import { regular, bold } from 'virtual:devanagari-fonts'`: where to fetch each weight of the
 * Devanagari font (decision 042). In a build each is a file of its own in assets/ (fetched as
 * bytes, not carried as base64 in a script: a third less to download); elsewhere (vitest, the
 * dev server) a data: address holding it.
 */
export function devanagariFontsPlugin(): Plugin {
  let build = false;
  return {
    name: 'karya-devanagari-fonts',
    configResolved(config) {
      build = config.command === 'build';
    },
    resolveId: (id) => (id === DEVANAGARI_ID ? DEVANAGARI_RESOLVED : null),
    async load(id) {
      if (id !== DEVANAGARI_RESOLVED) return null;
      const [regular, bold] = await Promise.all([
        devanagariFont('regular'),
        devanagariFont('bold'),
      ]);
      const address = (weight: InvoiceFontWeight, font: Buffer) => {
        if (!build) return JSON.stringify(`data:font/ttf;base64,${font.toString('base64')}`);
        const name = `noto-sans-devanagari-${weight}.ttf`;
        return `import.meta.ROLLUP_FILE_URL_${this.emitFile({ type: 'asset', name, source: font })}`;
      };
      return (
        `export const regular = ${address('regular', regular)};\n` +
        `export const bold = ${address('bold', bold)};\n`
      );
    },
  };
}
