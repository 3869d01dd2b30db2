import type { Bill } from '@karya/domain/bill-schemas';
import { printedDate } from '@karya/domain/format';
import { amountInWords, INVOICE_TITLES } from '@karya/domain/gst';
import {
  type CreditNote,
  INVOICE_MESSAGES,
  type Invoice,
  type RefundVoucher,
} from '@karya/domain/invoice-schemas';
import { formatRupees, toPaise } from '@karya/domain/money';
import { formatPhone } from '@karya/domain/phone-rules';
import { PAYMENT_METHOD_LABELS } from './billing-messages';
import { percentLabel, stateLabel } from './tax-labels';

const indiaDay = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeZone: 'Asia/Kolkata',
});

export { printedDate };

/** The receipt line of one payment. */
export interface InvoiceReceipt {
  key: string;
  receiptNumber: string;
  date: string;
  method: string;
  transactionId: string | null;
  amount: string;
}

export interface InvoiceLine {
  key: string;
  number: number;
  description: string;
  serialNumber: string | null;
  /** 'Warranty: 2 years', 'No warranty', or '' when the item says nothing. */
  warranty: string;
  /** Null when an admin has not set it: the document says 'HSN/SAC not set'. */
  hsnSac: string | null;
  quantity: string;
  unit: string;
  rate: string;
  /** The rate is the catalogue price with the tax inside it. */
  rateIncludesTax: boolean;
  taxable: string;
  /** '18%', or null: 'GST rate not set'. */
  gstRate: string | null;
  /** Per head: the rate ('9%') and the amount; null where the invoice has no such head. */
  cgst: { rate: string; amount: string } | null;
  sgst: { rate: string; amount: string } | null;
  igst: { rate: string; amount: string } | null;
  amount: string;
}

/** Everything the invoice prints (Rule 46 of the CGST Rules), for the page and the PDF alike. */
export interface InvoiceDocument {
  title: string;
  taxInvoice: boolean;
  /** CGST + SGST columns, else IGST (tax invoices only). */
  intraState: boolean;
  cancelled: { reason: string; date: string } | null;
  supplier: {
    /** The name the customer knows: the trade name, else the legal name. */
    displayName: string;
    legalName: string;
    /** Printed under the display name when it differs from it. */
    legalNameLine: string | null;
    /** 'Branch: Kothrud', when the business's name is not the branch's. */
    branchLine: string | null;
    logo: string | null;
    address: string;
    phone: string;
    email: string;
    gstin: string | null;
    state: string;
  };
  number: string;
  date: string;
  billNumber: string;
  orderId: string;
  /** What the invoice bills when it is not an order's, e.g. 'Contract: AMC-2026-000001'. */
  referenceLine?: string;
  /** 'Credit Note No.', 'Voucher No.': 'Invoice No.' unless given; the date's likewise. */
  numberLabel?: string;
  dateLabel?: string;
  recipient: {
    name: string;
    phone: string;
    address: string;
    state: string;
    gstin: string | null;
  };
  placeOfSupply: string;
  reverseCharge: 'No';
  lines: InvoiceLine[];
  totals: {
    taxable: string;
    cgst: string | null;
    sgst: string | null;
    igst: string | null;
    /** Null when the total needed no rounding. */
    roundOff: string | null;
    total: string;
    inWords: string;
  };
  receipts: InvoiceReceipt[];
  paid: string;
  due: string;
  /** Something is still owed on an invoice that stands. */
  hasDue: boolean;
  /** upi://pay for exactly the due, for the QR; null when nothing is due or no payee is set. */
  dueUpiLink: string | null;
  upiPayee: string | null;
  /**
   * The receipts, Paid and Amount due under the lines: an invoice's by default; a credit
   * note has none (null); a refund voucher names what it gave back (decision 041).
   */
  payments?: { title: string; paidLabel: string; showDue: boolean } | null;
  /** 'For {legal name}' over the signature line. */
  signatureFor: string;
  messages: { hsnNotSet: string; rateNotSet: string };
}

/** The catalogue's warranty text as the invoice prints it. */
function warrantyLine(text: string): string {
  const warranty = text.trim();
  if (!warranty) return '';
  return /^no\b/i.test(warranty) ? 'No warranty' : `Warranty: ${warranty}`;
}

const signedRupees = (paise: number, money: (paise: number) => string) =>
  paise < 0 ? `-${money(-paise)}` : money(paise);

const head = (
  present: boolean,
  rate: number | null,
  amountRupees: number,
  money: (paise: number) => string,
) =>
  present
    ? { rate: rate === null ? '' : percentLabel(rate), amount: money(toPaise(amountRupees)) }
    : null;

/**
 * The invoice a confirmed bill became (issue 19). `money` formats paise: the page and the
 * PDF both print '₹' (the PDF embeds a font that has it, decision 023).
 */
export function invoiceDocument(
  bill: Bill,
  invoice: Invoice,
  money: (paise: number) => string = formatRupees,
): InvoiceDocument {
  const taxInvoice = invoice.kind === 'tax-invoice';
  const intraState = bill.tax.intraState;
  const { supplier, recipient } = invoice;
  const displayName = supplier.tradeName || supplier.legalName || supplier.branchName;
  const legalName = supplier.legalName || displayName;
  const rupees = (amount: number) => money(toPaise(amount));
  const cancelled = invoice.cancelledAt
    ? {
        reason: invoice.cancellationReason ?? '',
        date: indiaDay.format(new Date(invoice.cancelledAt)),
      }
    : null;
  const duePaise = toPaise(bill.dueAmount);
  const hasDue = duePaise > 0 && !cancelled;

  return {
    title: INVOICE_TITLES[invoice.kind],
    taxInvoice,
    intraState,
    cancelled,
    supplier: {
      displayName,
      legalName,
      legalNameLine: legalName !== displayName ? legalName : null,
      branchLine:
        supplier.branchName && supplier.branchName !== displayName
          ? `Branch: ${supplier.branchName}`
          : null,
      logo: supplier.logo,
      address: supplier.address,
      phone: formatPhone(supplier.phone),
      email: supplier.email,
      gstin: supplier.gstin,
      state: stateLabel(supplier.state),
    },
    number: invoice.number,
    date: printedDate(invoice.date),
    billNumber: bill.billNumber ?? '',
    orderId: bill.orderId,
    recipient: {
      name: recipient.name,
      phone: formatPhone(recipient.phone),
      address: recipient.address,
      state: stateLabel(recipient.state),
      gstin: recipient.gstin,
    },
    placeOfSupply: stateLabel(invoice.placeOfSupply),
    reverseCharge: 'No',
    lines: bill.items.map((line, index) => {
      const half = line.gstRate === null ? null : line.gstRate / 2;
      return {
        key: line._id,
        number: index + 1,
        description: line.name,
        serialNumber: line.serialNumber,
        warranty: warrantyLine(line.warranty),
        hsnSac: line.hsnSac,
        quantity: String(line.quantity),
        unit: line.unit,
        rate: rupees(line.price),
        rateIncludesTax: taxInvoice && line.priceIncludesTax && line.gstRate !== null,
        taxable: rupees(line.taxable),
        gstRate: line.gstRate === null ? null : percentLabel(line.gstRate),
        cgst: head(taxInvoice && intraState, half, line.cgst, money),
        sgst: head(taxInvoice && intraState, half, line.sgst, money),
        igst: head(taxInvoice && !intraState, line.gstRate, line.igst, money),
        amount: rupees(line.amount),
      };
    }),
    totals: {
      taxable: rupees(bill.tax.taxable),
      cgst: taxInvoice && intraState ? rupees(bill.tax.cgst) : null,
      sgst: taxInvoice && intraState ? rupees(bill.tax.sgst) : null,
      igst: taxInvoice && !intraState ? rupees(bill.tax.igst) : null,
      roundOff: bill.tax.roundOff === 0 ? null : signedRupees(toPaise(bill.tax.roundOff), money),
      total: rupees(bill.total),
      inWords: invoice.totalInWords,
    },
    receipts: bill.payments.map((payment) => ({
      key: payment._id,
      receiptNumber: payment.receiptNumber,
      date: indiaDay.format(new Date(payment.receivedAt)),
      // An advance kept from a cancelled invoice: the receipt it came in on (decision 041).
      method: payment.advanceOf
        ? `${PAYMENT_METHOD_LABELS[payment.method]}, advance from ${payment.advanceOf.number}`
        : PAYMENT_METHOD_LABELS[payment.method],
      transactionId: payment.transactionId,
      amount: rupees(payment.amount),
    })),
    paid: rupees(bill.paidAmount),
    due: money(duePaise),
    hasDue,
    dueUpiLink: hasDue ? bill.dueUpiLink : null,
    upiPayee: bill.upiPayee?.vpa ?? null,
    signatureFor: `For ${legalName}`,
    messages: { hsnNotSet: INVOICE_MESSAGES.hsnNotSet, rateNotSet: INVOICE_MESSAGES.rateNotSet },
  };
}

/**
 * The credit note that reversed a cancelled Tax Invoice (CGST Act section 34, decision 041),
 * in the invoice's own look: the invoice's parties, each line's taxable value and tax taken
 * back, and the invoice it reverses on the reference line.
 */
export function creditNoteDocument(
  bill: Bill,
  invoice: Invoice,
  note: CreditNote,
  money: (paise: number) => string = formatRupees,
): InvoiceDocument {
  const base = invoiceDocument(bill, invoice, money);
  const rupees = (amount: number) => money(toPaise(amount));
  const intraState = bill.tax.intraState;
  return {
    ...base,
    title: 'Credit Note',
    taxInvoice: true,
    cancelled: null,
    number: note.number,
    date: printedDate(note.date),
    numberLabel: 'Credit Note No.',
    dateLabel: 'Credit Note Date',
    referenceLine: `Against Tax Invoice ${note.invoiceNumber} dated ${printedDate(note.invoiceDate)}`,
    lines: note.lines.map((line, index) => {
      const billed = bill.items[index];
      const half = line.gstRate === null ? null : line.gstRate / 2;
      return {
        key: `${note._id}-${index}`,
        number: index + 1,
        description: line.name,
        serialNumber: billed?.serialNumber ?? null,
        warranty: '',
        hsnSac: line.hsnSac,
        quantity: String(line.quantity),
        unit: line.unit,
        rate: billed ? rupees(billed.price) : '',
        rateIncludesTax: Boolean(billed?.priceIncludesTax) && line.gstRate !== null,
        taxable: rupees(line.taxable),
        gstRate: line.gstRate === null ? null : percentLabel(line.gstRate),
        cgst: head(intraState, half, line.cgst, money),
        sgst: head(intraState, half, line.sgst, money),
        igst: head(!intraState, line.gstRate, line.igst, money),
        amount: rupees(line.total),
      };
    }),
    totals: {
      taxable: rupees(note.taxable),
      cgst: intraState ? rupees(note.cgst) : null,
      sgst: intraState ? rupees(note.sgst) : null,
      igst: intraState ? null : rupees(note.igst),
      roundOff: note.roundOff === 0 ? null : signedRupees(toPaise(note.roundOff), money),
      total: rupees(note.total),
      inWords: note.totalInWords,
    },
    receipts: [],
    hasDue: false,
    dueUpiLink: null,
    payments: null,
  };
}

/**
 * A refund voucher: money given back on a cancelled invoice, how, and against which invoice,
 * in the invoice's look (decision 041).
 */
export function refundVoucherDocument(
  bill: Bill,
  invoice: Invoice,
  refund: RefundVoucher,
  money: (paise: number) => string = formatRupees,
): InvoiceDocument {
  const base = invoiceDocument(bill, invoice, money);
  const amount = money(toPaise(refund.amount));
  const receipts = bill.payments.map((payment) => payment.receiptNumber).join(', ');
  return {
    ...base,
    title: 'Refund Voucher',
    taxInvoice: false,
    cancelled: null,
    number: refund.voucherNumber,
    date: indiaDay.format(new Date(refund.refundedAt)),
    numberLabel: 'Voucher No.',
    dateLabel: 'Voucher Date',
    referenceLine: `Against cancelled invoice ${invoice.number} dated ${printedDate(invoice.date)}`,
    lines: [
      {
        key: refund._id,
        number: 1,
        description: `Refund of money received on ${invoice.number}${receipts ? ` (receipt ${receipts})` : ''}`,
        serialNumber: null,
        warranty: '',
        hsnSac: null,
        quantity: '1',
        unit: '',
        rate: amount,
        rateIncludesTax: false,
        taxable: amount,
        gstRate: null,
        cgst: null,
        sgst: null,
        igst: null,
        amount,
      },
    ],
    totals: {
      taxable: amount,
      cgst: null,
      sgst: null,
      igst: null,
      roundOff: null,
      total: amount,
      inWords: amountInWords(toPaise(refund.amount)),
    },
    receipts: [
      {
        key: refund._id,
        receiptNumber: refund.voucherNumber,
        date: indiaDay.format(new Date(refund.refundedAt)),
        method: PAYMENT_METHOD_LABELS[refund.method],
        transactionId: refund.transactionId,
        amount,
      },
    ],
    paid: amount,
    due: money(0),
    hasDue: false,
    dueUpiLink: null,
    payments: { title: 'Refunded', paidLabel: 'Refunded', showDue: false },
    messages: { hsnNotSet: '—', rateNotSet: '—' },
  };
}
