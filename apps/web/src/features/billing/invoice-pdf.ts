import type { jsPDF } from 'jspdf';
import { create } from 'qrcode';
import { PDF_FONT } from '../../shared/pdf-fonts';
import { QR_ERROR_CORRECTION } from '../../shared/upi-qr';
import type { InvoiceDocument, InvoiceLine } from './invoice-document';

/** A4 in millimetres. */
const PAGE_WIDTH = 210;
const MARGIN = 12;
const RIGHT = PAGE_WIDTH - MARGIN;
const PAGE_BOTTOM = 297 - MARGIN;
/** Line height per point of font size, in mm. */
const LEADING = 0.42;
const GREY = 90;
const AMBER: [number, number, number] = [180, 83, 9];
const RED: [number, number, number] = [200, 30, 30];
const QR_SIDE = 30;

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
  /** The cell's lines: the first in black, the rest small and grey unless marked. */
  cell: (line: InvoiceLine) => Cell[];
}

interface Cell {
  text: string;
  tone?: 'normal' | 'note' | 'warning' | 'strong';
  /** Never broken across lines (a serial number): drawn smaller when it would not fit. */
  whole?: boolean;
}

/** One drawn line of a cell; size only when a whole cell had to shrink to fit. */
interface CellLine {
  text: string;
  tone: Cell['tone'];
  size?: number;
}

const NOTE_SIZE = 7;
/** The smallest a serial number is drawn: still readable on an A4 print. */
const SMALLEST_NOTE = 5;

const right = { align: 'right' } as const;

function columnsOf(doc: InvoiceDocument): Column[] {
  const notSet = (text: string): Cell => ({ text, tone: 'warning' });
  const taxHead = (pick: (line: InvoiceLine) => InvoiceLine['cgst']) => (line: InvoiceLine) => {
    const value = pick(line);
    if (!value) return [];
    if (line.gstRate === null) return [{ text: value.amount }, notSet(doc.messages.rateNotSet)];
    return [{ text: value.amount }, { text: `@ ${value.rate}`, tone: 'note' as const }];
  };
  const money = 24;
  const columns: Column[] = [
    { title: '#', width: 7, align: 'left', cell: (l) => [{ text: String(l.number) }] },
    {
      title: 'Description',
      width: 0,
      align: 'left',
      cell: (l) => [
        { text: l.description, tone: 'strong' },
        ...(l.serialNumber
          ? [{ text: `S/N ${l.serialNumber}`, tone: 'note' as const, whole: true }]
          : []),
        ...(l.warranty ? [{ text: l.warranty, tone: 'note' as const }] : []),
      ],
    },
    {
      title: 'HSN/SAC',
      width: 19,
      align: 'left',
      cell: (l) => [l.hsnSac ? { text: l.hsnSac } : notSet(doc.messages.hsnNotSet)],
    },
    {
      title: 'Qty',
      width: 17,
      align: 'right',
      cell: (l) => [{ text: `${l.quantity} ${l.unit}` }],
    },
    {
      title: 'Rate',
      width: 22,
      align: 'right',
      cell: (l) => [
        { text: l.rate },
        ...(l.rateIncludesTax ? [{ text: 'incl. GST', tone: 'note' as const }] : []),
      ],
    },
  ];
  if (doc.taxInvoice) {
    columns.push({
      title: 'Taxable value',
      width: money,
      align: 'right',
      cell: (l) => [{ text: l.taxable }],
    });
    if (doc.intraState)
      columns.push(
        { title: 'CGST', width: 21, align: 'right', cell: taxHead((l) => l.cgst) },
        { title: 'SGST', width: 21, align: 'right', cell: taxHead((l) => l.sgst) },
      );
    else
      columns.push({ title: 'IGST', width: money, align: 'right', cell: taxHead((l) => l.igst) });
  }
  columns.push({
    title: 'Amount',
    width: money,
    align: 'right',
    cell: (l) => [{ text: l.amount, tone: 'strong' }],
  });
  const fixed = columns.reduce((sum, column) => sum + column.width, 0);
  const description = columns[1];
  if (description) description.width = RIGHT - MARGIN - fixed;
  return columns;
}

/**
 * Which copy a printed invoice is (Rule 48 of the CGST Rules, issue 39 item 9): the customer
 * keeps the original, the shop the duplicate.
 */
export const INVOICE_COPIES = {
  original: 'Original for Recipient',
  duplicate: 'Duplicate for Supplier',
} as const;
export type InvoiceCopy = keyof typeof INVOICE_COPIES;
/** The shop's download: the customer's original, then its own duplicate on a page of its own. */
export const SHOP_COPIES: readonly InvoiceCopy[] = ['original', 'duplicate'];

/** Draws the invoice (issue 19) on an A4 jsPDF whose invoice fonts are already added. */
export class InvoicePdf {
  private y = MARGIN;

  constructor(
    private readonly pdf: jsPDF,
    private readonly doc: InvoiceDocument,
    private readonly copy: InvoiceCopy = 'original',
  ) {}

  /** Each copy from a page of its own, in the order given. */
  static drawCopies(pdf: jsPDF, doc: InvoiceDocument, copies: readonly InvoiceCopy[]): void {
    copies.forEach((copy, index) => {
      if (index > 0) pdf.addPage();
      new InvoicePdf(pdf, doc, copy).draw();
    });
  }

  draw(): void {
    this.header();
    if (this.doc.cancelled) this.cancelled();
    this.parties();
    this.lines();
    this.totals();
    if (this.doc.payments !== null) this.receipts();
    this.signature();
  }

  private font(size: number, weight: 'normal' | 'bold' = 'normal', grey = 0): void {
    this.pdf.setFont(PDF_FONT, weight).setFontSize(size).setTextColor(grey);
  }

  private wrap(text: string, width: number): string[] {
    return this.pdf.splitTextToSize(text, width) as string[];
  }

  /** Writes lines from the top of the first one; returns where the next would start. */
  private write(lines: string[], x: number, top: number, size: number, align?: 'right'): number {
    const step = size * LEADING;
    lines.forEach((text, index) => {
      this.pdf.text(text, x, top + step * (index + 0.8), align ? right : undefined);
    });
    return top + step * lines.length;
  }

  private room(height: number): void {
    if (this.y + height <= PAGE_BOTTOM) return;
    this.pdf.addPage();
    this.y = MARGIN;
  }

  private header(): void {
    const { supplier } = this.doc;
    let x = MARGIN;
    if (supplier.logo) {
      try {
        const image = this.pdf.getImageProperties(supplier.logo);
        const scale = Math.min(20 / image.width, 20 / image.height);
        this.pdf.addImage(
          supplier.logo,
          image.fileType,
          MARGIN,
          MARGIN,
          image.width * scale,
          image.height * scale,
        );
        x = MARGIN + 23;
      } catch {
        // A logo jsPDF cannot read is left out rather than losing the invoice.
      }
    }
    const leftWidth = 112 - (x - MARGIN);
    this.font(15, 'bold');
    let left = this.write(this.wrap(supplier.displayName, leftWidth), x, MARGIN, 15);
    this.font(9, 'normal', GREY);
    const lines = [
      ...(supplier.legalNameLine ? [supplier.legalNameLine] : []),
      ...(supplier.branchLine ? [supplier.branchLine] : []),
      ...supplier.address.split('\n').flatMap((part) => this.wrap(part, leftWidth)),
      ...this.wrap(
        [supplier.phone && `Phone: ${supplier.phone}`, supplier.email && `Email: ${supplier.email}`]
          .filter(Boolean)
          .join('  ·  '),
        leftWidth,
      ),
    ].filter(Boolean);
    left = this.write(lines, x, left + 0.5, 9);
    this.font(9, 'bold');
    const identity = [
      ...(supplier.gstin ? [`GSTIN: ${supplier.gstin}`] : []),
      ...(supplier.state ? [`State: ${supplier.state}`] : []),
    ];
    left = this.write(identity, x, left + 0.5, 9);

    this.font(16, 'bold');
    let top = this.write([this.doc.title.toUpperCase()], RIGHT, MARGIN, 16, 'right');
    this.font(8, 'bold', GREY);
    top = this.write([INVOICE_COPIES[this.copy].toUpperCase()], RIGHT, top, 8, 'right');
    this.font(9);
    top = this.write(
      [
        `${this.doc.numberLabel ?? 'Invoice No.'}: ${this.doc.number}`,
        `${this.doc.dateLabel ?? 'Invoice Date'}: ${this.doc.date}`,
        ...(this.doc.referenceLine
          ? this.wrap(this.doc.referenceLine, 90)
          : [`Order ID: ${this.doc.orderId}`]),
      ],
      RIGHT,
      top + 1,
      9,
      'right',
    );
    this.y = Math.max(left, top, supplier.logo ? MARGIN + 20 : 0) + 3;
    this.pdf.setDrawColor(160).setLineWidth(0.3).line(MARGIN, this.y, RIGHT, this.y);
    this.y += 3;
  }

  private cancelled(): void {
    const cancelled = this.doc.cancelled;
    if (!cancelled) return;
    const reason = `Cancelled on ${cancelled.date}. Reason: ${cancelled.reason}`;
    this.font(9);
    const reasonLines = this.wrap(reason, RIGHT - MARGIN - 8);
    const height = 11 + reasonLines.length * 9 * LEADING;
    this.pdf.setDrawColor(...RED).setLineWidth(0.8);
    this.pdf.rect(MARGIN, this.y, RIGHT - MARGIN, height);
    this.font(20, 'bold');
    this.pdf.setTextColor(...RED);
    this.pdf.text('CANCELLED', PAGE_WIDTH / 2, this.y + 8.5, { align: 'center' });
    this.font(9);
    this.pdf.setTextColor(...RED);
    reasonLines.forEach((text, index) => {
      this.pdf.text(text, PAGE_WIDTH / 2, this.y + 13 + index * 9 * LEADING, { align: 'center' });
    });
    this.y += height + 4;
  }

  private parties(): void {
    const { recipient } = this.doc;
    const width = 100;
    this.font(8, 'bold', GREY);
    let left = this.write(['BILL TO'], MARGIN, this.y, 8);
    this.font(10, 'bold');
    left = this.write(this.wrap(recipient.name, width), MARGIN, left, 10);
    this.font(9);
    const lines = [
      ...recipient.address.split('\n').flatMap((part) => (part ? this.wrap(part, width) : [])),
      ...(recipient.phone ? [`Phone: ${recipient.phone}`] : []),
      ...(recipient.state ? [`State: ${recipient.state}`] : []),
      ...(recipient.gstin ? [`GSTIN: ${recipient.gstin}`] : []),
    ];
    left = this.write(lines, MARGIN, left + 0.3, 9);

    this.font(9);
    const place = this.wrap(`Place of supply: ${this.doc.placeOfSupply || '—'}`, 70);
    const top = this.write(
      [...place, `Reverse charge: ${this.doc.reverseCharge}`],
      RIGHT,
      this.y + 8 * LEADING,
      9,
      'right',
    );
    this.y = Math.max(left, top) + 4;
  }

  private tableHeader(columns: Column[]): void {
    const height = 7;
    this.pdf.setFillColor(241, 245, 249).rect(MARGIN, this.y, RIGHT - MARGIN, height, 'F');
    this.pdf.setDrawColor(160).setLineWidth(0.3);
    this.pdf.line(MARGIN, this.y, RIGHT, this.y);
    this.pdf.line(MARGIN, this.y + height, RIGHT, this.y + height);
    this.font(7.5, 'bold', 60);
    let x = MARGIN;
    for (const column of columns) {
      const at = column.align === 'right' ? x + column.width - 1 : x + 1;
      this.pdf.text(
        column.title.toUpperCase(),
        at,
        this.y + 4.6,
        column.align === 'right' ? right : undefined,
      );
      x += column.width;
    }
    this.y += height;
  }

  /**
   * A cell's lines, measured in the font it is drawn in. A whole cell (a serial number, issue
   * 39 item 9) is never split inside its words: 'S/N' goes above a serial too long for the
   * line, a longer one breaks only after its hyphens, and one that still cannot fit is drawn
   * smaller, down to 5 pt.
   */
  private cellLines(cell: Cell, width: number, size: number): CellLine[] {
    const note = cell.tone === 'note' || cell.tone === 'warning';
    this.font(note ? NOTE_SIZE : size, cell.tone === 'strong' ? 'bold' : 'normal');
    if (!cell.whole) return this.wrap(cell.text, width).map((text) => ({ text, tone: cell.tone }));
    const fits = (text: string) => this.pdf.getTextWidth(text) <= width;
    if (fits(cell.text)) return [{ text: cell.text, tone: cell.tone }];
    const words = cell.text.split(' ');
    const last = words.pop() ?? '';
    const head = words.length ? [{ text: words.join(' '), tone: cell.tone }] : [];
    if (fits(last)) return [...head, { text: last, tone: cell.tone }];
    // Broken only after its own hyphens, as a person would write it on two lines.
    const parts = last.split(/(?<=-)/);
    if (parts.every(fits)) {
      const rows: string[] = [];
      for (const part of parts) {
        const joined = `${rows.at(-1) ?? ''}${part}`;
        if (rows.length && fits(joined)) rows[rows.length - 1] = joined;
        else rows.push(part);
      }
      return [...head, ...rows.map((text) => ({ text, tone: cell.tone }))];
    }
    const shrunk = Math.max(SMALLEST_NOTE, (NOTE_SIZE * width) / this.pdf.getTextWidth(last));
    return [...head, { text: last, tone: cell.tone, size: Math.floor(shrunk * 10) / 10 }];
  }

  private lines(): void {
    const columns = columnsOf(this.doc);
    const size = 8.5;
    const step = size * LEADING;
    this.room(20);
    this.tableHeader(columns);
    for (const line of this.doc.lines) {
      this.font(size);
      const cells = columns.map((column) =>
        column.cell(line).flatMap((cell) => this.cellLines(cell, column.width - 2, size)),
      );
      const height = Math.max(...cells.map((cell) => cell.length)) * step + 3;
      if (this.y + height > PAGE_BOTTOM) {
        this.pdf.addPage();
        this.y = MARGIN;
        this.tableHeader(columns);
      }
      let x = MARGIN;
      columns.forEach((column, index) => {
        const at = column.align === 'right' ? x + column.width - 1 : x + 1;
        (cells[index] ?? []).forEach((cell, row) => {
          if (cell.tone === 'warning') {
            this.font(7, 'bold');
            this.pdf.setTextColor(...AMBER);
          } else if (cell.tone === 'note') this.font(cell.size ?? NOTE_SIZE, 'normal', GREY);
          else this.font(size, cell.tone === 'strong' ? 'bold' : 'normal');
          this.pdf.text(
            cell.text,
            at,
            this.y + 1.5 + step * (row + 0.8),
            column.align === 'right' ? right : undefined,
          );
        });
        x += column.width;
      });
      this.y += height;
      this.pdf.setDrawColor(220).setLineWidth(0.2).line(MARGIN, this.y, RIGHT, this.y);
    }
  }

  private totals(): void {
    const { totals } = this.doc;
    const rows: Array<[string, string]> = [];
    if (this.doc.taxInvoice) rows.push(['Taxable value', totals.taxable]);
    if (totals.cgst) rows.push(['CGST', totals.cgst]);
    if (totals.sgst) rows.push(['SGST', totals.sgst]);
    if (totals.igst) rows.push(['IGST', totals.igst]);
    if (totals.roundOff) rows.push(['Round off', totals.roundOff]);
    this.font(9);
    const words = this.wrap(totals.inWords, 95);
    const height = Math.max(rows.length * 5 + 8, words.length * 9 * LEADING + 6) + 3;
    this.room(height);
    const top = this.y + 3;
    let y = top;
    const labelX = RIGHT - 62;
    for (const [label, value] of rows) {
      this.font(9);
      this.pdf.text(label, labelX, y + 3.5);
      this.pdf.text(value, RIGHT, y + 3.5, right);
      y += 5;
    }
    this.pdf
      .setDrawColor(160)
      .setLineWidth(0.3)
      .line(labelX, y + 0.5, RIGHT, y + 0.5);
    this.font(11, 'bold');
    this.pdf.text('Total', labelX, y + 5.5);
    this.pdf.text(totals.total, RIGHT, y + 5.5, right);

    this.font(7.5, 'bold', GREY);
    this.pdf.text('TOTAL IN WORDS', MARGIN, top + 3.5);
    this.font(9);
    this.write(words, MARGIN, top + 4.5, 9);
    this.y = top + height;
  }

  private receipts(): void {
    const doc = this.doc;
    const rows = doc.receipts.map((receipt) => [
      receipt.receiptNumber,
      receipt.date,
      receipt.transactionId ? `${receipt.method} · ${receipt.transactionId}` : receipt.method,
      receipt.amount,
    ]);
    const textWidth = (doc.dueUpiLink ? RIGHT - QR_SIDE - 8 : RIGHT) - MARGIN;
    const height = Math.max(12 + (rows.length || 1) * 4.5 + 12, doc.dueUpiLink ? QR_SIDE + 12 : 0);
    this.room(height);
    const top = this.y + 2;
    this.pdf.setDrawColor(200).setLineWidth(0.2).line(MARGIN, this.y, RIGHT, this.y);
    this.font(7.5, 'bold', GREY);
    this.pdf.text((doc.payments?.title ?? 'Receipts').toUpperCase(), MARGIN, top + 3.5);
    let y = top + 5;
    const x = [MARGIN, MARGIN + 36, MARGIN + 62];
    if (rows.length > 0) {
      this.font(7, 'normal', GREY);
      ['Receipt No.', 'Date', 'Method'].forEach((title, index) => {
        this.pdf.text(title, x[index] ?? MARGIN, y + 3);
      });
      this.pdf.text('Amount', MARGIN + textWidth, y + 3, right);
      y += 4;
    }
    if (rows.length === 0) {
      this.font(8.5, 'normal', GREY);
      this.pdf.text('No payment received yet.', MARGIN, y + 3.5);
      y += 4.5;
    }
    for (const [receiptNumber = '', date = '', method = '', amount = ''] of rows) {
      this.font(8.5);
      this.pdf.text(receiptNumber, x[0] ?? MARGIN, y + 3.5);
      this.pdf.text(date, x[1] ?? MARGIN, y + 3.5);
      const methodText = this.wrap(method, textWidth - 62 - 26)[0] ?? '';
      this.pdf.text(methodText, x[2] ?? MARGIN, y + 3.5);
      this.pdf.text(amount, MARGIN + textWidth, y + 3.5, right);
      y += 4.5;
    }
    y += 1.5;
    this.font(9);
    this.pdf.text(doc.payments?.paidLabel ?? 'Paid', MARGIN + textWidth - 60, y + 3.5);
    this.pdf.text(doc.paid, MARGIN + textWidth, y + 3.5, right);
    y += 5;
    if (doc.payments?.showDue !== false) {
      this.font(10, 'bold');
      if (doc.hasDue) this.pdf.setTextColor(...AMBER);
      this.pdf.text('Amount due', MARGIN + textWidth - 60, y + 3.5);
      this.pdf.text(doc.due, MARGIN + textWidth, y + 3.5, right);
      y += 6;
    }
    if (doc.dueUpiLink) this.qr(doc.dueUpiLink, RIGHT - QR_SIDE, top);
    this.y = Math.max(y, doc.dueUpiLink ? top + QR_SIDE + 9 : 0) + 2;
  }

  /** The branch's UPI QR for exactly the due, drawn as vectors so it prints sharp. */
  private qr(link: string, x: number, top: number): void {
    const code = create(link, { errorCorrectionLevel: QR_ERROR_CORRECTION });
    const { size, data } = code.modules;
    const side = QR_SIDE / size;
    this.pdf.setFillColor(0, 0, 0);
    // One rectangle per run of dark modules in a row: a fifth of the drawing operations.
    for (let row = 0; row < size; row++) {
      let column = 0;
      while (column < size) {
        if (!data[row * size + column]) {
          column += 1;
          continue;
        }
        const start = column;
        while (column < size && data[row * size + column]) column += 1;
        this.pdf.rect(x + start * side, top + row * side, (column - start) * side, side, 'F');
      }
    }
    this.font(7.5, 'normal', GREY);
    const caption = [`Scan with any UPI app to pay ${this.doc.due}`];
    if (this.doc.upiPayee) caption.push(this.doc.upiPayee);
    // Right-aligned under the code: the caption is wider than the code and must not pass the margin.
    caption.forEach((text, index) => {
      this.pdf.text(text, RIGHT, top + QR_SIDE + 3.5 + index * 3.3, right);
    });
  }

  private signature(): void {
    this.font(9, 'bold');
    const signedFor = this.wrap(this.doc.signatureFor, 100);
    this.room(22 + signedFor.length * 4);
    const bottom = this.write(signedFor, RIGHT, this.y + 2, 9, 'right') + 14;
    this.pdf
      .setDrawColor(120)
      .setLineWidth(0.3)
      .line(RIGHT - 60, bottom, RIGHT, bottom);
    this.font(8, 'normal', GREY);
    this.pdf.text('Authorised Signatory', RIGHT - 30, bottom + 4, { align: 'center' });
    this.y = bottom + 6;
  }
}

/** 'KOTH/26-27/00007' → 'KOTH-26-27-00007.pdf': a file name has no slashes. */
export const invoiceFileName = (number: string) => `${number.replace(/[^\w.-]+/g, '-')}.pdf`;
