import type { Bill, BillLine } from '@karya/domain/bill-schemas';
import type { Invoice } from '@karya/domain/invoice-schemas';

/** Bills as the API answers them, for the tests of the customer's copy. */

const NO_TAX = {
  hsnSac: null,
  gstRate: null,
  priceIncludesTax: true,
  warranty: '',
  cgst: 0,
  sgst: 0,
  igst: 0,
} as const;

/** A bill confirmed before invoices existed: no invoice, no tax (issue 19 keeps its layout). */
export const LEGACY_BILL: Bill = {
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
      ...NO_TAX,
      taxable: 2500,
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
      ...NO_TAX,
      taxable: 37.5,
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
  tax: {
    intraState: true,
    placeOfSupply: null,
    taxable: 2537.5,
    cgst: 0,
    sgst: 0,
    igst: 0,
    roundOff: 0,
  },
  invoice: null,
  payments: [
    {
      _id: 'p-1',
      receiptNumber: 'RBILL/26-27/0001',
      amount: 1000,
      method: 'cash',
      transactionId: null,
      receivedAt: '2026-11-23T05:00:00.000Z',
      receivedBy: { _id: 't-1', firstName: 'Tarun', lastName: 'Shah' },
    },
  ],
  dueUpiLink: null,
};

const camera: BillLine = {
  _id: 'l-1',
  itemId: 'ITEM-1',
  itemObjectId: 'i-1',
  name: 'Dome Camera 4MP',
  type: 'serialized-product',
  unit: 'Piece',
  quantity: 1,
  serialNumber: 'CAM-00042',
  price: 2950,
  amount: 2950,
  hsnSac: '85258900',
  gstRate: 18,
  priceIncludesTax: true,
  warranty: '2 years',
  // 2950 / 1.18 = 2500; IGST 450.
  taxable: 2500,
  cgst: 0,
  sgst: 0,
  igst: 450,
};

const cable: BillLine = {
  _id: 'l-2',
  itemId: 'ITEM-2',
  itemObjectId: 'i-2',
  name: 'Coaxial Cable',
  type: 'generic-product',
  unit: 'Meter',
  quantity: 3,
  serialNumber: null,
  price: 12.5,
  amount: 37.5,
  ...NO_TAX,
  taxable: 37.5,
};

const invoice: Invoice = {
  number: 'PUNE/26-27/00007',
  kind: 'tax-invoice',
  date: '2026-11-23',
  financialYear: 2026,
  placeOfSupply: { code: '29', name: 'Karnataka' },
  supplier: {
    legalName: 'Shree Ganesh Security Systems Private Limited',
    tradeName: 'Ganesh Security',
    logo: null,
    address: 'Shop 4, MG Road\nPune 411001',
    phone: '020 2612 3456',
    email: 'accounts@ganesh.example',
    branchName: 'Pune Central',
    gstin: '27AAPFU0939F1ZV',
    state: { code: '27', name: 'Maharashtra' },
  },
  recipient: {
    name: 'Asha Rao',
    phone: '+919876543210',
    address: '14 Brigade Road, Bengaluru',
    state: { code: '29', name: 'Karnataka' },
    gstin: '29AAGCB7383J1Z4',
  },
  reverseCharge: false,
  totalInWords: 'Rupees Two Thousand Nine Hundred Eighty-Eight Only',
  cancelledAt: null,
  cancellationReason: null,
};

/**
 * A tax invoice to a customer in another state (IGST): a camera with HSN and 18 % inside its
 * price, a cable whose HSN and rate an admin has not set; ₹2,987.50 rounds to ₹2,988.
 */
export const IGST_BILL: Bill = {
  ...LEGACY_BILL,
  items: [camera, cable],
  total: 2988,
  paidAmount: 1000,
  dueAmount: 1988,
  upiPayee: { vpa: 'ganesh@okaxis', name: 'Ganesh Security' },
  upiLink:
    'upi://pay?pa=ganesh@okaxis&pn=Ganesh%20Security&am=2988.00&cu=INR&tn=Bill-WO-2026-000001',
  tax: {
    intraState: false,
    placeOfSupply: { code: '29', name: 'Karnataka' },
    taxable: 2537.5,
    cgst: 0,
    sgst: 0,
    igst: 450,
    roundOff: 0.5,
  },
  invoice,
  payments: [
    {
      _id: 'p-1',
      receiptNumber: 'RPUNE/26-27/0003',
      amount: 1000,
      method: 'cash',
      transactionId: null,
      receivedAt: '2026-11-23T05:00:00.000Z',
      receivedBy: { _id: 't-1', firstName: 'Tarun', lastName: 'Shah' },
    },
  ],
  dueUpiLink:
    'upi://pay?pa=ganesh@okaxis&pn=Ganesh%20Security&am=1988.00&cu=INR&tn=PUNE%2F26-27%2F00007',
};

/** The same sale within Maharashtra: CGST and SGST at 9 % each. */
export const INTRA_STATE_BILL: Bill = {
  ...IGST_BILL,
  items: [{ ...camera, igst: 0, cgst: 225, sgst: 225 }, cable],
  tax: {
    ...IGST_BILL.tax,
    intraState: true,
    placeOfSupply: { code: '27', name: 'Maharashtra' },
    cgst: 225,
    sgst: 225,
    igst: 0,
  },
  invoice: {
    ...invoice,
    placeOfSupply: { code: '27', name: 'Maharashtra' },
    recipient: { ...invoice.recipient, state: { code: '27', name: 'Maharashtra' }, gstin: null },
  },
};
