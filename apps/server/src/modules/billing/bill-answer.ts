import {
  BILL_MESSAGES,
  type Bill,
  type BillLine,
  buildUpiPaymentLink,
} from '@karya/domain/bill-schemas';
import {
  amountInWords,
  basisPointsToPercent,
  buildUpiDueLink,
  isIntraState,
  stateName,
} from '@karya/domain/gst';
import {
  type BillPayment,
  type Invoice,
  invoiceRecipientSchema,
  invoiceSupplierSchema,
} from '@karya/domain/invoice-schemas';
import { toRupees } from '@karya/domain/money';
import type { Database } from '../../db/client';
import { notFound } from '../../http/errors';
import { getBusinessProfile } from '../business';
import { supplierStateOf } from './bill-tax';
import {
  type BillRow,
  findBillRow,
  type LineRow,
  listLineRows,
  listPaymentRows,
  type PaymentRow,
} from './billing.queries';
import { effectivePayee, type PayeeDefaults } from './upi-payee';

/** How every bill endpoint answers a bill: rupees and percent on the wire (decision 020). */

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/** { code, name } of a GST state code; null when unknown. */
export function stateRef(code: string | null | undefined) {
  const name = stateName(code);
  return code && name ? { code, name } : null;
}

function toLine(row: LineRow): BillLine {
  return {
    _id: row.id,
    itemId: row.itemCode,
    itemObjectId: row.itemId,
    name: row.name,
    type: row.type,
    unit: row.unit,
    quantity: row.quantity,
    serialNumber: row.serialNumber,
    price: toRupees(row.pricePaise),
    amount: toRupees(row.amountPaise),
    hsnSac: row.hsnSac,
    gstRate: row.gstRateBp === null ? null : basisPointsToPercent(row.gstRateBp),
    priceIncludesTax: row.priceIncludesTax,
    warranty: row.warranty,
    taxable: toRupees(row.taxablePaise),
    cgst: toRupees(row.cgstPaise),
    sgst: toRupees(row.sgstPaise),
    igst: toRupees(row.igstPaise),
  };
}

function toPayment(row: PaymentRow): BillPayment {
  return {
    _id: row.id,
    receiptNumber: row.receiptNumber,
    amount: toRupees(row.amountPaise),
    method: row.method,
    transactionId: row.transactionId,
    receivedAt: iso(row.receivedAt),
    receivedBy:
      row.receivedById !== null
        ? {
            _id: row.receivedById,
            firstName: row.receivedByFirstName ?? '',
            lastName: row.receivedByLastName ?? '',
          }
        : null,
  };
}

function statusOf(row: BillRow): Bill['status'] {
  if (row.paidAt) return 'confirmed';
  return row.rejectedAt ? 'rejected' : 'pending';
}

/**
 * The invoice a confirmed bill became, from the snapshot taken at issue; null for a draft, a
 * rejected bill and a bill confirmed before invoices existed. The logo is the profile's now:
 * it is kept out of the snapshot (up to 200 KB a copy) and only a single bill carries it.
 */
function toInvoice(row: BillRow, logo: string | null): Invoice | null {
  if (
    row.invoiceNumber === null ||
    row.invoiceKind === null ||
    row.invoiceDate === null ||
    row.financialYear === null
  )
    return null;
  return {
    number: row.invoiceNumber,
    kind: row.invoiceKind,
    date: row.invoiceDate,
    financialYear: row.financialYear,
    placeOfSupply: stateRef(row.placeOfSupply),
    supplier: { ...invoiceSupplierSchema.parse(row.supplier), logo },
    recipient: invoiceRecipientSchema.parse(row.recipient),
    reverseCharge: false,
    totalInWords: amountInWords(row.totalPaise),
    cancelledAt: isoOrNull(row.cancelledAt),
    cancellationReason: row.cancellationReason,
  };
}

/** The state the bill is supplied from: the invoice's snapshot once issued, else the branch's. */
function supplierStateOfRow(row: BillRow): string | null {
  const snapshot = invoiceSupplierSchema.safeParse(row.supplier);
  if (snapshot.success && snapshot.data.state) return snapshot.data.state.code;
  return supplierStateOf({ stateCode: row.branchStateCode, gstin: row.branchGstin });
}

export function toBill(
  row: BillRow,
  lines: LineRow[],
  payments: PaymentRow[],
  defaults: PayeeDefaults,
  logo: string | null,
): Bill {
  const payee = effectivePayee(
    { name: row.branchName, upiVpa: row.branchUpiVpa, upiName: row.branchUpiName },
    defaults,
  );
  const total = toRupees(row.totalPaise);
  const confirmed = row.paidAt !== null;
  // An unconfirmed bill owes its whole total; a cancelled invoice owes nothing.
  const duePaise = row.cancelledAt !== null ? 0 : row.totalPaise - (confirmed ? row.paidPaise : 0);
  const dueNote = row.invoiceNumber ?? row.billNumber;
  return {
    _id: row.id,
    billId: row.id,
    billNumber: row.billNumber,
    status: statusOf(row),
    workOrderId: row.workOrderId,
    orderId: row.orderId,
    customerId: row.customerId,
    customerName: row.customerName,
    customerPhone: row.customerPhone,
    customerAddress: row.customerAddress,
    branch: {
      _id: row.branchId,
      name: row.branchName,
      address: row.branchAddress || row.branchLocation,
      phone: row.branchPhone,
    },
    technician:
      row.technicianId !== null
        ? {
            _id: row.technicianId,
            firstName: row.technicianFirstName ?? '',
            lastName: row.technicianLastName ?? '',
          }
        : null,
    items: lines.map(toLine),
    total,
    paidAmount: toRupees(row.paidPaise),
    dueAmount: toRupees(duePaise),
    paymentStatus: confirmed ? row.paymentStatus : 'unpaid',
    paymentMethod: row.paymentMethod,
    transactionId: row.transactionId,
    rejectionReason: row.rejectionReason,
    createdAt: iso(row.createdAt),
    paidAt: isoOrNull(row.paidAt),
    rejectedAt: isoOrNull(row.rejectedAt),
    upiPayee: payee,
    upiLink: payee ? buildUpiPaymentLink({ ...payee, amount: total, orderId: row.orderId }) : null,
    tax: {
      intraState: isIntraState(supplierStateOfRow(row), row.placeOfSupply),
      placeOfSupply: stateRef(row.placeOfSupply),
      taxable: toRupees(row.taxablePaise),
      cgst: toRupees(row.cgstPaise),
      sgst: toRupees(row.sgstPaise),
      igst: toRupees(row.igstPaise),
      roundOff: toRupees(row.roundOffPaise),
    },
    invoice: toInvoice(row, logo),
    payments: payments.map(toPayment),
    dueUpiLink:
      confirmed && duePaise > 0 && payee && dueNote
        ? buildUpiDueLink({ ...payee, amountPaise: duePaise, note: dueNote })
        : null,
  };
}

/** Bills of a list: their lines and payments in two queries; no logo (see toInvoice). */
export async function billsOf(
  db: Database,
  rows: BillRow[],
  defaults: PayeeDefaults,
  logo: string | null = null,
): Promise<Bill[]> {
  const ids = rows.map((row) => row.id);
  const [lines, payments] = await Promise.all([listLineRows(db, ids), listPaymentRows(db, ids)]);
  return rows.map((row) =>
    toBill(
      row,
      lines.filter((line) => line.billId === row.id),
      payments.filter((payment) => payment.billId === row.id),
      defaults,
      logo,
    ),
  );
}

/** One bill, with the business's logo on its invoice. */
export async function billOf(db: Database, id: string, defaults: PayeeDefaults): Promise<Bill> {
  const row = await findBillRow(db, id);
  if (!row) throw notFound(BILL_MESSAGES.billNotFound);
  const { logo } = await getBusinessProfile(db);
  const [bill] = await billsOf(db, [row], defaults, row.invoiceNumber ? logo : null);
  if (!bill) throw notFound(BILL_MESSAGES.billNotFound);
  return bill;
}
