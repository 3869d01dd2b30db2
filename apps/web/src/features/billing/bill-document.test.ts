import type { Bill } from '@karya/domain/bill-schemas';
import { describe, expect, it } from 'vitest';
import { billDocument, pdfRupees } from './bill-document';

const bill: Bill = {
  _id: 'b-1',
  billId: 'b-1',
  billNumber: 'BILL-PUNE-20261123-0001',
  status: 'confirmed',
  workOrderId: 'w-1',
  orderId: 'WO-2026-000001',
  customerId: 'c-1',
  customerName: 'Asha Rao',
  customerPhone: '+919876543210',
  customerAddress: '12 FC Road, Pune',
  branch: {
    _id: 'br-1',
    name: 'Pune Central',
    address: 'Shop 4, MG Road, Pune',
    phone: '020 2612 3456',
  },
  technician: { _id: 't-1', firstName: 'Tarun', lastName: 'Shah' },
  items: [
    {
      _id: 'l-1',
      itemId: 'ITEM-1',
      itemObjectId: 'i-1',
      name: 'Dome Camera',
      type: 'serialized-product',
      unit: 'Piece',
      quantity: 1,
      serialNumber: 'CAM-1',
      price: 2500,
      amount: 2500,
    },
    {
      _id: 'l-2',
      itemId: 'ITEM-2',
      itemObjectId: 'i-2',
      name: 'Cable',
      type: 'generic-product',
      unit: 'Meter',
      quantity: 3,
      serialNumber: null,
      price: 12.5,
      amount: 37.5,
    },
  ],
  total: 2537.5,
  paidAmount: 1000,
  dueAmount: 1537.5,
  paymentStatus: 'partial',
  paymentMethod: 'cash',
  transactionId: null,
  rejectionReason: null,
  createdAt: '2026-11-23T04:00:00.000Z',
  paidAt: '2026-11-23T05:00:00.000Z',
  rejectedAt: null,
  upiPayee: null,
  upiLink: null,
};

describe('the customer copy of a bill', () => {
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

  it('writes Rs. in the PDF, whose fonts have no rupee sign', () => {
    expect(pdfRupees(123450)).toBe('Rs. 1,234.50');
    expect(billDocument(bill, pdfRupees).due).toBe('Rs. 1,537.50');
  });

  it("reads 'Draft' before the payment is confirmed: a draft has no number yet", () => {
    expect(billDocument({ ...bill, billNumber: null, status: 'pending' }).billNumber).toBe('Draft');
  });
  it('names the shop, not the software', () => {
    expect(JSON.stringify(billDocument(bill))).not.toContain('Karya');
  });
});
