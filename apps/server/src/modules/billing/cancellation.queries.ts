import { and, asc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '../../db/client';
import { billRefunds, bills, creditNoteLines, creditNotes, users } from '../../db/schema';

/** What a cancelled invoice became (decision 041): its refunds, credit note and correction. */

type Db = Database | Tx;

const refunder = alias(users, 'refunder');
const corrected = alias(bills, 'corrected');

/** The refund vouchers of these bills, oldest first, with who gave the money back. */
export function listRefundRows(db: Db, billIds: string[]) {
  if (billIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: billRefunds.id,
      billId: billRefunds.billId,
      voucherNumber: billRefunds.voucherNumber,
      amountPaise: billRefunds.amountPaise,
      method: billRefunds.method,
      transactionId: billRefunds.transactionId,
      refundedAt: billRefunds.refundedAt,
      refundedById: billRefunds.refundedBy,
      refundedByFirstName: refunder.firstName,
      refundedByLastName: refunder.lastName,
    })
    .from(billRefunds)
    .leftJoin(refunder, eq(refunder.id, billRefunds.refundedBy))
    .where(inArray(billRefunds.billId, billIds))
    .orderBy(asc(billRefunds.refundedAt), asc(billRefunds.voucherNumber));
}
export type RefundRow = Awaited<ReturnType<typeof listRefundRows>>[number];

/** The credit notes of these bills. */
export function listCreditNoteRows(db: Db, billIds: string[]) {
  if (billIds.length === 0) return Promise.resolve([]);
  return db.select().from(creditNotes).where(inArray(creditNotes.billId, billIds));
}
export type CreditNoteRow = Awaited<ReturnType<typeof listCreditNoteRows>>[number];

export function listCreditNoteLineRows(db: Db, creditNoteIds: string[]) {
  if (creditNoteIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(creditNoteLines)
    .where(inArray(creditNoteLines.creditNoteId, creditNoteIds))
    .orderBy(asc(creditNoteLines.creditNoteId), asc(creditNoteLines.position));
}
export type CreditNoteLineRow = Awaited<ReturnType<typeof listCreditNoteLineRows>>[number];

/**
 * The invoices on either side of a correction among these bills: for a cancelled one the
 * invoice correcting it, for a corrected one the invoice it corrects.
 */
export function listCorrectionRows(db: Db, billIds: string[]) {
  if (billIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      cancelledId: bills.id,
      cancelledNumber: sql<string>`coalesce(${bills.invoiceNumber}, ${bills.billNumber}, '')`,
      cancelledDate: sql<string>`coalesce(${bills.invoiceDate}, '')`,
      correctedId: corrected.id,
      correctedNumber: sql<string>`coalesce(${corrected.invoiceNumber}, '')`,
      correctedDate: sql<string>`coalesce(${corrected.invoiceDate}, '')`,
    })
    .from(corrected)
    .innerJoin(bills, eq(bills.id, corrected.correctsBillId))
    .where(
      and(
        isNotNull(corrected.correctsBillId),
        or(inArray(corrected.id, billIds), inArray(corrected.correctsBillId, billIds)),
      ),
    );
}
export type CorrectionRow = Awaited<ReturnType<typeof listCorrectionRows>>[number];

/** The invoice that corrects this cancelled one, if any. */
export async function findCorrection(db: Db, billId: string) {
  const [row] = await db
    .select({ id: bills.id, invoiceNumber: bills.invoiceNumber })
    .from(bills)
    .where(eq(bills.correctsBillId, billId))
    .limit(1);
  return row ?? null;
}

export async function sumRefundedPaise(db: Db, billId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${billRefunds.amountPaise}), 0)` })
    .from(billRefunds)
    .where(eq(billRefunds.billId, billId));
  return Number(row?.total ?? 0);
}
