import type { Bill } from '@karya/domain/bill-schemas';
import type { jsPDF } from 'jspdf';
import { embedPdfFonts, PDF_FONT, undrawableCharacters } from '../../shared/pdf-fonts';
import { billDocument } from './bill-document';
import { type InvoiceDocument, invoiceDocument } from './invoice-document';
import { type InvoiceCopy, InvoicePdf, invoiceFileName, SHOP_COPIES } from './invoice-pdf';

const MARGIN = 15;
const RIGHT = 210 - MARGIN;
const PAGE_BOTTOM = 280;
const LINE = 5;
const COLUMNS = { number: MARGIN, item: MARGIN + 10, quantity: 125, rate: 160, amount: RIGHT };

/**
 * The customer's copy as an A4 PDF: the invoice a confirmed bill became, saved as
 * '{invoice number}.pdf', or a bill from before invoices in its old layout. This module,
 * jsPDF and the font are loaded only when Download PDF is pressed, so no screen carries them.
 */
export async function downloadBillPdf(
  bill: Bill,
  copies: readonly InvoiceCopy[] = SHOP_COPIES,
): Promise<{ undrawable: string[] }> {
  const pdf = await billPdf(bill, copies);
  pdf.save(
    bill.invoice ? invoiceFileName(bill.invoice.number) : `${bill.billNumber ?? 'Draft'}.pdf`,
  );
  return { undrawable: undrawableCharacters(printedTexts(bill)) };
}

/**
 * A document drawn in the invoice's look, e.g. a credit note or a refund voucher (decision
 * 041), saved as '{its number}.pdf': the original and the shop's duplicate.
 */
export async function downloadDocumentPdf(
  doc: InvoiceDocument,
  copies: readonly InvoiceCopy[] = SHOP_COPIES,
): Promise<{ undrawable: string[] }> {
  const { jsPDF } = await import('jspdf');
  const pdf = new jsPDF({ unit: 'mm', format: 'a4', compress: true });
  const texts = textsOf(doc);
  await embedPdfFonts(pdf, texts);
  pdf.setDocumentProperties({ title: doc.number });
  InvoicePdf.drawCopies(pdf, doc, copies);
  pdf.save(invoiceFileName(doc.number));
  return { undrawable: undrawableCharacters(texts) };
}

/** Every string the PDF prints (the logo and the UPI link are pictures). */
function printedTexts(bill: Bill): string[] {
  return textsOf(bill.invoice ? invoiceDocument(bill, bill.invoice) : billDocument(bill));
}

function textsOf(doc: unknown): string[] {
  const texts: string[] = [];
  const walk = (value: unknown, key = ''): void => {
    if (key === 'logo' || key === 'dueUpiLink') return;
    if (typeof value === 'string') texts.push(value);
    else if (Array.isArray(value)) for (const item of value) walk(item);
    else if (value && typeof value === 'object')
      for (const [name, item] of Object.entries(value)) walk(item, name);
  };
  walk(doc);
  return texts;
}

/** The PDF of a bill, in memory. */
export async function billPdf(
  bill: Bill,
  copies: readonly InvoiceCopy[] = SHOP_COPIES,
): Promise<jsPDF> {
  const { jsPDF } = await import('jspdf');
  const pdf = new jsPDF({ unit: 'mm', format: 'a4', compress: true });
  await embedPdfFonts(pdf, printedTexts(bill));
  pdf.setDocumentProperties({ title: bill.invoice?.number ?? bill.billNumber ?? 'Bill' });
  if (bill.invoice) InvoicePdf.drawCopies(pdf, invoiceDocument(bill, bill.invoice), copies);
  else legacyBill(pdf, bill);
  return pdf;
}

/** A bill confirmed before invoices existed, in the layout it was issued with. */
function legacyBill(pdf: jsPDF, bill: Bill): void {
  const doc = billDocument(bill);
  const right = { align: 'right' } as const;

  pdf.setFont(PDF_FONT, 'bold').setFontSize(18);
  pdf.text(doc.branchName, MARGIN, 20);
  pdf.setFont(PDF_FONT, 'normal').setFontSize(10);
  const shop = [doc.branchAddress, doc.branchPhone ? `Phone: ${doc.branchPhone}` : '']
    .filter(Boolean)
    .flatMap((text) => pdf.splitTextToSize(text, 100) as string[]);
  pdf.text(shop, MARGIN, 26);
  pdf.setFont(PDF_FONT, 'bold').setFontSize(14);
  pdf.text('BILL', RIGHT, 20, right);
  pdf.setFont(PDF_FONT, 'normal').setFontSize(10);
  pdf.text(`Bill No: ${doc.billNumber}`, RIGHT, 26, right);
  pdf.text(`Date: ${doc.date}`, RIGHT, 31, right);

  const party = [`Customer: ${doc.customerName}`];
  if (doc.customerPhone) party.push(`Phone: ${doc.customerPhone}`);
  if (doc.customerAddress)
    party.push(...(pdf.splitTextToSize(`Address: ${doc.customerAddress}`, 120) as string[]));
  party.push(`Order ID: ${doc.orderId}`);
  if (doc.technicianName) party.push(`Technician: ${doc.technicianName}`);
  const partyTop = Math.max(40, 26 + shop.length * LINE + 4);
  pdf.text(party, MARGIN, partyTop);
  let y = partyTop + party.length * LINE;

  const header = () => {
    y += 6;
    pdf.setFont(PDF_FONT, 'bold');
    pdf.text('#', COLUMNS.number, y);
    pdf.text('Item', COLUMNS.item, y);
    pdf.text('Qty', COLUMNS.quantity, y, right);
    pdf.text('Rate', COLUMNS.rate, y, right);
    pdf.text('Amount', COLUMNS.amount, y, right);
    pdf.setFont(PDF_FONT, 'normal');
    pdf.line(MARGIN, y + 2, RIGHT, y + 2);
    y += 3;
  };
  header();
  for (const line of doc.lines) {
    const name = pdf.splitTextToSize(line.name, COLUMNS.quantity - COLUMNS.item - 20) as string[];
    const rows = name.length + (line.serialNumber ? 1 : 0);
    if (y + rows * LINE + 2 > PAGE_BOTTOM) {
      pdf.addPage();
      y = MARGIN;
      header();
    }
    y += LINE;
    pdf.text(String(line.number), COLUMNS.number, y);
    pdf.text(name, COLUMNS.item, y);
    pdf.text(line.quantity, COLUMNS.quantity, y, right);
    pdf.text(line.rate, COLUMNS.rate, y, right);
    pdf.text(line.amount, COLUMNS.amount, y, right);
    y += LINE * (name.length - 1);
    if (line.serialNumber) {
      y += 4;
      pdf.setFontSize(8);
      pdf.text(`S/N ${line.serialNumber}`, COLUMNS.item, y);
      pdf.setFontSize(10);
    }
    y += 2;
  }
  pdf.line(MARGIN, y, RIGHT, y);

  const totals: Array<[string, string]> = [
    ['Total', doc.total],
    ['Paid', doc.paid],
    ['Due', doc.due],
    ['Payment', `${doc.paymentMethod} (${doc.paymentStatus})`],
  ];
  if (doc.transactionId) totals.push(['Transaction ID', doc.transactionId]);
  if (y + totals.length * 6 + 15 > PAGE_BOTTOM) {
    pdf.addPage();
    y = MARGIN;
  }
  for (const [label, value] of totals) {
    y += 6;
    pdf.setFont(PDF_FONT, label === 'Total' ? 'bold' : 'normal');
    pdf.text(label, 120, y);
    pdf.text(value, RIGHT, y, right);
  }
  pdf.setFont(PDF_FONT, 'normal').setFontSize(9);
  pdf.text(`Thank you for choosing ${doc.branchName}.`, MARGIN, y + 15);
}
