import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { quotations } from '../../db/quotations-schema';
import { billPayments } from '../../db/schema';
import { addDailySales, collectedDelta } from '../report-rollups';
import { nextReceiptNumber } from './invoice-issue';

/**
 * The customer's UPI advance on an accepted quotation (issue 35), which the manager confirmed
 * against its transaction id before the job: when the order's bill is confirmed it becomes a
 * UPI payment of that invoice, with a receipt of the branch's series, dated when the money
 * came. Read from the quotations table (db/quotations-schema) rather than through the
 * quotations module, which imports billing. The quote's row is locked, so the advance is
 * applied once.
 */
export interface OrderAdvance {
  quotationId: string;
  amountPaise: number;
  transactionId: string;
  receivedBy: string | null;
  receivedAt: Date;
}

export async function lockOrderAdvance(tx: Tx, workOrderId: string): Promise<OrderAdvance | null> {
  const [row] = await tx
    .select({
      quotationId: quotations.id,
      amountPaise: quotations.advancePaise,
      transactionId: quotations.advanceTransactionId,
      receivedBy: quotations.advanceConfirmedBy,
      receivedAt: quotations.advanceConfirmedAt,
    })
    .from(quotations)
    .where(
      and(
        eq(quotations.workOrderId, workOrderId),
        isNotNull(quotations.advancePaise),
        isNull(quotations.advanceBillId),
      ),
    )
    .limit(1)
    .for('update');
  if (!row?.amountPaise || !row.transactionId || !row.receivedAt) return null;
  return {
    quotationId: row.quotationId,
    amountPaise: row.amountPaise,
    transactionId: row.transactionId,
    receivedBy: row.receivedBy,
    receivedAt: row.receivedAt,
  };
}

/** The advance as the invoice's UPI payment, up to `amountPaise`; the quote notes the bill. */
export async function applyOrderAdvance(
  tx: Tx,
  advance: OrderAdvance,
  bill: { id: string; branchId: string; at: Date },
  amountPaise: number,
): Promise<string> {
  const receiptNumber = await nextReceiptNumber(tx, bill.branchId, bill.at);
  await tx.insert(billPayments).values({
    billId: bill.id,
    receiptNumber,
    amountPaise,
    method: 'online',
    transactionId: advance.transactionId,
    receivedBy: advance.receivedBy,
    receivedAt: advance.receivedAt,
  });
  // A receipt of the bill from now on: collected on the day the money came (issue 38).
  await addDailySales(tx, bill.branchId, advance.receivedAt, collectedDelta('online', amountPaise));
  await tx
    .update(quotations)
    .set({ advanceBillId: bill.id })
    .where(eq(quotations.id, advance.quotationId));
  return receiptNumber;
}
