import { describe, expect, it } from 'vitest';
import { invoiceDocument } from './invoice-document';
import { IGST_BILL, INTRA_STATE_BILL } from './test-bills';

const docOf = (bill: typeof IGST_BILL) => {
  if (!bill.invoice) throw new Error('no invoice');
  return invoiceDocument(bill, bill.invoice);
};

describe('the invoice a confirmed bill became (Rule 46, issue 19)', () => {
  it("prints the supplier's names, address, GSTIN and state, and the invoice's number and date", () => {
    const doc = docOf(IGST_BILL);
    expect(doc).toMatchObject({
      title: 'Tax Invoice',
      taxInvoice: true,
      number: 'PUNE/26-27/00007',
      date: '23 Nov 2026',
      reverseCharge: 'No',
      placeOfSupply: 'Karnataka (29)',
      signatureFor: 'For Shree Ganesh Security Systems Private Limited',
    });
    expect(doc.supplier).toEqual({
      displayName: 'Ganesh Security',
      legalName: 'Shree Ganesh Security Systems Private Limited',
      legalNameLine: 'Shree Ganesh Security Systems Private Limited',
      branchLine: 'Branch: Pune Central',
      logo: null,
      address: 'Shop 4, MG Road\nPune 411001',
      phone: '020 2612 3456',
      email: 'accounts@ganesh.example',
      gstin: '27AAPFU0939F1ZV',
      state: 'Maharashtra (27)',
    });
    expect(doc.recipient).toEqual({
      name: 'Asha Rao',
      // Printed as every screen shows a mobile (issue 39 item 19).
      phone: '+91 98765 43210',
      address: '14 Brigade Road, Bengaluru',
      state: 'Karnataka (29)',
      gstin: '29AAGCB7383J1Z4',
    });
  });

  it('charges IGST on a sale to another state: per line, and in the totals with the round-off', () => {
    const doc = docOf(IGST_BILL);
    expect(doc.intraState).toBe(false);
    expect(doc.lines[0]).toMatchObject({
      description: 'Dome Camera 4MP',
      serialNumber: 'CAM-00042',
      warranty: 'Warranty: 2 years',
      hsnSac: '85258900',
      quantity: '1',
      unit: 'Piece',
      rate: '₹2,950.00',
      rateIncludesTax: true,
      taxable: '₹2,500.00',
      gstRate: '18%',
      cgst: null,
      sgst: null,
      igst: { rate: '18%', amount: '₹450.00' },
      amount: '₹2,950.00',
    });
    expect(doc.totals).toEqual({
      taxable: '₹2,537.50',
      cgst: null,
      sgst: null,
      igst: '₹450.00',
      roundOff: '₹0.50',
      total: '₹2,988.00',
      inWords: 'Rupees Two Thousand Nine Hundred Eighty-Eight Only',
    });
  });

  it('splits CGST and SGST at half the rate each within the state', () => {
    const doc = docOf(INTRA_STATE_BILL);
    expect(doc.lines[0]).toMatchObject({
      cgst: { rate: '9%', amount: '₹225.00' },
      sgst: { rate: '9%', amount: '₹225.00' },
      igst: null,
    });
    expect(doc.totals).toMatchObject({ cgst: '₹225.00', sgst: '₹225.00', igst: null });
    expect(doc.recipient.gstin).toBeNull();
  });

  it("says 'HSN/SAC not set' and 'GST rate not set' where an admin has not set them", () => {
    const line = docOf(IGST_BILL).lines[1];
    expect(line).toMatchObject({ hsnSac: null, gstRate: null, rateIncludesTax: false });
    expect(line?.warranty).toBe('');
    expect(docOf(IGST_BILL).messages).toEqual({
      hsnNotSet: 'HSN/SAC not set',
      rateNotSet: 'GST rate not set',
    });
  });

  it('lists the receipts, and the due with its UPI link while something is owed', () => {
    const doc = docOf(IGST_BILL);
    expect(doc.receipts).toEqual([
      {
        key: 'p-1',
        receiptNumber: 'RPUNE/26-27/0003',
        date: '23 Nov 2026',
        method: 'Cash',
        transactionId: null,
        amount: '₹1,000.00',
      },
    ]);
    expect(doc).toMatchObject({ paid: '₹1,000.00', due: '₹1,988.00', hasDue: true });
    expect(doc.dueUpiLink).toContain('am=1988.00');
    const paid = docOf({ ...IGST_BILL, paidAmount: 2988, dueAmount: 0, dueUpiLink: null });
    expect(paid).toMatchObject({ due: '₹0.00', hasDue: false, dueUpiLink: null });
  });

  it('a bill of supply charges no tax: no heads, no taxable column', () => {
    const invoice = { ...IGST_BILL.invoice, kind: 'bill-of-supply' } as const;
    const doc = docOf({
      ...IGST_BILL,
      invoice: { ...invoice, supplier: { ...invoice.supplier, gstin: null } },
      items: IGST_BILL.items.map((line) => ({ ...line, igst: 0, taxable: line.amount })),
      tax: { ...IGST_BILL.tax, igst: 0, taxable: 2987.5 },
    } as typeof IGST_BILL);
    expect(doc.title).toBe('Bill of Supply');
    expect(doc.lines[0]).toMatchObject({ igst: null, cgst: null, rateIncludesTax: false });
    expect(doc.totals).toMatchObject({ igst: null, cgst: null, sgst: null });
    expect(doc.supplier.gstin).toBeNull();
  });

  it('a cancelled invoice says so with its reason, and asks for nothing more', () => {
    const doc = docOf({
      ...IGST_BILL,
      invoice: {
        ...(IGST_BILL.invoice as NonNullable<typeof IGST_BILL.invoice>),
        cancelledAt: '2026-11-24T06:00:00.000Z',
        cancellationReason: 'Wrong customer',
      },
    });
    expect(doc.cancelled).toEqual({ reason: 'Wrong customer', date: '24 Nov 2026' });
    expect(doc).toMatchObject({ hasDue: false, dueUpiLink: null });
  });

  it("prints the branch's name as the seller's until the business profile names it", () => {
    const invoice = IGST_BILL.invoice as NonNullable<typeof IGST_BILL.invoice>;
    const doc = docOf({
      ...IGST_BILL,
      invoice: { ...invoice, supplier: { ...invoice.supplier, legalName: '', tradeName: '' } },
    });
    expect(doc.supplier).toMatchObject({
      displayName: 'Pune Central',
      legalNameLine: null,
      branchLine: null,
    });
    expect(doc.signatureFor).toBe('For Pune Central');
  });

  it("prints each item's warranty, and says when it has none", () => {
    const [camera, cable] = IGST_BILL.items;
    if (!camera || !cable) throw new Error('lines missing');
    const doc = docOf({ ...IGST_BILL, items: [camera, { ...cable, warranty: 'No Warranty' }] });
    expect(doc.lines.map((line) => line.warranty)).toEqual(['Warranty: 2 years', 'No warranty']);
  });

  it('names the shop, not the software', () => {
    expect(JSON.stringify(docOf(IGST_BILL))).not.toContain('Karya');
  });
});
