import {
  financialYearOf,
  formatCreditNoteNumber,
  formatInvoiceNumber,
  formatReceiptNumber,
  formatRefundVoucherNumber,
  indiaDate,
} from '@karya/domain/gst';
import {
  INVOICE_MESSAGES,
  type InvoiceRecipient,
  type InvoiceSupplier,
} from '@karya/domain/invoice-schemas';
import type { PaymentMethod } from '@karya/domain/payment-methods';
import type { Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { conflict } from '../../http/errors';
import { type BranchTaxIdentity, ensureInvoicePrefix, findBranchTaxIdentity } from '../branches';
import { getBusinessProfile } from '../business';
import { addDailySales, collectedDelta } from '../report-rollups';
import { stateRef } from './bill-answer';
import { supplierStateOf, type TaxSetting } from './bill-tax';
import {
  type DocumentSeries,
  findRecipientContext,
  insertPayment,
  nextDocumentNumber,
} from './billing.queries';

/**
 * What an invoice is made of at the moment it is issued (decision 020): the business and
 * branch as supplier, the customer and site as recipient, and the numbers of the branch's
 * financial-year series, all inside the confirming or paying transaction.
 */

export interface IssueContext {
  business: Awaited<ReturnType<typeof getBusinessProfile>>;
  branch: BranchTaxIdentity;
  recipient: Awaited<ReturnType<typeof findRecipientContext>>;
}

export async function issueContextOf(
  tx: Tx,
  workOrderId: string,
  branchId: string,
): Promise<IssueContext> {
  const [business, branch, recipient] = [
    await getBusinessProfile(tx),
    await findBranchTaxIdentity(tx, branchId),
    await findRecipientContext(tx, workOrderId),
  ];
  if (!branch) throw new Error(`branch ${branchId} not found`);
  return { business, branch, recipient };
}

export function taxSettingOf(context: IssueContext): TaxSetting {
  return {
    businessGstRegistered: context.business.gstRegistered,
    branchGstin: context.branch.gstin,
    branchStateCode: context.branch.stateCode,
    siteStateCode: context.recipient.siteStateCode,
    customerStateCode: context.recipient.customerStateCode,
  };
}

/** The seller as printed; the logo stays in the profile (see toInvoice). */
export function supplierSnapshot(context: IssueContext): InvoiceSupplier {
  const { business, branch } = context;
  return {
    legalName: business.legalName,
    tradeName: business.tradeName,
    logo: null,
    address: branch.address || business.address,
    phone: branch.phone || business.phone,
    email: business.email,
    branchName: branch.name,
    gstin: branch.gstin,
    state: stateRef(supplierStateOf(branch)),
  };
}

/** The buyer as printed: the site's address when the work is done elsewhere. */
export function recipientSnapshot(
  context: IssueContext,
  placeOfSupply: string | null,
): InvoiceRecipient {
  const { recipient } = context;
  return {
    name: recipient.customerName,
    phone: recipient.customerPhone,
    address: recipient.siteAddress || recipient.customerAddress,
    state: stateRef(placeOfSupply),
    gstin: recipient.customerGstin,
  };
}

export interface IssuedNumber {
  number: string;
  /** India's date, 'YYYY-MM-DD'. */
  date: string;
  financialYear: number;
}

const SERIES_FORMATS: Record<
  DocumentSeries,
  (prefix: string, yearLabel: string, n: number) => string
> = {
  invoice: formatInvoiceNumber,
  receipt: formatReceiptNumber,
  'credit-note': formatCreditNoteNumber,
  refund: formatRefundVoucherNumber,
};

/**
 * The branch's next number in one of its document series (invoices, receipts, credit notes,
 * refund vouchers), of the financial year of `at` (India's date), with that date and year.
 */
export async function nextSeriesNumber(
  tx: Tx,
  branchId: string,
  at: Date,
  series: DocumentSeries,
): Promise<IssuedNumber> {
  const prefix = await ensureInvoicePrefix(tx, branchId);
  const year = financialYearOf(at);
  const n = await nextDocumentNumber(tx, branchId, year.startYear, series);
  return {
    number: SERIES_FORMATS[series](prefix, year.label, n),
    date: indiaDate(at),
    financialYear: year.startYear,
  };
}

/** The branch's next invoice number of the financial year of `at` (India's date). */
export function nextInvoiceNumber(tx: Tx, branchId: string, at: Date): Promise<IssuedNumber> {
  return nextSeriesNumber(tx, branchId, at, 'invoice');
}

/** A receipt for money received against a bill, numbered in the branch's receipt series. */
export async function recordReceipt(
  tx: Tx,
  receipt: {
    billId: string;
    branchId: string;
    amountPaise: number;
    method: PaymentMethod;
    transactionId: string | null;
    receivedBy: string;
    at: Date;
  },
): Promise<string> {
  const receiptNumber = await nextReceiptNumber(tx, receipt.branchId, receipt.at);
  await insertPayment(tx, {
    billId: receipt.billId,
    receiptNumber,
    amountPaise: receipt.amountPaise,
    method: receipt.method,
    transactionId: receipt.transactionId,
    receivedBy: receipt.receivedBy,
    receivedAt: receipt.at,
  });
  // Collected on the India day it was received, in the bill's branch (issue 38).
  await addDailySales(
    tx,
    receipt.branchId,
    receipt.at,
    collectedDelta(receipt.method, receipt.amountPaise),
  );
  return receiptNumber;
}

/**
 * The next number of the branch's receipt series for a payment received at `at`: a bill's
 * receipt and a maintenance contract invoice's share it (decision 037).
 */
export async function nextReceiptNumber(tx: Tx, branchId: string, at: Date): Promise<string> {
  return (await nextSeriesNumber(tx, branchId, at, 'receipt')).number;
}

/**
 * A UPI transaction id is checked before it is recorded; two requests racing with the same id
 * both pass that check, and the unique index refuses the later one: the same answer.
 */
export async function withTransactionIdGuard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (
      isUniqueViolation(error, 'bill_payments_transaction_key') ||
      isUniqueViolation(error, 'amc_invoice_payments_transaction_key') ||
      isUniqueViolation(error, 'bill_refunds_transaction_key') ||
      isUniqueViolation(error, 'quotations_advance_transaction_key')
    ) {
      throw conflict(INVOICE_MESSAGES.transactionIdUsed);
    }
    throw error;
  }
}
