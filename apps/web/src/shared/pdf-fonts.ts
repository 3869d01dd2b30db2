import { bold, devanagariRanges, ranges, regular } from 'virtual:invoice-fonts';
import type { jsPDF } from 'jspdf';

/** The family the bill PDFs write in: Noto Sans, which has the rupee sign (decision 023). */
export const PDF_FONT = 'NotoSans';

/**
 * Gives the document Noto Sans in both weights, cut to what an invoice prints. jsPDF embeds
 * only the glyphs a document uses, so each PDF carries a few KB of it.
 */
export function embedInvoiceFonts(pdf: jsPDF): void {
  pdf.addFileToVFS('NotoSans-Regular.ttf', regular);
  pdf.addFont('NotoSans-Regular.ttf', PDF_FONT, 'normal');
  pdf.addFileToVFS('NotoSans-Bold.ttf', bold);
  pdf.addFont('NotoSans-Bold.ttf', PDF_FONT, 'bold');
  pdf.setFont(PDF_FONT, 'normal');
}

/**
 * The invoice fonts, and when any of these texts (what the document prints) has Devanagari in
 * it, HarfBuzz and Noto Sans Devanagari to shape and draw it (decision 042): loaded then
 * only: 257 KB over the wire (brotli), which no other document fetches.
 */
export async function embedPdfFonts(pdf: jsPDF, texts: readonly string[]): Promise<void> {
  embedInvoiceFonts(pdf);
  if (!texts.some((text) => [...text].some((character) => shaped(character.codePointAt(0) ?? 0))))
    return;
  const { devanagariFonts, drawDevanagari } = await import('./devanagari-pdf');
  drawDevanagari(pdf, await devanagariFonts());
}

const within = (code: number, list: ReadonlyArray<readonly [number, number]>) =>
  list.some(([first, last]) => code >= first && code <= last);
const shaped = (code: number) => within(code, devanagariRanges);
/** ZWNJ and ZWJ draw nothing themselves; in Devanagari they pick a half form or a conjunct. */
const drawn = (code: number) =>
  code < 0x20 || code === 0x200c || code === 0x200d || within(code, ranges) || shaped(code);

/**
 * The characters of these texts the PDFs cannot draw (a name in Tamil, say), each once: the
 * PDF would leave them blank, so the page says so and points to Print instead. Devanagari is
 * drawn (embedPdfFonts).
 */
export function undrawableCharacters(texts: readonly string[]): string[] {
  const missing = new Set<string>();
  for (const text of texts)
    for (const character of text)
      if (!drawn(character.codePointAt(0) ?? 0) && !/\s/.test(character)) missing.add(character);
  return [...missing];
}
