import {
  BILL_MESSAGES,
  type Bill,
  type ConfirmOrderBillAnswer,
  type ConfirmOrderBillInput,
  type CreateBillInput,
  PAYMENT_HISTORY_STATUS,
  paymentStatusOf,
  type RejectBillInput,
  type UpdateSerialStatusInput,
} from '@karya/domain/bill-schemas';
import { INVOICE_MESSAGES } from '@karya/domain/invoice-schemas';
import { toPaise, toRupees } from '@karya/domain/money';

import { WORK_ORDER_MESSAGES } from '@karya/domain/work-order-schemas';
import { and, eq, isNull } from 'drizzle-orm';
import { recordAudit } from '../../audit/record-audit';
import type { Actor } from '../../auth/guard';
import { inScope, type Scope, seesWork, technicianOf } from '../../auth/scope';
import { type Clock, systemClock } from '../../clock';
import type { Database, Tx } from '../../db/client';
import { billLines, bills, type inventoryItems } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { ensureInvoicePrefix } from '../branches';
import { findItemRow, moveStock, technicianQuantity } from '../inventory';
import { addDailySales, addDailyTechnician, invoicedDelta } from '../report-rollups';
import { enqueueCustomerUpdate } from '../update-outbox';
import {
  appendTimedHistory,
  findWorkOrderRow,
  getWorkOrderDetails,
  hasPayment,
  type LockedWorkOrder,
  lockWorkOrder,
  timeOfAction,
  touchWorkOrder,
} from '../work-orders';
import { billOf, billsOf } from './bill-answer';
import { type CoverageOf, coveredUnitPrice, noCoverage } from './bill-coverage';
import { taxBill } from './bill-tax';
import {
  type BillListFilter,
  closeOpenBills,
  findBillRow,
  findBranchPayee,
  findSerialPlaces,
  holdsSerial,
  listBillRows,
  listLineRows,
  lockBill,
  nextBillSequence,
  transactionIdUsed,
} from './billing.queries';
import {
  issueContextOf,
  nextInvoiceNumber,
  recipientSnapshot,
  recordReceipt,
  supplierSnapshot,
  taxSettingOf,
  withTransactionIdGuard,
} from './invoice-issue';
import { planOfOrder, priceByPlan } from './planned-pricing';
import { applyOrderAdvance, lockOrderAdvance } from './quote-advance';
import { billNumberOf, effectivePayee, type PayeeDefaults } from './upi-payee';

const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/* --------------------------------------------------------------- reads */

/** GET /api/get-bill-details/{id}: by _id or bill number; someone else's reads as absent. */
export async function getBillDetails(
  db: Database,
  scope: Scope,
  reference: string,
  defaults: PayeeDefaults,
): Promise<Bill> {
  const row = await findBillRow(db, reference);
  if (!row || !seesWork(scope, row)) throw notFound(BILL_MESSAGES.billNotFound);
  return billOf(db, row.id, defaults);
}

export interface BillPaging {
  limit: number;
  offset: number;
}

/** GET /api/history: a technician's own bills, a manager's branch, all (or ?branch=) for admins. */
export async function billHistory(
  db: Database,
  scope: Scope,
  paging: BillPaging,
  defaults: PayeeDefaults,
): Promise<{ items: Bill[]; total: number }> {
  const filter: BillListFilter = { limit: paging.limit, offset: paging.offset };
  if (scope.kind === 'own') filter.technicianId = scope.technicianId;
  else filter.branchId = scope.branchId;
  const { rows, total } = await listBillRows(db, filter);
  return { items: await billsOf(db, rows, defaults), total };
}

/**
 * GET /api/workorder?orderId=: the bills of one order, newest first. A technician sees the
 * bills they made; the order must be theirs or have one of theirs.
 */
export async function workOrderBills(
  db: Database,
  scope: Scope,
  reference: string,
  defaults: PayeeDefaults,
): Promise<Bill[]> {
  const order = await findWorkOrderRow(db, reference);
  if (!order) throw notFound(WORK_ORDER_MESSAGES.workOrderNotFound);
  const filter: BillListFilter = { workOrderId: order.id, limit: 1000, offset: 0 };
  if (scope.kind !== 'own' && !inScope(scope, order.branchId)) {
    throw notFound(WORK_ORDER_MESSAGES.workOrderNotFound);
  }
  if (scope.kind === 'own') filter.technicianId = scope.technicianId;
  const { rows } = await listBillRows(db, filter);
  if (scope.kind === 'own' && order.technicianId !== scope.technicianId && rows.length === 0) {
    throw notFound(WORK_ORDER_MESSAGES.workOrderNotFound);
  }
  return billsOf(db, rows, defaults);
}

/**
 * The issued invoices of one order, for its customer's job-status page (issue 21). Unscoped
 * by design: the caller holds the order's status-link token, which is the customer's key.
 */
export async function invoicesForStatusPage(
  db: Database,
  workOrderId: string,
  defaults: PayeeDefaults,
): Promise<Bill[]> {
  const { rows } = await listBillRows(db, { workOrderId, limit: 100, offset: 0 });
  const issued = await billsOf(db, rows, defaults);
  return issued.filter((bill) => bill.status === 'confirmed');
}

/** The effective UPI payee of a branch, for the work-order details answer. */
export async function payeeOfBranch(db: Database, branchId: string, defaults: PayeeDefaults) {
  return effectivePayee(await findBranchPayee(db, branchId), defaults);
}

/* -------------------------------------------------------------- changes */

/** The order the technician bills: theirs, in progress, not yet paid. Locked. */
async function lockBillableOrder(
  tx: Tx,
  technicianId: string,
  reference: string,
  customerId?: string,
): Promise<LockedWorkOrder> {
  const order = await lockWorkOrder(tx, reference);
  if (
    !order ||
    (customerId !== undefined && order.customerId !== customerId) ||
    order.technicianId !== technicianId
  ) {
    throw notFound(WORK_ORDER_MESSAGES.workOrderNotFound);
  }
  if (order.status !== 'in-progress') throw conflict(BILL_MESSAGES.orderNotInProgress);
  return order;
}

type ItemRow = typeof inventoryItems.$inferSelect;

interface PricedLine {
  item: ItemRow;
  serialNumber: string | null;
  quantity: number;
}

/**
 * The bill's lines from the technician's own stock and the catalogue's services, priced by
 * the catalogue. Generic lines of one item are added together; the wizard's prices are ignored.
 */
async function resolveLines(
  tx: Tx,
  technicianId: string,
  input: CreateBillInput,
): Promise<PricedLine[]> {
  const lines: PricedLine[] = [];
  const serials = new Set<string>();
  const generic = new Map<string, PricedLine>();
  const services = new Set<string>();
  for (const wanted of input.items) {
    const item = await findItemRow(tx, wanted.itemId);
    if (!item) throw badRequest(BILL_MESSAGES.itemNotFound);
    if (item.type === 'service') {
      if (services.has(item.id)) throw badRequest(BILL_MESSAGES.serviceAlreadyAdded);
      services.add(item.id);
      lines.push({ item, serialNumber: null, quantity: wanted.quantity });
    } else if (item.type === 'serialized-product') {
      const serial = wanted.serialNumber;
      if (!serial) throw badRequest(BILL_MESSAGES.serialRequired);
      if (serials.has(serial)) throw badRequest(BILL_MESSAGES.serialAlreadyAdded);
      serials.add(serial);
      if (!(await holdsSerial(tx, serial, item.id, technicianId))) {
        throw conflict(BILL_MESSAGES.serialNotHeld(serial));
      }
      lines.push({ item, serialNumber: serial, quantity: 1 });
    } else {
      const line = generic.get(item.id);
      if (line) line.quantity += wanted.quantity;
      else {
        const added = { item, serialNumber: null, quantity: wanted.quantity };
        generic.set(item.id, added);
        lines.push(added);
      }
    }
  }
  for (const line of generic.values()) {
    const held = await technicianQuantity(tx, line.item.id, technicianId);
    if (line.quantity > held) throw badRequest(BILL_MESSAGES.maxQuantity(held));
  }
  return lines;
}

/**
 * The branch's next bill number, `BILL-{CODE}-{YYYYMMDD}-{NNNN}` (decision 008), taken in the
 * confirming transaction: a rolled-back confirmation takes none, so numbers have no gaps.
 */
export async function nextBillNumber(tx: Tx, branchId: string, at: Date): Promise<string> {
  const branch = await findBranchPayee(tx, branchId);
  const { code, day } = billNumberOf(branch?.name ?? '', at);
  const sequence = await nextBillSequence(tx, code, day);
  return `BILL-${code}-${day}-${String(sequence).padStart(4, '0')}`;
}

/** POST /api/create-bill: the technician's bill for their in-progress order. */
export async function createBill(
  db: Database,
  actor: Actor,
  scope: Scope,
  input: CreateBillInput,
  defaults: PayeeDefaults,
  coverageOf: CoverageOf = noCoverage,
  clock: Clock = systemClock,
): Promise<Bill> {
  const technicianId = technicianOf(scope);
  const billId = await db.transaction(async (tx) => {
    const order = await lockBillableOrder(tx, technicianId, input.orderId, input.customerId);
    // Made offline: dated when the technician made it (decision 043); the payment's entry
    // says so when the phone's time is not used.
    const time = await timeOfAction(tx, clock, order.id, input.occurredAt);
    if (await hasPayment(tx, order.id)) throw conflict(BILL_MESSAGES.orderAlreadyPaid);
    const resolved = await resolveLines(tx, technicianId, input);
    await closeOpenBills(tx, order.id, BILL_MESSAGES.billReplaced, actor.id);

    const context = await issueContextOf(tx, order.id, order.branchId);
    // A maintenance visit's order: what its contract covers is priced at ₹0 (issue 23). An
    // order an accepted quotation opened: its planned items at the quoted price (issue 35).
    const coverage = await coverageOf(tx, order.id);
    const lines = priceByPlan(resolved, await planOfOrder(tx, order.id), (line) =>
      coveredUnitPrice(coverage, line.item),
    );
    const priceOf = (line: (typeof lines)[number]) => line.unitPaise;
    const amountOf = (line: (typeof lines)[number]) => priceOf(line) * line.quantity;
    // The split is fixed now, so the Bill Summary shows before payment what the invoice prints.
    const taxing = taxBill(
      taxSettingOf(context),
      lines.map((line) => ({
        amountPaise: amountOf(line),
        gstRateBp: line.item.gstRateBp,
        priceIncludesTax: line.item.priceIncludesTax,
      })),
    );
    const { totals } = taxing;
    const totalPaise = totals.totalPaise;
    // A draft has no number yet: confirmation gives it the next one (issue 15).
    const [bill] = await tx
      .insert(bills)
      .values({
        workOrderId: order.id,
        technicianId,
        totalPaise,
        invoiceKind: taxing.kind,
        placeOfSupply: taxing.placeOfSupply,
        taxablePaise: totals.taxablePaise,
        cgstPaise: totals.cgstPaise,
        sgstPaise: totals.sgstPaise,
        igstPaise: totals.igstPaise,
        roundOffPaise: totals.roundOffPaise,
        ...(time ? { createdAt: time.at } : {}),
      })
      .returning({ id: bills.id });
    if (!bill) throw new Error('bill insert returned no row');
    await tx.insert(billLines).values(
      lines.map((line, position) => {
        const tax = taxing.lines[position];
        if (!tax) throw new Error('a bill line lost its tax');
        return {
          billId: bill.id,
          position,
          itemId: line.item.id,
          name: line.item.name,
          type: line.item.type,
          unit: line.item.type === 'service' ? 'Service' : line.item.unit || 'Piece',
          serialNumber: line.serialNumber,
          quantity: line.quantity,
          pricePaise: priceOf(line),
          // What the customer pays for the line: the catalogue amount, plus tax if exclusive.
          amountPaise: tax.totalPaise,
          hsnSac: line.item.hsnSac,
          gstRateBp: line.item.gstRateBp,
          priceIncludesTax: line.item.priceIncludesTax,
          warranty: line.item.warranty,
          taxablePaise: tax.taxablePaise,
          cgstPaise: tax.cgstPaise,
          sgstPaise: tax.sgstPaise,
          igstPaise: tax.igstPaise,
        };
      }),
    );
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'bill.create',
      entityType: 'bill',
      entityId: bill.id,
      summary: `Draft bill for ${order.orderId}: ₹${toRupees(totalPaise).toFixed(2)}`,
      changes: {
        lines: lines.length,
        totalPaise,
        kind: taxing.kind,
        placeOfSupply: taxing.placeOfSupply,
        ...(coverage ? { coveredBy: coverage.contractNumber } : {}),
      },
    });
    return bill.id;
  });
  return billOf(db, billId, defaults);
}

/** The bill for a change, with its order locked first (the order that create-bill locks in). */
async function lockBillAndOrder(tx: Tx, technicianId: string, billId: string) {
  const found = await findBillRow(tx, billId);
  if (!found || found.technicianId !== technicianId) throw notFound(BILL_MESSAGES.billNotFound);
  const order = await lockWorkOrder(tx, found.workOrderId);
  const bill = await lockBill(tx, found.id);
  if (!order || !bill) throw notFound(BILL_MESSAGES.billNotFound);
  if (bill.paidAt) throw conflict(BILL_MESSAGES.billAlreadyPaid);
  if (bill.rejectedAt) {
    throw conflict(
      bill.rejectionReason === BILL_MESSAGES.billReplaced
        ? BILL_MESSAGES.billReplaced
        : BILL_MESSAGES.billRejected,
    );
  }
  return { bill, order, customerId: found.customerId };
}

/**
 * POST /api/confirm-order-bill: in one transaction the payment is recorded on the bill, the
 * payment entry joins the order's history and every line's stock moves from the technician to
 * the customer. The order's row lock queues concurrent confirmations; the later ones find the
 * bill paid and change nothing (decision 008).
 */
export async function confirmOrderBill(
  db: Database,
  actor: Actor,
  scope: Scope,
  input: ConfirmOrderBillInput,
  defaults: PayeeDefaults,
  clock: Clock = systemClock,
): Promise<ConfirmOrderBillAnswer> {
  const technicianId = technicianOf(scope);
  const transactionId = input.paymentMethod === 'online' ? input.transactionId : null;
  const { billId, orderId, customerId } = await withTransactionIdGuard(() =>
    db.transaction(async (tx) => {
      const { bill, order, customerId } = await lockBillAndOrder(tx, technicianId, input.billId);
      if (order.technicianId !== technicianId) throw notFound(BILL_MESSAGES.billNotFound);
      if (order.status !== 'in-progress') throw conflict(BILL_MESSAGES.orderNotInProgress);
      if (await hasPayment(tx, order.id)) throw conflict(BILL_MESSAGES.orderAlreadyPaid);

      const total = bill.totalPaise;
      // An advance the customer paid on the order's quotation (issue 35) pays first; what the
      // technician collects is the rest, all of it unless the amount says less.
      const advance = await lockOrderAdvance(tx, order.id);
      const applied = advance ? Math.min(advance.amountPaise, total) : 0;
      const due = total - applied;
      const collected =
        input.paymentMethod === 'online'
          ? due
          : input.paidAmount === undefined
            ? due
            : toPaise(input.paidAmount);
      if (collected < 0 || collected > due) throw badRequest(BILL_MESSAGES.paidAmountRange);
      const paid = applied + collected;
      if (transactionId && (await transactionIdUsed(tx, transactionId))) {
        throw conflict(INVOICE_MESSAGES.transactionIdUsed);
      }

      // The bill was taxed as the branch stood when it was made; an invoice of another kind
      // would print heads the customer was not shown (a draft from before invoices has none).
      const context = await issueContextOf(tx, order.id, order.branchId);
      const now = taxBill(taxSettingOf(context), []);
      const kind = bill.invoiceKind ?? 'bill-of-supply';
      if (now.kind !== kind) throw conflict(INVOICE_MESSAGES.taxDetailsChanged);
      const placeOfSupply = bill.placeOfSupply ?? now.placeOfSupply;

      // Cash taken offline is dated when it was taken (decision 043): the payment, the bill
      // number's day and the invoice's date and financial-year series.
      const time = await timeOfAction(tx, clock, order.id, input.occurredAt);
      const at = time?.at ?? clock.now();
      const billNumber = await nextBillNumber(tx, order.branchId, at);
      // A branch's first invoice writes its prefix, a key update of the branch row; taken
      // before the stock moves, whose ledger rows lock that row key-share, so that a
      // transaction never waits for the branch row while holding a lock on it.
      await ensureInvoicePrefix(tx, order.branchId);
      const lines = await listLineRows(tx, [bill.id]);
      for (const line of lines) {
        if (line.type === 'service') continue;
        const moved = await moveStock(tx, {
          itemId: line.itemId,
          serialNumber: line.serialNumber,
          quantity: line.quantity,
          from: { location: 'technician', technicianId },
          to: {
            location: 'customer',
            workOrderId: order.id,
            customerId,
            billId: bill.id,
            installedAt: at,
            installedBy: technicianId,
          },
          branchId: order.branchId,
          actorId: actor.id,
          remark: `Bill ${billNumber}, ${order.orderId}`,
        });
        if (!moved.ok) {
          throw conflict(BILL_MESSAGES.stockNoLongerHeld(line.serialNumber ?? line.name));
        }
      }

      // Numbered last, after the stock: the branch's counter row is held for the shortest time.
      const invoice = await nextInvoiceNumber(tx, order.branchId, at);
      const confirmed = await tx
        .update(bills)
        .set({
          billNumber,
          paidAt: at,
          paidPaise: paid,
          paymentStatus: paymentStatusOf(total, paid),
          paymentMethod: input.paymentMethod,
          transactionId,
          confirmedBy: actor.id,
          invoiceNumber: invoice.number,
          invoiceKind: kind,
          invoiceDate: invoice.date,
          financialYear: invoice.financialYear,
          placeOfSupply,
          supplier: supplierSnapshot(context),
          recipient: recipientSnapshot(context, placeOfSupply),
        })
        .where(sqlOpen(bill.id))
        .returning({ id: bills.id });
      if (confirmed.length !== 1) throw conflict(BILL_MESSAGES.billAlreadyPaid);
      // The technician's revenue (issue 38): the bill's total on the day it is confirmed, for
      // the order's technician. A later cancellation does not take it back (the job was done
      // and billed); a corrected invoice re-bills that job and is not counted again.
      await addDailyTechnician(
        tx,
        { technicianId, branchId: order.branchId, at },
        { billedPaise: total },
      );
      // The owner's sales report (issue 38): the register counts the invoice on its date.
      await addDailySales(tx, order.branchId, invoice.date, invoicedDelta(bill));
      if (advance && applied > 0) {
        await applyOrderAdvance(
          tx,
          advance,
          { id: bill.id, branchId: order.branchId, at },
          applied,
        );
      }
      if (collected > 0) {
        await recordReceipt(tx, {
          billId: bill.id,
          branchId: order.branchId,
          amountPaise: collected,
          method: input.paymentMethod,
          transactionId,
          receivedBy: actor.id,
          at,
        });
      }

      await appendTimedHistory(
        tx,
        {
          workOrderId: order.id,
          status: PAYMENT_HISTORY_STATUS,
          remark: BILL_MESSAGES.paymentRemark(billNumber, input.paymentMethod, toRupees(paid)),
          updatedBy: actor.id,
        },
        time,
      );
      // Issue 40: the invoice reaches the customer after this commits (its amount and what
      // is still due); a payment taken with it is in that message, not a second one.
      await enqueueCustomerUpdate(tx, {
        event: 'workCompleted',
        workOrderId: order.id,
        discriminator: bill.id,
        actorId: actor.id,
      });
      await touchWorkOrder(tx, order.id);
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'bill.confirm',
        entityType: 'bill',
        entityId: bill.id,
        summary: `${billNumber} (${invoice.number}): ${input.paymentMethod} ₹${toRupees(paid).toFixed(2)} of ₹${toRupees(total).toFixed(2)}`,
        changes: {
          paymentMethod: input.paymentMethod,
          paidPaise: paid,
          totalPaise: total,
          transactionId: input.transactionId,
          ...(applied > 0 ? { quotationAdvancePaise: applied } : {}),
          invoiceNumber: invoice.number,
          invoiceKind: kind,
        },
      });
      return { billId: bill.id, orderId: order.id, customerId };
    }),
  );
  const [bill, workOrder] = await Promise.all([
    billOf(db, billId, defaults),
    getWorkOrderDetails(db, scope, customerId, orderId),
  ]);
  return { ...bill, workOrder: { ...workOrder, upiPayee: bill.upiPayee } };
}

/** POST /api/reject-bill: the bill closes unpaid; stock stays with the technician. */
export async function rejectBill(
  db: Database,
  actor: Actor,
  scope: Scope,
  input: RejectBillInput,
  defaults: PayeeDefaults,
): Promise<Bill> {
  const technicianId = technicianOf(scope);
  const billId = await db.transaction(async (tx) => {
    const { bill, order } = await lockBillAndOrder(tx, technicianId, input.billId);
    const rejected = await tx
      .update(bills)
      .set({ rejectedAt: new Date(), rejectedBy: actor.id, rejectionReason: input.rejectionReason })
      .where(sqlOpen(bill.id))
      .returning({ id: bills.id });
    if (rejected.length !== 1) throw conflict(BILL_MESSAGES.billRejected);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'bill.reject',
      entityType: 'bill',
      entityId: bill.id,
      summary: `${bill.billNumber ?? `Draft bill of ${order.orderId}`} rejected`,
      changes: { rejectionReason: input.rejectionReason },
    });
    return bill.id;
  });
  return billOf(db, billId, defaults);
}

/**
 * POST /api/update-serial-status: the wizard's after-payment call. Confirmation already marked
 * the bill's serials used, so this checks each is at the customer on that order and answers
 * where they are; a serial that is not is refused.
 */
export async function updateSerialStatus(
  db: Database,
  scope: Scope,
  input: UpdateSerialStatusInput,
) {
  const order = await findWorkOrderRow(db, input.workOrderId);
  if (
    !order ||
    (input.customerId && input.customerId !== order.customerId) ||
    !seesWork(scope, order)
  ) {
    throw notFound(WORK_ORDER_MESSAGES.workOrderNotFound);
  }
  const wanted = [...new Set(input.serialNumbers)];
  const places = await findSerialPlaces(db, wanted);
  const serials = wanted.map((serialNumber) => {
    const place = places.find((p) => p.serialNumber === serialNumber);
    if (place?.location !== 'customer' || place.workOrderId !== order.id) {
      throw conflict(BILL_MESSAGES.serialNotUsedOnOrder(serialNumber));
    }
    return {
      serialNumber,
      status: 'used' as const,
      workOrderId: order.id,
      orderId: order.orderId,
      customerId: order.customerId,
      billNumber: place.billNumber,
      usedAt: isoOrNull(place.usedAt),
    };
  });
  return { workOrderId: order.id, orderId: order.orderId, serials };
}

/** The bill, only while it is neither confirmed nor rejected: a second guard beside the lock. */
function sqlOpen(id: string) {
  return and(eq(bills.id, id), isNull(bills.paidAt), isNull(bills.rejectedAt));
}
