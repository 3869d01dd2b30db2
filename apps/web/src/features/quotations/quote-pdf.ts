import { amountInWords } from '@karya/domain/amount-in-words';
import { printedDate } from '@karya/domain/format';
import type { BusinessProfile } from '@karya/domain/invoice-schemas';
import { toPaise } from '@karya/domain/money';
import { formatPhone } from '@karya/domain/phone-rules';
import { quoteTotals } from '@karya/domain/quotation';
import type { Quotation, QuoteLine } from '@karya/domain/quotation-schemas';
import { indiaDayOf } from '@karya/domain/schedule';
import type { jsPDF } from 'jspdf';
import { rupees } from '../../lib/money';
import { embedPdfFonts, PDF_FONT, undrawableCharacters } from '../../shared/pdf-fonts';

/** The branch as the quote's letterhead needs it (GET /get-branch/{id}). */
export interface QuoteBranch {
  name: string;
  address: string;
  phone: string;
  gstin: string | null;
}

export interface QuotePrint {
  quote: Quotation;
  // Its quotation terms are not printed: the quote carries its own.
  business: Omit<BusinessProfile, 'quoteTerms'> | null;
  branch: QuoteBranch | null;
}

export interface QuoteDocLine {
  number: number;
  description: string;
  hsnSac: string;
  quantity: string;
  rate: string;
  discount: string;
  taxable: string;
  gst: string;
}

export interface QuoteDocTotals {
  rows: [string, string][];
  total: string;
  inWords: string;
}

export interface QuoteDocSection {
  title: string | null;
  lines: QuoteDocLine[];
  totals: QuoteDocTotals | null;
}

/** Everything the quotation PDF prints, worked out before anything is drawn. */
export interface QuoteDocument {
  businessName: string;
  legalName: string;
  logo: string | null;
  supplierLines: string[];
  title: string;
  facts: [string, string][];
  customerLines: string[];
  sections: QuoteDocSection[];
  optionalNote: string | null;
  terms: string;
  notes: string;
  signatureFor: string;
}

const quantityText = (quantity: number) =>
  Number.isInteger(quantity) ? String(quantity) : quantity.toFixed(2).replace(/0+$/, '');

function docLine(quote: Quotation, line: QuoteLine, number: number): QuoteDocLine {
  // The line alone, taxed as the bill taxes it: its own taxable value and GST.
  const alone = quoteTotals(
    { lines: [line], discount: 0, taxing: quote.taxing },
    { option: line.option, optionalLineIds: [line._id] },
  ).lines[0];
  const taxInvoice = quote.taxing.kind === 'tax-invoice';
  const gstAmount = alone ? alone.cgst + alone.sgst + alone.igst : 0;
  return {
    number,
    description: `${line.name}${line.optional ? ' (optional)' : ''}`,
    hsnSac: line.hsnSac ?? '—',
    quantity: `${quantityText(line.quantity)} ${line.unit}`.trim(),
    rate: `${rupees(line.price)}${line.priceIncludesTax && taxInvoice ? ' incl.' : ''}`,
    discount: line.discount ? rupees(line.discount) : '—',
    taxable: rupees(alone?.taxable ?? line.amount),
    gst:
      taxInvoice && line.gstRate !== null
        ? `${line.gstRate}% ${rupees(gstAmount)}`
        : taxInvoice
          ? 'Not set'
          : '—',
  };
}

function docTotals(
  quote: Quotation,
  total: Quotation['optionTotals'][number] | undefined,
): QuoteDocTotals | null {
  if (!total) return null;
  const { tax } = total;
  const rows: [string, string][] = [];
  if (quote.discount > 0) rows.push(['Discount on the whole (before tax)', rupees(quote.discount)]);
  rows.push(['Taxable value', rupees(tax.taxable)]);
  if (quote.taxing.kind === 'tax-invoice') {
    if (tax.intraState) rows.push(['CGST', rupees(tax.cgst)], ['SGST', rupees(tax.sgst)]);
    else rows.push(['IGST', rupees(tax.igst)]);
  }
  if (tax.roundOff !== 0) rows.push(['Round off', rupees(tax.roundOff)]);
  return { rows, total: rupees(total.total), inWords: amountInWords(toPaise(total.total)) };
}

/**
 * The quotation as the GST invoice lays itself out: the business's letterhead, the number,
 * dates and validity, the customer, the lines under HSN/SAC with their taxable value and GST,
 * each option as its own section with its total, the tax split and the total in words.
 */
export function quoteDocument({ quote, business, branch }: QuotePrint): QuoteDocument {
  const businessName =
    business?.tradeName || business?.legalName || branch?.name || quote.branch.name;
  const legalName = business?.legalName || businessName;
  const contact = quote.customer ?? quote.lead;
  const address = branch?.address || business?.address || '';
  const phone = formatPhone(branch?.phone || business?.phone || '');
  const supplierLines = [
    ...(legalName !== businessName ? [legalName] : []),
    ...(address ? [address] : []),
    [phone && `Phone: ${phone}`, business?.email && `Email: ${business.email}`]
      .filter(Boolean)
      .join('   '),
    ...(branch?.gstin ? [`GSTIN: ${branch.gstin}`] : []),
  ].filter(Boolean);
  const sentDay = quote.versions.find((v) => v.version === quote.version)?.sentAt;
  const facts: [string, string][] = [
    ['Quotation No.', quote.displayNumber ?? 'Draft'],
    ['Version', String(quote.version)],
    ['Date', printedDate(indiaDayOf(new Date(sentDay ?? quote.createdAt)))],
    ['Valid until', printedDate(quote.validUntil)],
  ];
  const customerLines = [
    contact?.name ?? '',
    contact?.phoneNumber ? `Phone: ${formatPhone(contact.phoneNumber)}` : '',
    quote.taxing.placeOfSupply
      ? `Place of supply: ${quote.taxing.placeOfSupply.name} (${quote.taxing.placeOfSupply.code})`
      : '',
    `Project: ${quote.projectType}`,
  ].filter(Boolean);

  let number = 0;
  const linesOf = (lines: readonly QuoteLine[]) =>
    lines.map((line) => docLine(quote, line, ++number));
  const totalOf = (option: number | null) =>
    quote.optionTotals.find((total) => total.option === option) ?? quote.optionTotals[0];
  const sections: QuoteDocSection[] = [];
  if (quote.options.length === 0) {
    sections.push({
      title: null,
      lines: linesOf(quote.lines),
      totals: docTotals(quote, totalOf(null)),
    });
  } else {
    const common = quote.lines.filter((line) => line.option === null);
    if (common.length > 0)
      sections.push({ title: 'In every option', lines: linesOf(common), totals: null });
    for (const option of quote.options) {
      sections.push({
        title: `Option ${option.option}: ${option.name}`,
        lines: linesOf(quote.lines.filter((line) => line.option === option.option)),
        totals: docTotals(quote, totalOf(option.option)),
      });
    }
  }
  const hasOptional = quote.lines.some((line) => line.optional);
  return {
    businessName,
    legalName,
    logo: business?.logo ?? null,
    supplierLines,
    title: quote.taxing.kind === 'tax-invoice' ? 'QUOTATION' : 'QUOTATION (BILL OF SUPPLY)',
    facts,
    customerLines,
    sections,
    optionalNote: hasOptional
      ? 'Lines marked (optional) are not in the totals; each one the customer ticks is added.'
      : null,
    terms: quote.terms.trim(),
    notes: quote.notes.trim(),
    signatureFor: `For ${legalName}`,
  };
}

const PAGE_WIDTH = 210;
const MARGIN = 12;
const RIGHT = PAGE_WIDTH - MARGIN;
const PAGE_BOTTOM = 297 - MARGIN;
const LEADING = 0.42;

/** Columns of the lines table: x of the left edge and width, in mm. */
const COLUMNS = [
  { key: 'number', title: '#', width: 7 },
  { key: 'description', title: 'Description', width: 55 },
  { key: 'hsnSac', title: 'HSN/SAC', width: 16 },
  { key: 'quantity', title: 'Qty', width: 17 },
  { key: 'rate', title: 'Rate', width: 22 },
  { key: 'discount', title: 'Discount', width: 19 },
  { key: 'taxable', title: 'Taxable', width: 25 },
  { key: 'gst', title: 'GST', width: 25 },
] as const;

class QuotePdfDrawer {
  private y = MARGIN;

  constructor(
    private readonly pdf: jsPDF,
    private readonly doc: QuoteDocument,
  ) {}

  draw(): void {
    this.header();
    this.customer();
    for (const section of this.doc.sections) this.section(section);
    if (this.doc.optionalNote) this.paragraph(null, this.doc.optionalNote, 8);
    if (this.doc.terms) this.paragraph('Terms', this.doc.terms, 8.5);
    if (this.doc.notes) this.paragraph('Notes', this.doc.notes, 8.5);
    this.signature();
  }

  private font(size: number, weight: 'normal' | 'bold' = 'normal', grey = 0): void {
    this.pdf.setFont(PDF_FONT, weight);
    this.pdf.setFontSize(size);
    this.pdf.setTextColor(grey);
  }

  private lineHeight(size: number): number {
    return size * LEADING;
  }

  private room(height: number): void {
    if (this.y + height <= PAGE_BOTTOM) return;
    this.pdf.addPage();
    this.y = MARGIN;
  }

  private wrap(text: string, width: number): string[] {
    return this.pdf.splitTextToSize(text, width) as string[];
  }

  private header(): void {
    const { pdf, doc } = this;
    let x = MARGIN;
    if (doc.logo) {
      try {
        pdf.addImage(doc.logo, MARGIN, this.y, 18, 18);
        x = MARGIN + 21;
      } catch {
        // A logo the PDF cannot read is left out; the letterhead still prints.
      }
    }
    this.font(14, 'bold');
    const nameLines = this.wrap(doc.businessName, 110 - (x - MARGIN));
    pdf.text(nameLines, x, this.y + 5);
    let top = this.y + 5 + nameLines.length * this.lineHeight(14);
    this.font(8.5, 'normal', 60);
    for (const line of doc.supplierLines) {
      const wrapped = this.wrap(line, 110 - (x - MARGIN));
      pdf.text(wrapped, x, top);
      top += wrapped.length * this.lineHeight(8.5);
    }
    // The title and the quotation's facts on the right, as the invoice has its number.
    this.font(15, 'bold');
    pdf.text(doc.title, RIGHT, this.y + 5, { align: 'right' });
    let right = this.y + 11;
    for (const [label, value] of doc.facts) {
      this.font(8.5, 'normal', 90);
      pdf.text(`${label}:`, RIGHT - 38, right, { align: 'right' });
      this.font(8.5, 'bold');
      pdf.text(value, RIGHT, right, { align: 'right' });
      right += this.lineHeight(8.5) + 0.8;
    }
    this.y = Math.max(top, right, this.y + 20) + 2;
    pdf.setDrawColor(180);
    pdf.line(MARGIN, this.y, RIGHT, this.y);
    this.y += 5;
  }

  private customer(): void {
    this.font(8.5, 'bold', 90);
    this.pdf.text('Quotation for', MARGIN, this.y);
    this.y += this.lineHeight(8.5) + 0.5;
    for (const [index, line] of this.doc.customerLines.entries()) {
      this.font(index === 0 ? 10 : 8.5, index === 0 ? 'bold' : 'normal');
      const wrapped = this.wrap(line, RIGHT - MARGIN);
      this.pdf.text(wrapped, MARGIN, this.y);
      this.y += wrapped.length * this.lineHeight(index === 0 ? 10 : 8.5) + 0.5;
    }
    this.y += 3;
  }

  private tableHeader(): void {
    const { pdf } = this;
    pdf.setFillColor(241, 245, 249);
    pdf.rect(MARGIN, this.y - 4, RIGHT - MARGIN, 6.5, 'F');
    this.font(7.5, 'bold', 60);
    let x = MARGIN + 1;
    for (const column of COLUMNS) {
      const numeric = column.key !== 'description' && column.key !== 'hsnSac';
      pdf.text(
        column.title,
        numeric ? x + column.width - 2 : x,
        this.y,
        numeric ? { align: 'right' } : {},
      );
      x += column.width;
    }
    this.y += 5;
  }

  private section(section: QuoteDocSection): void {
    const { pdf } = this;
    if (section.title) {
      this.room(20);
      this.font(10, 'bold');
      pdf.text(section.title, MARGIN, this.y);
      this.y += 6;
    }
    this.room(14);
    this.tableHeader();
    for (const line of section.lines) {
      this.font(8);
      const cells = COLUMNS.map((column) => ({
        column,
        lines: this.wrap(String(line[column.key]), column.width - 3),
      }));
      const height = Math.max(...cells.map((cell) => cell.lines.length)) * this.lineHeight(8) + 2;
      if (this.y + height > PAGE_BOTTOM) {
        pdf.addPage();
        this.y = MARGIN + 4;
        this.tableHeader();
        this.font(8);
      }
      let x = MARGIN + 1;
      for (const { column, lines } of cells) {
        const numeric = column.key !== 'description' && column.key !== 'hsnSac';
        pdf.text(
          lines,
          numeric ? x + column.width - 2 : x,
          this.y,
          numeric ? { align: 'right' } : {},
        );
        x += column.width;
      }
      this.y += height;
      pdf.setDrawColor(226);
      pdf.line(MARGIN, this.y - 3, RIGHT, this.y - 3);
    }
    if (section.totals) this.totals(section.totals, section.title);
    this.y += 4;
  }

  private totals(totals: QuoteDocTotals, title: string | null): void {
    const { pdf } = this;
    this.room(totals.rows.length * 4.5 + 16);
    const labelX = RIGHT - 40;
    for (const [label, value] of totals.rows) {
      this.font(8.5, 'normal', 60);
      pdf.text(label, labelX, this.y, { align: 'right' });
      this.font(8.5);
      pdf.text(value, RIGHT, this.y, { align: 'right' });
      this.y += 4.5;
    }
    this.font(10.5, 'bold');
    pdf.text(
      title ? `Total (${title.replace(/^Option \d+: /, '')})` : 'Total',
      labelX,
      this.y + 1,
      {
        align: 'right',
      },
    );
    pdf.text(totals.total, RIGHT, this.y + 1, { align: 'right' });
    this.y += 6;
    this.font(8, 'normal', 60);
    const words = this.wrap(`In words: ${totals.inWords}`, RIGHT - MARGIN);
    pdf.text(words, RIGHT, this.y, { align: 'right' });
    this.y += words.length * this.lineHeight(8) + 1;
  }

  private paragraph(title: string | null, text: string, size: number): void {
    const { pdf } = this;
    const lines = this.wrap(text, RIGHT - MARGIN);
    this.room(Math.min(lines.length, 4) * this.lineHeight(size) + 8);
    if (title) {
      this.font(9, 'bold');
      pdf.text(title, MARGIN, this.y);
      this.y += 5;
    }
    this.font(size, 'normal', title ? 30 : 90);
    for (const line of lines) {
      this.room(this.lineHeight(size));
      pdf.text(line, MARGIN, this.y);
      this.y += this.lineHeight(size);
    }
    this.y += 3;
  }

  private signature(): void {
    this.room(20);
    this.y += 8;
    this.font(9, 'bold');
    this.pdf.text(this.doc.signatureFor, RIGHT, this.y, { align: 'right' });
    this.font(8, 'normal', 90);
    this.pdf.text('Authorised signatory', RIGHT, this.y + 12, { align: 'right' });
  }
}

/** What the shop and the customer typed, which may be in any script. */
const printedTexts = (doc: QuoteDocument) => [
  doc.businessName,
  doc.legalName,
  ...doc.supplierLines,
  ...doc.customerLines,
  ...doc.sections.flatMap((section) => [
    section.title ?? '',
    ...section.lines.map((line) => line.description),
  ]),
  doc.terms,
  doc.notes,
];

/** The quotation as an A4 PDF, in memory. */
export async function quotePdf(print: QuotePrint): Promise<jsPDF> {
  const { jsPDF } = await import('jspdf');
  const pdf = new jsPDF({ unit: 'mm', format: 'a4', compress: true });
  const doc = quoteDocument(print);
  await embedPdfFonts(pdf, printedTexts(doc));
  pdf.setDocumentProperties({ title: doc.facts[0]?.[1] ?? 'Quotation' });
  new QuotePdfDrawer(pdf, doc).draw();
  return pdf;
}

/** 'QKOTH-26-27-0001-R2.pdf' (a draft: 'Quotation-draft.pdf'). */
export const quoteFileName = (quote: Pick<Quotation, 'displayNumber'>) =>
  `${(quote.displayNumber ?? 'Quotation-draft').replace(/[^\w.-]+/g, '-')}.pdf`;

/** Saves the PDF; names what the font could not draw, so the page can say so. */
export async function downloadQuotePdf(print: QuotePrint): Promise<{ undrawable: string[] }> {
  const pdf = await quotePdf(print);
  pdf.save(quoteFileName(print.quote));
  return { undrawable: undrawableCharacters(printedTexts(quoteDocument(print))) };
}

/** For tests: the drawer over a document already made. */
export function drawQuote(pdf: jsPDF, doc: QuoteDocument): void {
  new QuotePdfDrawer(pdf, doc).draw();
}
