import { isUuid } from '@karya/domain/user-schemas';
import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '../../db/client';
import { quotations } from '../../db/quotations-schema';
import {
  amcInvoicePayments,
  billLines,
  billNumberCounters,
  billPayments,
  billRefunds,
  bills,
  branches,
  customers,
  documentNumberCounters,
  inventoryItems,
  serialUnits,
  users,
  workOrders,
} from '../../db/schema';

type Db = Database | Tx;

const billTechnician = alias(users, 'bill_technician');
const receiver = alias(users, 'receiver');
const advanceBill = alias(bills, 'advance_bill');

/** A bill with its order, customer, branch (and its UPI payee) and technician, in one query. */
function selectBills(db: Db) {
  return db
    .select({
      id: bills.id,
      billNumber: bills.billNumber,
      workOrderId: bills.workOrderId,
      orderId: workOrders.orderId,
      customerId: workOrders.customerId,
      customerName: customers.name,
      customerPhone: customers.phoneNumber,
      customerAddress: customers.address,
      branchId: workOrders.branchId,
      branchName: branches.name,
      branchAddress: branches.address,
      branchPhone: branches.phone,
      branchLocation: branches.location,
      branchUpiVpa: branches.upiVpa,
      branchUpiName: branches.upiName,
      branchStateCode: branches.stateCode,
      branchGstin: branches.gstin,
      technicianId: bills.technicianId,
      technicianFirstName: billTechnician.firstName,
      technicianLastName: billTechnician.lastName,
      totalPaise: bills.totalPaise,
      paidPaise: bills.paidPaise,
      paymentStatus: bills.paymentStatus,
      paymentMethod: bills.paymentMethod,
      transactionId: bills.transactionId,
      rejectionReason: bills.rejectionReason,
      createdAt: bills.createdAt,
      paidAt: bills.paidAt,
      rejectedAt: bills.rejectedAt,
      invoiceNumber: bills.invoiceNumber,
      invoiceKind: bills.invoiceKind,
      invoiceDate: bills.invoiceDate,
      financialYear: bills.financialYear,
      placeOfSupply: bills.placeOfSupply,
      supplier: bills.supplier,
      recipient: bills.recipient,
      taxablePaise: bills.taxablePaise,
      cgstPaise: bills.cgstPaise,
      sgstPaise: bills.sgstPaise,
      igstPaise: bills.igstPaise,
      roundOffPaise: bills.roundOffPaise,
      cancelledAt: bills.cancelledAt,
      cancellationReason: bills.cancellationReason,
      cancelledMoney: bills.cancelledMoney,
      correctsBillId: bills.correctsBillId,
    })
    .from(bills)
    .innerJoin(workOrders, eq(workOrders.id, bills.workOrderId))
    .innerJoin(customers, eq(customers.id, workOrders.customerId))
    .innerJoin(branches, eq(branches.id, workOrders.branchId))
    .leftJoin(billTechnician, eq(billTechnician.id, bills.technicianId))
    .$dynamic();
}
export type BillRow = Awaited<ReturnType<typeof selectBills>>[number];

/** A bill by its _id or its bill number. */
const billRefCondition = (reference: string): SQL =>
  isUuid(reference)
    ? (or(eq(bills.id, reference), eq(bills.billNumber, reference)) as SQL)
    : eq(bills.billNumber, reference);

export async function findBillRow(db: Db, reference: string): Promise<BillRow | null> {
  const [row] = await selectBills(db).where(billRefCondition(reference)).limit(1);
  return row ?? null;
}

export interface BillListFilter {
  technicianId?: string | undefined;
  branchId?: string | undefined;
  workOrderId?: string | undefined;
  limit: number;
  offset: number;
}

function listCondition(filter: BillListFilter) {
  return and(
    filter.technicianId ? eq(bills.technicianId, filter.technicianId) : undefined,
    filter.branchId ? eq(workOrders.branchId, filter.branchId) : undefined,
    filter.workOrderId ? eq(bills.workOrderId, filter.workOrderId) : undefined,
  );
}

/** A page of bills, newest first, and how many match in all. */
export async function listBillRows(db: Db, filter: BillListFilter) {
  const condition = listCondition(filter);
  const [rows, [count]] = await Promise.all([
    selectBills(db)
      .where(condition)
      .orderBy(desc(bills.createdAt), desc(bills.billNumber))
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(bills)
      .innerJoin(workOrders, eq(workOrders.id, bills.workOrderId))
      .where(condition),
  ]);
  return { rows, total: Number(count?.total ?? 0) };
}

export function listLineRows(db: Db, billIds: string[]) {
  if (billIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: billLines.id,
      billId: billLines.billId,
      itemId: billLines.itemId,
      itemCode: inventoryItems.code,
      name: billLines.name,
      type: billLines.type,
      unit: billLines.unit,
      serialNumber: billLines.serialNumber,
      quantity: billLines.quantity,
      pricePaise: billLines.pricePaise,
      amountPaise: billLines.amountPaise,
      hsnSac: billLines.hsnSac,
      gstRateBp: billLines.gstRateBp,
      priceIncludesTax: billLines.priceIncludesTax,
      warranty: billLines.warranty,
      taxablePaise: billLines.taxablePaise,
      cgstPaise: billLines.cgstPaise,
      sgstPaise: billLines.sgstPaise,
      igstPaise: billLines.igstPaise,
    })
    .from(billLines)
    .innerJoin(inventoryItems, eq(inventoryItems.id, billLines.itemId))
    .where(inArray(billLines.billId, billIds))
    .orderBy(asc(billLines.billId), asc(billLines.position));
}
export type LineRow = Awaited<ReturnType<typeof listLineRows>>[number];

/** The bill row alone, locked: confirmations and rejections of one bill queue here. */
export async function lockBill(tx: Tx, id: string) {
  const [row] = await tx.select().from(bills).where(eq(bills.id, id)).for('update');
  return row ?? null;
}

/** Closes the order's open bills: a new bill replaces them (decision 008). */
export async function closeOpenBills(tx: Tx, workOrderId: string, reason: string, by: string) {
  await tx
    .update(bills)
    .set({ rejectedAt: sql`now()`, rejectedBy: by, rejectionReason: reason })
    .where(and(eq(bills.workOrderId, workOrderId), isNull(bills.paidAt), isNull(bills.rejectedAt)));
}

/**
 * The next number of a branch code and day. The upsert takes the counter row's lock, so
 * concurrent bills of one branch and day queue here and each gets its own number.
 */
export async function nextBillSequence(tx: Tx, branchCode: string, day: string): Promise<number> {
  const [row] = await tx
    .insert(billNumberCounters)
    .values({ branchCode, day, last: 1 })
    .onConflictDoUpdate({
      target: [billNumberCounters.branchCode, billNumberCounters.day],
      set: { last: sql`${billNumberCounters.last} + 1` },
    })
    .returning({ last: billNumberCounters.last });
  if (!row) throw new Error('bill number counter returned no row');
  return row.last;
}

export async function findBranchPayee(db: Db, branchId: string) {
  const [row] = await db
    .select({ name: branches.name, upiVpa: branches.upiVpa, upiName: branches.upiName })
    .from(branches)
    .where(eq(branches.id, branchId))
    .limit(1);
  return row ?? null;
}

/** Whether the technician holds this serial of this item right now. */
export async function holdsSerial(
  db: Db,
  serialNumber: string,
  itemId: string,
  technicianId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ serialNumber: serialUnits.serialNumber })
    .from(serialUnits)
    .where(
      and(
        eq(serialUnits.serialNumber, serialNumber),
        eq(serialUnits.itemId, itemId),
        eq(serialUnits.location, 'technician'),
        eq(serialUnits.technicianId, technicianId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Where each of these serials is, with the bill it went out on. */
export function findSerialPlaces(db: Db, serialNumbers: string[]) {
  return db
    .select({
      serialNumber: serialUnits.serialNumber,
      location: serialUnits.location,
      workOrderId: serialUnits.workOrderId,
      customerId: serialUnits.customerId,
      billNumber: bills.billNumber,
      usedAt: bills.paidAt,
    })
    .from(serialUnits)
    .leftJoin(bills, eq(bills.id, serialUnits.billId))
    .where(inArray(serialUnits.serialNumber, serialNumbers));
}

/** Every payment of these bills, oldest first, with who received it. */
export function listPaymentRows(db: Db, billIds: string[]) {
  if (billIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: billPayments.id,
      billId: billPayments.billId,
      receiptNumber: billPayments.receiptNumber,
      amountPaise: billPayments.amountPaise,
      method: billPayments.method,
      transactionId: billPayments.transactionId,
      receivedAt: billPayments.receivedAt,
      receivedById: billPayments.receivedBy,
      receivedByFirstName: receiver.firstName,
      receivedByLastName: receiver.lastName,
      advanceOfBillId: billPayments.advanceOfBillId,
      advanceOfNumber: sql<
        string | null
      >`coalesce(${advanceBill.invoiceNumber}, ${advanceBill.billNumber})`,
    })
    .from(billPayments)
    .leftJoin(receiver, eq(receiver.id, billPayments.receivedBy))
    .leftJoin(advanceBill, eq(advanceBill.id, billPayments.advanceOfBillId))
    .where(inArray(billPayments.billId, billIds))
    .orderBy(asc(billPayments.receivedAt), asc(billPayments.receiptNumber));
}
export type PaymentRow = Awaited<ReturnType<typeof listPaymentRows>>[number];

export async function insertPayment(tx: Tx, payment: typeof billPayments.$inferInsert) {
  await tx.insert(billPayments).values(payment);
}

/** Whether a UPI transaction id already paid some receipt (the unique index is the backstop). */
export async function transactionIdUsed(db: Db, transactionId: string): Promise<boolean> {
  // A UPI transaction pays one receipt, a bill's or a maintenance contract invoice's (decision 037).
  const [row] = await db
    .select({ id: billPayments.id })
    .from(billPayments)
    .where(eq(billPayments.transactionId, transactionId))
    .unionAll(
      db
        .select({ id: amcInvoicePayments.id })
        .from(amcInvoicePayments)
        .where(eq(amcInvoicePayments.transactionId, transactionId)),
    )
    // A refund sent by UPI is a transaction of its own too (decision 041).
    .unionAll(
      db
        .select({ id: billRefunds.id })
        .from(billRefunds)
        .where(eq(billRefunds.transactionId, transactionId)),
    )
    // An advance confirmed on a quotation pays its order's invoice when that is confirmed.
    .unionAll(
      db
        .select({ id: quotations.id })
        .from(quotations)
        .where(eq(quotations.advanceTransactionId, transactionId)),
    )
    .limit(1);
  return row !== undefined;
}

/** The order's site and its customer as an invoice's recipient and place of supply need them. */
export async function findRecipientContext(db: Db, workOrderId: string) {
  const [row] = await db
    .select({
      siteAddress: workOrders.siteAddress,
      siteStateCode: workOrders.siteStateCode,
      customerName: customers.name,
      customerPhone: customers.phoneNumber,
      customerAddress: customers.address,
      customerStateCode: customers.stateCode,
      customerGstin: customers.gstin,
    })
    .from(workOrders)
    .innerJoin(customers, eq(customers.id, workOrders.customerId))
    .where(eq(workOrders.id, workOrderId))
    .limit(1);
  if (!row) throw new Error(`work order ${workOrderId} has no customer`);
  return row;
}
export type RecipientContext = Awaited<ReturnType<typeof findRecipientContext>>;

export type DocumentSeries = 'invoice' | 'receipt' | 'credit-note' | 'refund';

/**
 * The next number of a branch's series in a financial year. The upsert takes the counter
 * row's lock, so concurrent confirmations and payments of one branch queue here; a rolled
 * back transaction rolls its increment back too, so the series has no gaps.
 */
export async function nextDocumentNumber(
  tx: Tx,
  branchId: string,
  financialYear: number,
  series: DocumentSeries,
): Promise<number> {
  const [row] = await tx
    .insert(documentNumberCounters)
    .values({ branchId, financialYear, series, last: 1 })
    .onConflictDoUpdate({
      target: [
        documentNumberCounters.branchId,
        documentNumberCounters.financialYear,
        documentNumberCounters.series,
      ],
      set: { last: sql`${documentNumberCounters.last} + 1` },
    })
    .returning({ last: documentNumberCounters.last });
  if (!row) throw new Error('document number counter returned no row');
  return row.last;
}

/**
 * Whether the technician holds an open order (assigned, in progress or paused) of this
 * customer: a visit on which they may take a later payment of the customer's bills.
 */
export async function visitsCustomer(
  db: Db,
  technicianId: string,
  customerId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: workOrders.id })
    .from(workOrders)
    .where(
      and(
        eq(workOrders.technicianId, technicianId),
        eq(workOrders.customerId, customerId),
        inArray(workOrders.status, ['assigned', 'in-progress', 'paused']),
      ),
    )
    .limit(1);
  return row !== undefined;
}
