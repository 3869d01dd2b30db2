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
  type CreditNote,
  type Invoice,
  type InvoiceCancellation,
  invoiceRecipientSchema,
  invoiceSupplierSchema,
  type RefundVoucher,
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
import {
  type CorrectionRow,
  type CreditNoteLineRow,
  type CreditNoteRow,
  listCorrectionRows,
  listCreditNoteLineRows,
  listCreditNoteRows,
  listRefundRows,
  type RefundRow,
} from './cancellation.queries';
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
    ...(row.advanceOfBillId !== null
      ? { advanceOf: { billId: row.advanceOfBillId, number: row.advanceOfNumber ?? '' } }
      : {}),
  };
}

/** What a cancelled invoice became and what a corrected one corrects (decision 041). */
export interface BillAftermath {
  refunds: RefundRow[];
  creditNote: (CreditNoteRow & { lines: CreditNoteLineRow[] }) | null;
  corrections: CorrectionRow[];
}
const NO_AFTERMATH: BillAftermath = { refunds: [], creditNote: null, corrections: [] };

function toRefund(row: RefundRow): RefundVoucher {
  return {
    _id: row.id,
    voucherNumber: row.voucherNumber,
    amount: toRupees(row.amountPaise),
    method: row.method,
    transactionId: row.transactionId,
    refundedAt: iso(row.refundedAt),
    refundedBy:
      row.refundedById !== null
        ? {
            _id: row.refundedById,
            firstName: row.refundedByFirstName ?? '',
            lastName: row.refundedByLastName ?? '',
          }
        : null,
  };
}

function toCreditNote(
  row: BillRow,
  note: CreditNoteRow & { lines: CreditNoteLineRow[] },
): CreditNote {
  return {
    _id: note.id,
    number: note.number,
    date: note.date,
    financialYear: note.financialYear,
    reason: note.reason,
    invoiceNumber: row.invoiceNumber ?? '',
    invoiceDate: row.invoiceDate ?? '',
    lines: note.lines.map((line) => ({
      name: line.name,
      unit: line.unit,
      quantity: line.quantity,
      hsnSac: line.hsnSac,
      gstRate: line.gstRateBp === null ? null : basisPointsToPercent(line.gstRateBp),
      taxable: toRupees(line.taxablePaise),
      cgst: toRupees(line.cgstPaise),
      sgst: toRupees(line.sgstPaise),
      igst: toRupees(line.igstPaise),
      total: toRupees(line.totalPaise),
    })),
    taxable: toRupees(note.taxablePaise),
    cgst: toRupees(note.cgstPaise),
    sgst: toRupees(note.sgstPaise),
    igst: toRupees(note.igstPaise),
    roundOff: toRupees(note.roundOffPaise),
    total: toRupees(note.totalPaise),
    totalInWords: amountInWords(note.totalPaise),
  };
}

function cancellationOf(row: BillRow, aftermath: BillAftermath): InvoiceCancellation | null {
  if (row.cancelledAt === null) return null;
  const refundedPaise = aftermath.refunds.reduce((sum, refund) => sum + refund.amountPaise, 0);
  const correction = aftermath.corrections.find((c) => c.cancelledId === row.id) ?? null;
  return {
    money: row.cancelledMoney,
    received: toRupees(row.paidPaise),
    refunds: aftermath.refunds.map(toRefund),
    advanceHeld:
      row.cancelledMoney === 'advance' && correction === null
        ? toRupees(row.paidPaise - refundedPaise)
        : 0,
    creditNote: aftermath.creditNote ? toCreditNote(row, aftermath.creditNote) : null,
    correctedBy: correction
      ? {
          billId: correction.correctedId,
          number: correction.correctedNumber,
          date: correction.correctedDate,
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
function toInvoice(row: BillRow, logo: string | null, aftermath: BillAftermath): Invoice | null {
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
    // Only a cancelled invoice and a corrected one carry these: a standing invoice reads as before.
    ...(row.cancelledAt !== null ? { cancellation: cancellationOf(row, aftermath) } : {}),
    ...(row.correctsBillId !== null ? { corrects: correctsOf(row, aftermath) } : {}),
  };
}

function correctsOf(row: BillRow, aftermath: BillAftermath): Invoice['corrects'] {
  if (row.correctsBillId === null) return null;
  const link = aftermath.corrections.find((c) => c.correctedId === row.id);
  return link
    ? { billId: link.cancelledId, number: link.cancelledNumber, date: link.cancelledDate }
    : null;
}

/** The state the bill is supplied from: the invoice's snapshot once issued, else the branch's. */
export function supplierStateOfRow(
  row: Pick<BillRow, 'supplier' | 'branchStateCode' | 'branchGstin'>,
): string | null {
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
  aftermath: BillAftermath = NO_AFTERMATH,
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
    invoice: toInvoice(row, logo, aftermath),
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
  // Only a cancelled or corrected invoice has an aftermath: most lists ask for none.
  const cancelled = rows.filter((row) => row.cancelledAt !== null).map((row) => row.id);
  const linked = rows
    .filter((row) => row.cancelledAt !== null || row.correctsBillId !== null)
    .map((row) => row.id);
  const [lines, payments, refunds, notes, corrections] = await Promise.all([
    listLineRows(db, ids),
    listPaymentRows(db, ids),
    listRefundRows(db, cancelled),
    listCreditNoteRows(db, cancelled),
    listCorrectionRows(db, linked),
  ]);
  const noteLines = await listCreditNoteLineRows(
    db,
    notes.map((note) => note.id),
  );
  return rows.map((row) => {
    const note = notes.find((n) => n.billId === row.id);
    return toBill(
      row,
      lines.filter((line) => line.billId === row.id),
      payments.filter((payment) => payment.billId === row.id),
      defaults,
      logo,
      {
        refunds: refunds.filter((refund) => refund.billId === row.id),
        creditNote: note
          ? { ...note, lines: noteLines.filter((line) => line.creditNoteId === note.id) }
          : null,
        corrections,
      },
    );
  });
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
