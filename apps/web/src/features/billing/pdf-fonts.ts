import { bold, regular } from 'virtual:invoice-fonts';
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
