import {
  BILL_MESSAGES,
  type Bill,
  PAYMENT_HISTORY_STATUS,
  paymentStatusOf,
} from '@karya/domain/bill-schemas';
import { creditNoteReversal } from '@karya/domain/credit-note';
import { isIntraState } from '@karya/domain/gst';
import {
  type CancelInvoiceInput,
  INVOICE_MESSAGES,
  type IssueCorrectedInvoiceInput,
} from '@karya/domain/invoice-schemas';
import { formatRupees, toPaise } from '@karya/domain/money';
import type { PaymentMethod } from '@karya/domain/payment-methods';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../audit/record-audit';
import type { Actor } from '../../auth/guard';
import { inScope, type Scope } from '../../auth/scope';
import type { Database, Tx } from '../../db/client';
import {
  billLines,
  billPayments,
  billRefunds,
  bills,
  creditNoteLines,
  creditNotes,
} from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { findItemRow } from '../inventory';
import { addDailySales, collectedDelta, invoicedDelta } from '../report-rollups';
import { appendHistory, touchWorkOrder } from '../work-orders';
import { billOf, supplierStateOfRow } from './bill-answer';
import { taxBill } from './bill-tax';
import {
  type BillRow,
  findBillRow,
  listLineRows,
  listPaymentRows,
  type PaymentRow,
  transactionIdUsed,
} from './billing.queries';
import { nextBillNumber } from './billing.service';
import { findCorrection, sumRefundedPaise } from './cancellation.queries';
import {
  issueContextOf,
  nextInvoiceNumber,
  nextSeriesNumber,
  recipientSnapshot,
  supplierSnapshot,
  taxSettingOf,
  withTransactionIdGuard,
} from './invoice-issue';
import { lockBillBehindOrder } from './payments.service';
import type { PayeeDefaults } from './upi-payee';

/**
 * A cancelled invoice's money, its credit note and the corrected invoice (issue 39 item 6,
 * decision 041). Every change locks the order's row and then the bill's, as every bill change
 * does, so a cancellation, a payment and a correction of one bill queue instead of racing.
 */

/** Admins and the managers of the bill's branch; anyone else reads it as absent. */
async function deskBill(db: Database, scope: Scope, billId: string): Promise<BillRow> {
  const found = await findBillRow(db, billId);
  const mayChange = found !== null && scope.kind !== 'own' && inScope(scope, found.branchId);
  if (!found || !mayChange) throw notFound(BILL_MESSAGES.billNotFound);
  return found;
}

const METHOD_WORDS: Record<PaymentMethod, string> = { cash: 'cash', online: 'UPI' };

/** 'cash, receipt RKOT/26-27/0001; UPI, receipt RKOT/26-27/0002'. */
function howReceived(payments: PaymentRow[]): string {
  return payments
    .map((payment) => `${METHOD_WORDS[payment.method]}, receipt ${payment.receiptNumber}`)
    .join('; ');
}

interface RefundGiven {
  billId: string;
  branchId: string;
  amountPaise: number;
  method: PaymentMethod;
  transactionId: string | null;
  by: string;
  at: Date;
}

/** A refund voucher in the branch's refund series; a UPI refund's id pays nothing else. */
async function recordRefund(tx: Tx, refund: RefundGiven): Promise<string> {
  if (refund.transactionId && (await transactionIdUsed(tx, refund.transactionId))) {
    throw conflict(INVOICE_MESSAGES.transactionIdUsed);
  }
  const { number: voucherNumber } = await nextSeriesNumber(
    tx,
    refund.branchId,
    refund.at,
    'refund',
  );
  await tx.insert(billRefunds).values({
    billId: refund.billId,
    voucherNumber,
    amountPaise: refund.amountPaise,
    method: refund.method,
    transactionId: refund.transactionId,
    refundedBy: refund.by,
    refundedAt: refund.at,
  });
  // Money given back leaves the day's collections, by the method it went out (issue 38).
  await addDailySales(
    tx,
    refund.branchId,
    refund.at,
    collectedDelta(refund.method, -refund.amountPaise),
  );
  return voucherNumber;
}

/**
 * The credit note of a cancelled Tax Invoice: every line taken back head by head by the one
 * tax function (creditNoteReversal), numbered in the branch's credit-note series of the
 * cancellation's financial year.
 */
async function issueCreditNote(
  tx: Tx,
  found: BillRow,
  reason: string,
  by: string,
  at: Date,
): Promise<string> {
  const lines = await listLineRows(tx, [found.id]);
  const intraState = isIntraState(supplierStateOfRow(found), found.placeOfSupply);
  const reversal = creditNoteReversal(
    lines.map((line) => ({
      pricePaise: line.pricePaise,
      quantity: line.quantity,
      gstRateBp: line.gstRateBp,
      priceIncludesTax: line.priceIncludesTax,
      printed: {
        taxablePaise: line.taxablePaise,
        cgstPaise: line.cgstPaise,
        sgstPaise: line.sgstPaise,
        igstPaise: line.igstPaise,
      },
    })),
    intraState,
  );
  const { number, date, financialYear } = await nextSeriesNumber(
    tx,
    found.branchId,
    at,
    'credit-note',
  );
  const { totals } = reversal;
  const [note] = await tx
    .insert(creditNotes)
    .values({
      billId: found.id,
      branchId: found.branchId,
      number,
      date,
      financialYear,
      reason,
      taxablePaise: totals.taxablePaise,
      cgstPaise: totals.cgstPaise,
      sgstPaise: totals.sgstPaise,
      igstPaise: totals.igstPaise,
      roundOffPaise: totals.roundOffPaise,
      totalPaise: totals.totalPaise,
      issuedBy: by,
      issuedAt: at,
    })
    .returning({ id: creditNotes.id });
  if (!note) throw new Error('credit note insert returned no row');
  // The register counts the note negative on its own date, in its branch (issue 38).
  await addDailySales(tx, found.branchId, date, invoicedDelta(totals, -1));
  if (lines.length > 0) {
    await tx.insert(creditNoteLines).values(
      lines.map((line, position) => {
        const taken = reversal.lines[position];
        if (!taken) throw new Error('a credit note line lost its tax');
        return {
          creditNoteId: note.id,
          position,
          billLineId: line.id,
          name: line.name,
          type: line.type,
          unit: line.unit,
          quantity: line.quantity,
          hsnSac: line.hsnSac,
          gstRateBp: line.gstRateBp,
          taxablePaise: taken.taxablePaise,
          cgstPaise: taken.cgstPaise,
          sgstPaise: taken.sgstPaise,
          igstPaise: taken.igstPaise,
          totalPaise: taken.totalPaise,
        };
      }),
    );
  }
  return number;
}

/**
 * POST /api/cancel-invoice: the invoice stays, numbered and marked cancelled, so the series
 * has no gap; it leaves the dues and takes no payment. Money received on it must be either
 * refunded (a voucher) or kept as the customer's advance for the corrected invoice: without
 * that choice the cancellation is refused and nothing changes. A Tax Invoice is reversed by a
 * credit note. What was installed stays at the customer: taking stock back is a return.
 */
export async function cancelInvoice(
  db: Database,
  actor: Actor,
  scope: Scope,
  input: CancelInvoiceInput,
  defaults: PayeeDefaults,
): Promise<Bill> {
  const found = await deskBill(db, scope, input.billId);
  await withTransactionIdGuard(() =>
    db.transaction(async (tx) => {
      const bill = await lockBillBehindOrder(tx, found);
      if (!bill.paidAt) throw conflict(INVOICE_MESSAGES.notAnInvoice);
      if (bill.cancelledAt) throw conflict(INVOICE_MESSAGES.invoiceAlreadyCancelled);
      const received = bill.paidPaise;
      const { money } = input;
      if (received > 0 && !money) {
        const payments = await listPaymentRows(tx, [bill.id]);
        throw conflict(
          INVOICE_MESSAGES.paidInvoiceNeedsChoice(formatRupees(received), howReceived(payments)),
        );
      }
      if (received === 0 && money) throw conflict(INVOICE_MESSAGES.nothingReceived);
      if (money && toPaise(money.amount) !== received) {
        throw conflict(INVOICE_MESSAGES.moneyChoiceAmount(formatRupees(received)));
      }

      const at = new Date();
      let voucherNumber: string | null = null;
      if (money?.outcome === 'refund') {
        if (!money.method) throw badRequest(INVOICE_MESSAGES.refundMethodRequired);
        voucherNumber = await recordRefund(tx, {
          billId: bill.id,
          branchId: found.branchId,
          amountPaise: received,
          method: money.method,
          transactionId: money.method === 'online' ? money.transactionId : null,
          by: actor.id,
          at,
        });
      }
      await tx
        .update(bills)
        .set({
          cancelledAt: at,
          cancelledBy: actor.id,
          cancellationReason: input.reason,
          cancelledMoney: money?.outcome ?? null,
        })
        .where(eq(bills.id, bill.id));
      const creditNoteNumber =
        bill.invoiceKind === 'tax-invoice' && bill.invoiceNumber
          ? await issueCreditNote(tx, found, input.reason, actor.id, at)
          : null;
      // Without a credit note the register stops counting the invoice on its own date
      // (countsInRegister): the owner's sales report takes it out of that day (issue 38).
      if (creditNoteNumber === null && bill.invoiceNumber && bill.invoiceDate) {
        await addDailySales(tx, found.branchId, bill.invoiceDate, invoicedDelta(bill, -1));
      }
      await touchWorkOrder(tx, bill.workOrderId);
      const document = bill.invoiceNumber ?? bill.billNumber ?? found.orderId;
      const outcome =
        voucherNumber !== null
          ? `, ${formatRupees(received)} refunded (${voucherNumber})`
          : money?.outcome === 'advance'
            ? `, ${formatRupees(received)} kept as advance`
            : '';
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'invoice.cancel',
        entityType: 'bill',
        entityId: bill.id,
        summary: `${document} cancelled: ${input.reason}${outcome}${creditNoteNumber ? `; credit note ${creditNoteNumber}` : ''}`,
        changes: {
          reason: input.reason,
          paidPaise: bill.paidPaise,
          totalPaise: bill.totalPaise,
          money: money?.outcome ?? null,
          refundVoucher: voucherNumber,
          creditNote: creditNoteNumber,
        },
      });
    }),
  );
  return billOf(db, found.id, defaults);
}

/** Every line of the cancelled invoice, each once, and nothing else. */
function matchLines<L extends { id: string }>(
  original: L[],
  wanted: IssueCorrectedInvoiceInput['lines'],
) {
  const byId = new Map(original.map((line) => [line.id, line]));
  const seen = new Set<string>();
  const matched = wanted.map((line) => {
    const from = byId.get(line.lineId);
    if (!from || seen.has(line.lineId)) throw badRequest(INVOICE_MESSAGES.correctedLinesMismatch);
    seen.add(line.lineId);
    return { from, name: line.name, pricePaise: toPaise(line.price) };
  });
  if (seen.size !== original.length) throw badRequest(INVOICE_MESSAGES.correctedLinesMismatch);
  return matched;
}

/**
 * POST /api/issue-corrected-invoice: the cancelled invoice's job billed again, once. The same
 * lines with the prices and descriptions given, quantities and serials as they went to the
 * customer; no stock moves (the first bill moved it). Taxed as a bill made now would be: the
 * catalogue's HSN/SAC and rate, the branch's registration and the customer's state today. A
 * new number in the branch's invoice series; an advance kept from the cancelled invoice is
 * applied as its payment, the part of it over the new total refunded with a voucher.
 */
export async function issueCorrectedInvoice(
  db: Database,
  actor: Actor,
  scope: Scope,
  input: IssueCorrectedInvoiceInput,
  defaults: PayeeDefaults,
): Promise<Bill> {
  const found = await deskBill(db, scope, input.billId);
  const billId = await withTransactionIdGuard(() =>
    db.transaction(async (tx) => {
      const cancelled = await lockBillBehindOrder(tx, found);
      if (!cancelled.paidAt || !cancelled.cancelledAt) {
        throw conflict(INVOICE_MESSAGES.notCancelledInvoice);
      }
      const correction = await findCorrection(tx, cancelled.id);
      if (correction) {
        throw conflict(INVOICE_MESSAGES.alreadyCorrected(correction.invoiceNumber ?? ''));
      }
      const originalLines = await listLineRows(tx, [cancelled.id]);
      const lines = matchLines(originalLines, input.lines);
      const catalogue = await Promise.all(lines.map((line) => findItemRow(tx, line.from.itemId)));

      const context = await issueContextOf(tx, cancelled.workOrderId, found.branchId);
      const taxing = taxBill(
        taxSettingOf(context),
        lines.map((line, index) => ({
          amountPaise: line.pricePaise * line.from.quantity,
          gstRateBp: catalogue[index]?.gstRateBp ?? line.from.gstRateBp,
          priceIncludesTax: line.from.priceIncludesTax,
        })),
      );
      const { totals } = taxing;

      // The advance kept: what was received on the cancelled invoice, less any refund of it.
      const payments = await listPaymentRows(tx, [cancelled.id]);
      const advance =
        cancelled.cancelledMoney === 'advance'
          ? cancelled.paidPaise - (await sumRefundedPaise(tx, cancelled.id))
          : 0;
      const applied = Math.min(advance, totals.totalPaise);
      const excess = advance - applied;
      if (excess > 0 && !input.refund) {
        throw conflict(
          INVOICE_MESSAGES.advanceOverTotal(formatRupees(advance), formatRupees(totals.totalPaise)),
        );
      }

      const at = new Date();
      const billNumber = await nextBillNumber(tx, found.branchId, at);
      const invoice = await nextInvoiceNumber(tx, found.branchId, at);
      const [bill] = await tx
        .insert(bills)
        .values({
          billNumber,
          workOrderId: cancelled.workOrderId,
          technicianId: cancelled.technicianId,
          totalPaise: totals.totalPaise,
          paidPaise: applied,
          paymentStatus: paymentStatusOf(totals.totalPaise, applied),
          paymentMethod: applied > 0 ? (payments[0]?.method ?? null) : null,
          paidAt: at,
          confirmedBy: actor.id,
          invoiceNumber: invoice.number,
          invoiceKind: taxing.kind,
          invoiceDate: invoice.date,
          financialYear: invoice.financialYear,
          placeOfSupply: taxing.placeOfSupply,
          supplier: supplierSnapshot(context),
          recipient: recipientSnapshot(context, taxing.placeOfSupply),
          taxablePaise: totals.taxablePaise,
          cgstPaise: totals.cgstPaise,
          sgstPaise: totals.sgstPaise,
          igstPaise: totals.igstPaise,
          roundOffPaise: totals.roundOffPaise,
          correctsBillId: cancelled.id,
        })
        .returning({ id: bills.id });
      if (!bill) throw new Error('corrected bill insert returned no row');
      // The corrected invoice counts on its date (issue 38); the advance applied below was
      // collected when it was received, so it adds nothing to the collections.
      await addDailySales(tx, found.branchId, invoice.date, invoicedDelta(totals));
      await tx.insert(billLines).values(
        lines.map((line, position) => {
          const tax = taxing.lines[position];
          const item = catalogue[position];
          if (!tax) throw new Error('a corrected line lost its tax');
          return {
            billId: bill.id,
            position,
            itemId: line.from.itemId,
            name: line.name,
            type: line.from.type,
            unit: line.from.unit,
            serialNumber: line.from.serialNumber,
            quantity: line.from.quantity,
            pricePaise: line.pricePaise,
            amountPaise: tax.totalPaise,
            hsnSac: item?.hsnSac ?? line.from.hsnSac,
            gstRateBp: item?.gstRateBp ?? line.from.gstRateBp,
            priceIncludesTax: line.from.priceIncludesTax,
            warranty: line.from.warranty,
            taxablePaise: tax.taxablePaise,
            cgstPaise: tax.cgstPaise,
            sgstPaise: tax.sgstPaise,
            igstPaise: tax.igstPaise,
          };
        }),
      );

      // The advance is applied receipt by receipt, each under the receipt it came in on.
      let left = applied;
      for (const payment of payments) {
        if (left <= 0) break;
        const amountPaise = Math.min(left, payment.amountPaise);
        left -= amountPaise;
        await tx.insert(billPayments).values({
          billId: bill.id,
          receiptNumber: payment.receiptNumber,
          amountPaise,
          method: payment.method,
          transactionId: null,
          receivedBy: payment.receivedById,
          receivedAt: payment.receivedAt,
          advanceOfBillId: cancelled.id,
        });
      }
      let voucherNumber: string | null = null;
      if (excess > 0 && input.refund) {
        voucherNumber = await recordRefund(tx, {
          billId: cancelled.id,
          branchId: found.branchId,
          amountPaise: excess,
          method: input.refund.method,
          transactionId: input.refund.method === 'online' ? input.refund.transactionId : null,
          by: actor.id,
          at,
        });
      }

      const cancelledNumber = cancelled.invoiceNumber ?? cancelled.billNumber ?? found.orderId;
      await appendHistory(tx, {
        workOrderId: cancelled.workOrderId,
        status: PAYMENT_HISTORY_STATUS,
        remark: `Corrected invoice ${invoice.number} issued for cancelled ${cancelledNumber}: ${formatRupees(totals.totalPaise)}${applied > 0 ? `, advance ${formatRupees(applied)} applied` : ''}`,
        updatedBy: actor.id,
      });
      await touchWorkOrder(tx, cancelled.workOrderId);
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'invoice.correct',
        entityType: 'bill',
        entityId: bill.id,
        summary: `${invoice.number} corrects cancelled ${cancelledNumber}: ${formatRupees(totals.totalPaise)}, ${formatRupees(applied)} of advance applied${voucherNumber ? `, ${formatRupees(excess)} refunded (${voucherNumber})` : ''}`,
        changes: {
          corrects: cancelled.id,
          totalPaise: totals.totalPaise,
          advanceAppliedPaise: applied,
          refundVoucher: voucherNumber,
          invoiceKind: taxing.kind,
        },
      });
      return bill.id;
    }),
  );
  return billOf(db, billId, defaults);
}
