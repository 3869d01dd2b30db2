import { amountInWords } from '@karya/domain/amount-in-words';
import { INVOICE_TITLES, type InvoiceKind } from '@karya/domain/gst';
import { stateName } from '@karya/domain/gst-states';
import { INVOICE_MESSAGES } from '@karya/domain/invoice-schemas';
import { formatRupees, toPaise } from '@karya/domain/money';
import { formatPhone } from '@karya/domain/phone-rules';
import type { jsPDF } from 'jspdf';
import type { ContractInvoicePrint } from '../../shared/contract-invoice-download';
import { embedPdfFonts, undrawableCharacters } from '../../shared/pdf-fonts';
import { PAYMENT_METHOD_LABELS } from './billing-messages';
import { type InvoiceDocument, printedDate } from './invoice-document';
import { InvoicePdf, invoiceFileName, SHOP_COPIES } from './invoice-pdf';
import { percentLabel, stateLabel } from './tax-labels';

const indiaDay = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeZone: 'Asia/Kolkata',
});

/**
 * A maintenance contract's invoice (issue 23, decision 037) as the same document a bill's
 * invoice prints: one service line under its SAC, taxed as the server issued it (tax invoice
 * or bill of supply, CGST + SGST or IGST), its receipts and what is still due.
 */
export function contractInvoiceDocument(
  { invoice, reference }: ContractInvoicePrint,
  money: (paise: number) => string = formatRupees,
): InvoiceDocument {
  const kind: InvoiceKind =
    invoice.invoiceKind === 'tax-invoice' ? 'tax-invoice' : 'bill-of-supply';
  const taxInvoice = kind === 'tax-invoice';
  const intraState = invoice.igst === 0;
  const { supplier, recipient } = invoice;
  const displayName = supplier.tradeName || supplier.legalName || supplier.branchName;
  const legalName = supplier.legalName || displayName;
  const rupees = (amount: number) => money(toPaise(amount));
  const totalPaise = toPaise(invoice.total);
  const roundOffPaise = toPaise(invoice.roundOff);
  const duePaise = toPaise(invoice.due);
  const half = invoice.gstRate / 2;
  const head = (present: boolean, rate: number, amount: number) =>
    present ? { rate: percentLabel(rate), amount: rupees(amount) } : null;
  return {
    title: INVOICE_TITLES[kind],
    taxInvoice,
    intraState,
    cancelled: null,
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
    number: invoice.invoiceNumber,
    date: printedDate(invoice.invoiceDate),
    billNumber: '',
    orderId: '',
    referenceLine: `Contract: ${reference}`,
    recipient: {
      name: recipient.name,
      phone: formatPhone(recipient.phone),
      address: recipient.address,
      state: stateLabel(recipient.state),
      gstin: recipient.gstin,
    },
    // The state the server taxed by (its code), named as a bill's invoice names it.
    placeOfSupply: invoice.placeOfSupply
      ? stateLabel({ code: invoice.placeOfSupply, name: stateName(invoice.placeOfSupply) ?? '' })
      : stateLabel(recipient.state),
    reverseCharge: 'No',
    lines: [
      {
        key: invoice._id,
        number: 1,
        description: invoice.description,
        serialNumber: null,
        warranty: '',
        hsnSac: invoice.hsnSac,
        quantity: '1',
        unit: 'Service',
        rate: rupees(invoice.taxable),
        rateIncludesTax: false,
        taxable: rupees(invoice.taxable),
        gstRate: taxInvoice ? percentLabel(invoice.gstRate) : null,
        cgst: head(taxInvoice && intraState, half, invoice.cgst),
        sgst: head(taxInvoice && intraState, half, invoice.sgst),
        igst: head(taxInvoice && !intraState, invoice.gstRate, invoice.igst),
        amount: money(totalPaise - roundOffPaise),
      },
    ],
    totals: {
      taxable: rupees(invoice.taxable),
      cgst: taxInvoice && intraState ? rupees(invoice.cgst) : null,
      sgst: taxInvoice && intraState ? rupees(invoice.sgst) : null,
      igst: taxInvoice && !intraState ? rupees(invoice.igst) : null,
      roundOff:
        roundOffPaise === 0
          ? null
          : roundOffPaise < 0
            ? `-${money(-roundOffPaise)}`
            : money(roundOffPaise),
      total: money(totalPaise),
      inWords: amountInWords(totalPaise),
    },
    receipts: invoice.payments.map((payment) => ({
      key: payment._id,
      receiptNumber: payment.receiptNumber,
      date: indiaDay.format(new Date(payment.receivedAt)),
      method: PAYMENT_METHOD_LABELS[payment.method],
      transactionId: payment.transactionId,
      amount: rupees(payment.amount),
    })),
    paid: rupees(invoice.paid),
    due: money(duePaise),
    hasDue: duePaise > 0,
    dueUpiLink: null,
    upiPayee: null,
    signatureFor: `For ${legalName}`,
    messages: { hsnNotSet: INVOICE_MESSAGES.hsnNotSet, rateNotSet: INVOICE_MESSAGES.rateNotSet },
  };
}

/** The contract invoice as an A4 PDF, in memory. */
export async function contractInvoicePdf(print: ContractInvoicePrint): Promise<jsPDF> {
  const { jsPDF } = await import('jspdf');
  const pdf = new jsPDF({ unit: 'mm', format: 'a4', compress: true });
  const doc = contractInvoiceDocument(print);
  await embedPdfFonts(pdf, printedTexts(doc));
  pdf.setDocumentProperties({ title: print.invoice.invoiceNumber });
  InvoicePdf.drawCopies(pdf, doc, SHOP_COPIES);
  return pdf;
}

/** What the customer and the shop type, which may be in any script. */
const printedTexts = (doc: InvoiceDocument) => [
  doc.supplier.displayName,
  doc.supplier.legalName,
  doc.supplier.address,
  doc.recipient.name,
  doc.recipient.address,
  ...doc.lines.map((line) => line.description),
];

/** Saves it as '{invoice number}.pdf'; names what the font could not draw. */
export async function downloadContractInvoicePdf(
  print: ContractInvoicePrint,
): Promise<{ undrawable: string[] }> {
  const pdf = await contractInvoicePdf(print);
  pdf.save(invoiceFileName(print.invoice.invoiceNumber));
  return { undrawable: undrawableCharacters(printedTexts(contractInvoiceDocument(print))) };
}
