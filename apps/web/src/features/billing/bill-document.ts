import type { Bill } from '@karya/domain/bill-schemas';
import { toPaise } from '@karya/domain/money';

import { PAYMENT_METHOD_LABELS } from './billing-messages';
import { formatRupees } from './billing-money';

const billDate = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' });
const STATUS_WORDS = { paid: 'Paid', partial: 'Partially paid', unpaid: 'Unpaid' } as const;

export interface BillDocumentLine {
  key: string;
  number: number;
  name: string;
  serialNumber: string | null;
  quantity: string;
  rate: string;
  amount: string;
}

/**
 * What the customer's copy of a bill confirmed before invoices existed says (issue 19 keeps
 * its layout), in one place for the page and the PDF; both print '₹' (decision 023).
 */
export interface BillDocument {
  /** The shop the customer deals with (issue 15: the bill names the business, not the software). */
  branchName: string;
  branchAddress: string;
  branchPhone: string;
  /** 'Draft' until the payment is confirmed and the bill gets its number. */
  billNumber: string;
  date: string;
  customerName: string;
  customerPhone: string;
  customerAddress: string;
  orderId: string;
  technicianName: string;
  lines: BillDocumentLine[];
  total: string;
  paid: string;
  due: string;
  paymentStatus: string;
  paymentMethod: string;
  transactionId: string | null;
}

export function billDocument(
  bill: Bill,
  money: (paise: number) => string = formatRupees,
): BillDocument {
  const date = new Date(bill.paidAt ?? bill.createdAt);
  return {
    branchName: bill.branch.name,
    branchAddress: bill.branch.address,
    branchPhone: bill.branch.phone,
    billNumber: bill.billNumber ?? 'Draft',
    date: Number.isNaN(date.getTime()) ? '' : billDate.format(date),
    customerName: bill.customerName,
    customerPhone: bill.customerPhone,
    customerAddress: bill.customerAddress,
    orderId: bill.orderId,
    technicianName: bill.technician
      ? `${bill.technician.firstName} ${bill.technician.lastName}`.trim()
      : '',
    lines: bill.items.map((line, index) => ({
      key: line._id,
      number: index + 1,
      name: line.name,
      serialNumber: line.serialNumber,
      quantity: `${line.quantity} ${line.unit}`.trim(),
      rate: money(toPaise(line.price)),
      amount: money(toPaise(line.amount)),
    })),
    total: money(toPaise(bill.total)),
    paid: money(toPaise(bill.paidAmount)),
    due: money(toPaise(bill.dueAmount)),
    paymentStatus: STATUS_WORDS[bill.paymentStatus],
    paymentMethod: bill.paymentMethod ? PAYMENT_METHOD_LABELS[bill.paymentMethod] : 'Not paid yet',
    transactionId: bill.transactionId,
  };
}
