import { bold, ranges, regular } from 'virtual:invoice-fonts';
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

const drawn = (code: number) =>
  code < 0x20 || ranges.some(([first, last]) => code >= first && code <= last);

/**
 * The characters of these texts the PDF's font cannot draw (a name in Devanagari, say), each
 * once: the PDF would leave them blank, so the page says so and points to Print instead.
 */
export function undrawableCharacters(texts: readonly string[]): string[] {
  const missing = new Set<string>();
  for (const text of texts)
    for (const character of text)
      if (!drawn(character.codePointAt(0) ?? 0) && !/\s/.test(character)) missing.add(character);
  return [...missing];
}
