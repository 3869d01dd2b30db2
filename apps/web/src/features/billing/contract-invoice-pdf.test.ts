import type { AmcInvoice } from '@karya/domain/amc-schemas';
import { describe, expect, it } from 'vitest';
import { drawnDevanagari } from '../../shared/drawn-devanagari';
import { contractInvoiceDocument, contractInvoicePdf } from './contract-invoice-pdf';

const supplier = {
  legalName: 'Shree Ganesh Security Systems Private Limited',
  tradeName: 'Ganesh Security',
  logo: null,
  address: 'Shop 4, MG Road\nPune 411001',
  phone: '020 2612 3456',
  email: 'accounts@ganesh.example',
  branchName: 'Pune Central',
  gstin: '27AAPFU0939F1ZV',
  state: { code: '27', name: 'Maharashtra' },
};

const INSTALMENT: AmcInvoice = {
  _id: 'inv-1',
  instalment: 2,
  instalments: 4,
  invoiceNumber: 'PUNE/26-27/00012',
  invoiceDate: '2026-07-08',
  invoiceKind: 'tax-invoice',
  placeOfSupply: '27',
  description: 'Annual maintenance contract AMC-2026-000001 (instalment 2 of 4)',
  hsnSac: '9987',
  gstRate: 18,
  supplier,
  recipient: {
    name: 'Meera Joshi',
    phone: '+919876543210',
    address: 'Baner, Pune',
    state: { code: '27', name: 'Maharashtra' },
    gstin: null,
  },
  taxable: 1200,
  cgst: 108,
  sgst: 108,
  igst: 0,
  roundOff: 0,
  total: 1416,
  paid: 416,
  due: 1000,
  paymentStatus: 'partial',
  payments: [
    {
      _id: 'pay-1',
      receiptNumber: 'RPUNE/26-27/0003',
      amount: 416,
      method: 'cash',
      transactionId: null,
      receivedAt: '2026-07-10T06:30:00.000Z',
    },
  ],
};

describe('a maintenance contract invoice printed as a bill’s invoice (decision 037)', () => {
  it('prints the contract where a bill prints its order, one SAC line, CGST + SGST, and the due', () => {
    const doc = contractInvoiceDocument({
      invoice: INSTALMENT,
      reference: 'AMC-2026-000001 · instalment 2 of 4',
    });
    expect(doc).toMatchObject({
      title: 'Tax Invoice',
      taxInvoice: true,
      intraState: true,
      number: 'PUNE/26-27/00012',
      date: '8 Jul 2026',
      referenceLine: 'Contract: AMC-2026-000001 · instalment 2 of 4',
      placeOfSupply: 'Maharashtra (27)',
      paid: '₹416.00',
      due: '₹1,000.00',
      hasDue: true,
      signatureFor: 'For Shree Ganesh Security Systems Private Limited',
    });
    expect(doc.lines).toHaveLength(1);
    expect(doc.lines[0]).toMatchObject({
      description: 'Annual maintenance contract AMC-2026-000001 (instalment 2 of 4)',
      hsnSac: '9987',
      quantity: '1',
      taxable: '₹1,200.00',
      gstRate: '18%',
      cgst: { rate: '9%', amount: '₹108.00' },
      sgst: { rate: '9%', amount: '₹108.00' },
      igst: null,
      amount: '₹1,416.00',
    });
    expect(doc.totals).toMatchObject({
      taxable: '₹1,200.00',
      cgst: '₹108.00',
      igst: null,
      roundOff: null,
      total: '₹1,416.00',
    });
    expect(doc.totals.inWords).toMatch(/One Thousand Four Hundred Sixteen/i);
    expect(doc.receipts).toEqual([
      expect.objectContaining({
        receiptNumber: 'RPUNE/26-27/0003',
        method: 'Cash',
        amount: '₹416.00',
      }),
    ]);
  });

  it('prints IGST to another state, and no tax on a bill of supply', () => {
    const igst = contractInvoiceDocument({
      invoice: { ...INSTALMENT, cgst: 0, sgst: 0, igst: 216 },
      reference: 'AMC-2026-000001',
    });
    expect(igst.intraState).toBe(false);
    expect(igst.lines[0]?.igst).toEqual({ rate: '18%', amount: '₹216.00' });
    expect(igst.totals.cgst).toBeNull();

    const supply = contractInvoiceDocument({
      invoice: {
        ...INSTALMENT,
        invoiceKind: 'bill-of-supply',
        cgst: 0,
        sgst: 0,
        taxable: 1200,
        total: 1200,
        paid: 1200,
        due: 0,
        paymentStatus: 'paid',
      },
      reference: 'AMC-2026-000001',
    });
    expect(supply).toMatchObject({ title: 'Bill of Supply', taxInvoice: false, hasDue: false });
    expect(supply.lines[0]).toMatchObject({ gstRate: null, cgst: null, igst: null });
    expect(supply.totals).toMatchObject({ cgst: null, sgst: null, igst: null, total: '₹1,200.00' });
  });

  it('draws a customer’s name and address in Hindi, shaped (issue 39 item 26)', async () => {
    const recipient = {
      ...INSTALMENT.recipient,
      name: 'श्रीमती क्षमा द्विवेदी',
      address: 'शुद्ध निवास, बाणेर\nपुणे',
    };
    const pdf = await contractInvoicePdf({
      invoice: { ...INSTALMENT, recipient },
      reference: 'AMC-2026-000001',
    });
    const runs = ['श्रीमती क्षमा द्विवेदी', 'शुद्ध निवास', 'बाणेर', 'पुणे'];
    expect(drawnDevanagari(pdf)).toEqual([...runs, ...runs]);
  });
});
