import {
  BILL_MESSAGES,
  type Bill,
  PAYMENT_HISTORY_STATUS,
  paymentStatusOf,
} from '@karya/domain/bill-schemas';
import { INVOICE_MESSAGES, type RecordBillPaymentInput } from '@karya/domain/invoice-schemas';
import { formatRupees, toPaise } from '@karya/domain/money';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../audit/record-audit';
import type { Actor } from '../../auth/guard';
import { inScope, type Scope } from '../../auth/scope';
import type { Database, Tx } from '../../db/client';
import { bills } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { enqueueCustomerUpdate } from '../update-outbox';
import { appendHistory, lockWorkOrder, touchWorkOrder } from '../work-orders';
import { billOf } from './bill-answer';
import {
  type BillRow,
  findBillRow,
  lockBill,
  transactionIdUsed,
  visitsCustomer,
} from './billing.queries';
import { recordReceipt, withTransactionIdGuard } from './invoice-issue';
import type { PayeeDefaults } from './upi-payee';

/**
 * Money received after confirmation (issue 19, decision 020). It locks the order's row and then
 * the bill's, the order every bill change takes (cancellation.service.ts too), so a payment, a
 * cancellation and a late confirmation of the same bill queue instead of deadlock.
 */

/**
 * Who may take a later payment: admins; the managers of the bill's branch; a technician of
 * that branch who made the bill or is visiting the customer on an open order of theirs.
 */
async function mayTakePayment(db: Database, scope: Scope, bill: BillRow): Promise<boolean> {
  if (!inScope(scope, bill.branchId)) return false;
  if (scope.kind !== 'own') return true;
  const { technicianId } = scope;
  return bill.technicianId === technicianId || visitsCustomer(db, technicianId, bill.customerId);
}

/**
 * The bill's row locked behind its order's, as it is now: payments, cancellations and
 * corrections of one bill queue here instead of deadlocking.
 */
export async function lockBillBehindOrder(tx: Tx, bill: BillRow) {
  await lockWorkOrder(tx, bill.workOrderId);
  const row = await lockBill(tx, bill.id);
  if (!row) throw notFound(BILL_MESSAGES.billNotFound);
  return row;
}

/**
 * POST /api/record-bill-payment: a receipt for part or all of what is still due. The bill's
 * lock queues concurrent payments, and each re-reads the due under it, so together they
 * never pay more than the total (the bills_paid_within_total check is the backstop).
 */
export async function recordBillPayment(
  db: Database,
  actor: Actor,
  scope: Scope,
  input: RecordBillPaymentInput,
  defaults: PayeeDefaults,
): Promise<Bill> {
  const found = await findBillRow(db, input.billId);
  if (!found || !(await mayTakePayment(db, scope, found))) {
    throw notFound(BILL_MESSAGES.billNotFound);
  }
  const transactionId = input.paymentMethod === 'online' ? input.transactionId : null;
  await withTransactionIdGuard(() =>
    db.transaction(async (tx) => {
      const bill = await lockBillBehindOrder(tx, found);
      if (!bill.paidAt) throw conflict(INVOICE_MESSAGES.billNotConfirmed);
      if (bill.cancelledAt) throw conflict(INVOICE_MESSAGES.invoiceCancelled);
      const due = bill.totalPaise - bill.paidPaise;
      if (due <= 0) throw conflict(INVOICE_MESSAGES.nothingDue);
      const amount = toPaise(input.amount);
      if (amount > due) throw badRequest(INVOICE_MESSAGES.amountOverDue(formatRupees(due)));
      if (transactionId && (await transactionIdUsed(tx, transactionId))) {
        throw conflict(INVOICE_MESSAGES.transactionIdUsed);
      }

      const at = new Date();
      const receiptNumber = await recordReceipt(tx, {
        billId: bill.id,
        branchId: found.branchId,
        amountPaise: amount,
        method: input.paymentMethod,
        transactionId,
        receivedBy: actor.id,
        at,
      });
      const paid = bill.paidPaise + amount;
      await tx
        .update(bills)
        .set({ paidPaise: paid, paymentStatus: paymentStatusOf(bill.totalPaise, paid) })
        .where(eq(bills.id, bill.id));

      const document = bill.invoiceNumber ?? bill.billNumber ?? found.orderId;
      await appendHistory(tx, {
        workOrderId: bill.workOrderId,
        status: PAYMENT_HISTORY_STATUS,
        remark: BILL_MESSAGES.paymentRemark(document, input.paymentMethod, input.amount),
        updatedBy: actor.id,
      });
      // Issue 40: the receipt reaches the customer after this commits; this receipt, once.
      await enqueueCustomerUpdate(tx, {
        event: 'paymentReceived',
        workOrderId: bill.workOrderId,
        discriminator: receiptNumber,
        actorId: actor.id,
      });
      await touchWorkOrder(tx, bill.workOrderId);
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'bill.payment',
        entityType: 'bill',
        entityId: bill.id,
        summary: `${receiptNumber} for ${document}: ${input.paymentMethod} ${formatRupees(amount)}, ${formatRupees(due - amount)} still due`,
        changes: {
          receiptNumber,
          amountPaise: amount,
          paymentMethod: input.paymentMethod,
          transactionId,
          paidPaise: paid,
          totalPaise: bill.totalPaise,
        },
      });
    }),
  );
  return billOf(db, found.id, defaults);
}
