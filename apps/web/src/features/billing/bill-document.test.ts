import { describe, expect, it } from 'vitest';
import { billDocument } from './bill-document';
import { LEGACY_BILL } from './test-bills';

const bill = LEGACY_BILL;

describe('the customer copy of a bill confirmed before invoices', () => {
  it("carries the shop's and the customer's contact, number, en-IN date, lines and totals", () => {
    const doc = billDocument(bill);
    expect(doc).toMatchObject({
      branchName: 'Pune Central',
      branchAddress: 'Shop 4, MG Road, Pune',
      branchPhone: '020 2612 3456',
      billNumber: 'BILL-PUNE-20261123-0001',
      date: '23 Nov 2026',
      customerName: 'Asha Rao',
      customerPhone: '+919876543210',
      customerAddress: '12 FC Road, Pune',
      technicianName: 'Tarun Shah',
      total: '₹2,537.50',
      paid: '₹1,000.00',
      due: '₹1,537.50',
      paymentStatus: 'Partially paid',
      paymentMethod: 'Cash',
    });
    expect(doc.lines[1]).toMatchObject({
      number: 2,
      quantity: '3 Meter',
      rate: '₹12.50',
      amount: '₹37.50',
    });
  });

  it('writes amounts with the rupee sign for the page and the PDF alike (decision 023)', () => {
    expect(billDocument(bill).due).toBe('₹1,537.50');
    expect(billDocument(bill, (paise) => `${paise} paise`).due).toBe('153750 paise');
  });

  it("reads 'Draft' before the payment is confirmed: a draft has no number yet", () => {
    expect(billDocument({ ...bill, billNumber: null, status: 'pending' }).billNumber).toBe('Draft');
  });
  it('names the shop, not the software', () => {
    expect(JSON.stringify(billDocument(bill))).not.toContain('Karya');
  });
});
