import type { CreditNote, RefundVoucher } from '@karya/domain/invoice-schemas';
import { describe, expect, it } from 'vitest';
import { creditNoteDocument, invoiceDocument, refundVoucherDocument } from './invoice-document';
import { INTRA_STATE_BILL } from './test-bills';

/** Decision 041: a cancelled invoice's credit note and refund voucher in the invoice's look. */

const invoice = INTRA_STATE_BILL.invoice;
if (!invoice) throw new Error('no invoice');

const note: CreditNote = {
  _id: 'note-1',
  number: 'CPUNE/26-27/0001',
  date: '2026-11-25',
  financialYear: 2026,
  reason: 'Wrong customer GSTIN',
  invoiceNumber: invoice.number,
  invoiceDate: invoice.date,
  lines: INTRA_STATE_BILL.items.map((item) => ({
    name: item.name,
    unit: item.unit,
    quantity: item.quantity,
    hsnSac: item.hsnSac,
    gstRate: item.gstRate,
    taxable: item.taxable,
    cgst: item.cgst,
    sgst: item.sgst,
    igst: item.igst,
    total: item.amount,
  })),
  taxable: INTRA_STATE_BILL.tax.taxable,
  cgst: INTRA_STATE_BILL.tax.cgst,
  sgst: INTRA_STATE_BILL.tax.sgst,
  igst: 0,
  roundOff: INTRA_STATE_BILL.tax.roundOff,
  total: INTRA_STATE_BILL.total,
  totalInWords: invoice.totalInWords,
};

describe('the credit note of a cancelled Tax Invoice', () => {
  it('prints its own number and date, the invoice it reverses and each head taken back', () => {
    const doc = creditNoteDocument(INTRA_STATE_BILL, invoice, note);
    const original = invoiceDocument(INTRA_STATE_BILL, invoice);
    expect(doc).toMatchObject({
      title: 'Credit Note',
      number: 'CPUNE/26-27/0001',
      date: '25 Nov 2026',
      numberLabel: 'Credit Note No.',
      referenceLine: `Against Tax Invoice ${invoice.number} dated ${original.date}`,
      cancelled: null,
      payments: null,
      supplier: original.supplier,
      recipient: original.recipient,
    });
    expect(doc.totals).toEqual(original.totals);
    expect(doc.lines.map((line) => [line.taxable, line.cgst, line.sgst, line.igst])).toEqual(
      original.lines.map((line) => [line.taxable, line.cgst, line.sgst, line.igst]),
    );
  });
});

describe('a refund voucher', () => {
  it('names the money given back, how, and the cancelled invoice; no amount due', () => {
    const refund: RefundVoucher = {
      _id: 'refund-1',
      voucherNumber: 'VPUNE/26-27/0003',
      amount: 500,
      method: 'online',
      transactionId: 'RFND12345678',
      refundedAt: '2026-11-25T06:00:00.000Z',
      refundedBy: null,
    };
    const doc = refundVoucherDocument(INTRA_STATE_BILL, invoice, refund);
    expect(doc).toMatchObject({
      title: 'Refund Voucher',
      number: 'VPUNE/26-27/0003',
      taxInvoice: false,
      referenceLine: expect.stringContaining(`Against cancelled invoice ${invoice.number}`),
      payments: { title: 'Refunded', paidLabel: 'Refunded', showDue: false },
      hasDue: false,
      dueUpiLink: null,
    });
    expect(doc.totals.total).toBe('₹500.00');
    expect(doc.totals.inWords).toBe('Rupees Five Hundred Only');
    expect(doc.receipts).toMatchObject([
      { receiptNumber: 'VPUNE/26-27/0003', transactionId: 'RFND12345678', amount: '₹500.00' },
    ]);
  });
});
