import {
  BILL_MESSAGES,
  type Bill,
  type BillLine,
  buildUpiPaymentLink,
  type ConfirmOrderBillAnswer,
  type ConfirmOrderBillInput,
  type CreateBillInput,
  PAYMENT_HISTORY_STATUS,
  paymentStatusOf,
  type RejectBillInput,
  type UpdateSerialStatusInput,
} from '@karya/domain/bill-schemas';
import { toPaise, toRupees } from '@karya/domain/money';

import { WORK_ORDER_MESSAGES } from '@karya/domain/work-order-schemas';
import { canSeeWorkOrder } from '@karya/domain/work-order-state';
import { and, eq, isNull } from 'drizzle-orm';
import { recordAudit } from '../../audit/record-audit';
import type { Actor } from '../../auth/guard';
import type { Database, Tx } from '../../db/client';
import { billLines, bills, type inventoryItems } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { findItemRow, moveStock, technicianQuantity } from '../inventory';
import {
  appendHistory,
  findWorkOrderRow,
  getWorkOrderDetails,
  hasPayment,
  type LockedWorkOrder,
  lockWorkOrder,
  touchWorkOrder,
} from '../work-orders';
import {
  type BillListFilter,
  type BillRow,
  closeOpenBills,
  findBillRow,
  findBranchPayee,
  findSerialPlaces,
  holdsSerial,
  type LineRow,
  listBillRows,
  listLineRows,
  lockBill,
  nextBillSequence,
} from './billing.queries';
import { billNumberOf, effectivePayee, type PayeeDefaults } from './upi-payee';

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/* ------------------------------------------------------------- answers */

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
  };
}

function statusOf(row: BillRow): Bill['status'] {
  if (row.paidAt) return 'confirmed';
  return row.rejectedAt ? 'rejected' : 'pending';
}

function toBill(row: BillRow, lines: LineRow[], defaults: PayeeDefaults): Bill {
  const payee = effectivePayee(
    { name: row.branchName, upiVpa: row.branchUpiVpa, upiName: row.branchUpiName },
    defaults,
  );
  const total = toRupees(row.totalPaise);
  const confirmed = row.paidAt !== null;
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
    // An unconfirmed bill owes its whole total.
    dueAmount: toRupees(row.totalPaise - (confirmed ? row.paidPaise : 0)),
    paymentStatus: confirmed ? row.paymentStatus : 'unpaid',
    paymentMethod: row.paymentMethod,
    transactionId: row.transactionId,
    rejectionReason: row.rejectionReason,
    createdAt: iso(row.createdAt),
    paidAt: isoOrNull(row.paidAt),
    rejectedAt: isoOrNull(row.rejectedAt),
    upiPayee: payee,
    upiLink: payee ? buildUpiPaymentLink({ ...payee, amount: total, orderId: row.orderId }) : null,
  };
}

async function billsOf(db: Database, rows: BillRow[], defaults: PayeeDefaults): Promise<Bill[]> {
  const lines = await listLineRows(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    toBill(
      row,
      lines.filter((line) => line.billId === row.id),
      defaults,
    ),
  );
}

async function billOf(db: Database, id: string, defaults: PayeeDefaults): Promise<Bill> {
  const row = await findBillRow(db, id);
  if (!row) throw notFound(BILL_MESSAGES.billNotFound);
  const [bill] = await billsOf(db, [row], defaults);
  if (!bill) throw notFound(BILL_MESSAGES.billNotFound);
  return bill;
}

/* --------------------------------------------------------------- reads */

/** GET /api/get-bill-details/{id}: by _id or bill number; someone else's reads as absent. */
export async function getBillDetails(
  db: Database,
  actor: Actor,
  reference: string,
  defaults: PayeeDefaults,
): Promise<Bill> {
  const row = await findBillRow(db, reference);
  if (!row || !canSeeWorkOrder(actor, row)) throw notFound(BILL_MESSAGES.billNotFound);
  return billOf(db, row.id, defaults);
}

export interface BillPaging {
  branch?: string | undefined;
  limit: number;
  offset: number;
}

/** GET /api/history: a technician's own bills, a manager's branch, all (or ?branch=) for admins. */
export async function billHistory(
  db: Database,
  actor: Actor,
  paging: BillPaging,
  defaults: PayeeDefaults,
): Promise<{ items: Bill[]; total: number }> {
  const filter: BillListFilter = { limit: paging.limit, offset: paging.offset };
  if (actor.role === 'technician') filter.technicianId = actor.id;
  else if (actor.role === 'manager') {
    if (!actor.branchId) throw forbidden(WORK_ORDER_MESSAGES.notAllowed);
    filter.branchId = actor.branchId;
  } else filter.branchId = paging.branch;
  const { rows, total } = await listBillRows(db, filter);
  return { items: await billsOf(db, rows, defaults), total };
}

/**
 * GET /api/workorder?orderId=: the bills of one order, newest first. A technician sees the
 * bills they made; the order must be theirs or have one of theirs.
 */
export async function workOrderBills(
  db: Database,
  actor: Actor,
  reference: string,
  defaults: PayeeDefaults,
): Promise<Bill[]> {
  const order = await findWorkOrderRow(db, reference);
  if (!order) throw notFound(WORK_ORDER_MESSAGES.workOrderNotFound);
  const filter: BillListFilter = { workOrderId: order.id, limit: 1000, offset: 0 };
  if (actor.role === 'manager' && actor.branchId !== order.branchId) {
    throw notFound(WORK_ORDER_MESSAGES.workOrderNotFound);
  }
  if (actor.role === 'technician') filter.technicianId = actor.id;
  const { rows } = await listBillRows(db, filter);
  if (actor.role === 'technician' && order.technicianId !== actor.id && rows.length === 0) {
    throw notFound(WORK_ORDER_MESSAGES.workOrderNotFound);
  }
  return billsOf(db, rows, defaults);
}

/** The effective UPI payee of a branch, for the work-order details answer. */
export async function payeeOfBranch(db: Database, branchId: string, defaults: PayeeDefaults) {
  return effectivePayee(await findBranchPayee(db, branchId), defaults);
}

/* -------------------------------------------------------------- changes */

/** The order the technician bills: theirs, in progress, not yet paid. Locked. */
async function lockBillableOrder(
  tx: Tx,
  actor: Actor,
  reference: string,
  customerId?: string,
): Promise<LockedWorkOrder> {
  const order = await lockWorkOrder(tx, reference);
  if (
    !order ||
    (customerId !== undefined && order.customerId !== customerId) ||
    order.technicianId !== actor.id
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
async function resolveLines(tx: Tx, actor: Actor, input: CreateBillInput): Promise<PricedLine[]> {
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
      if (!(await holdsSerial(tx, serial, item.id, actor.id))) {
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
    const held = await technicianQuantity(tx, line.item.id, actor.id);
    if (line.quantity > held) throw badRequest(BILL_MESSAGES.maxQuantity(held));
  }
  return lines;
}

/**
 * The branch's next bill number, `BILL-{CODE}-{YYYYMMDD}-{NNNN}` (decision 008), taken in the
 * confirming transaction: a rolled-back confirmation takes none, so numbers have no gaps.
 */
async function nextBillNumber(tx: Tx, branchId: string, at: Date): Promise<string> {
  const branch = await findBranchPayee(tx, branchId);
  const { code, day } = billNumberOf(branch?.name ?? '', at);
  const sequence = await nextBillSequence(tx, code, day);
  return `BILL-${code}-${day}-${String(sequence).padStart(4, '0')}`;
}

/** POST /api/create-bill: the technician's bill for their in-progress order. */
export async function createBill(
  db: Database,
  actor: Actor,
  input: CreateBillInput,
  defaults: PayeeDefaults,
): Promise<Bill> {
  const billId = await db.transaction(async (tx) => {
    const order = await lockBillableOrder(tx, actor, input.orderId, input.customerId);
    if (await hasPayment(tx, order.id)) throw conflict(BILL_MESSAGES.orderAlreadyPaid);
    const lines = await resolveLines(tx, actor, input);
    await closeOpenBills(tx, order.id, BILL_MESSAGES.billReplaced, actor.id);

    const totalPaise = lines.reduce((sum, l) => sum + l.item.salePricePaise * l.quantity, 0);
    // A draft has no number yet: confirmation gives it the next one (issue 15).
    const [bill] = await tx
      .insert(bills)
      .values({ workOrderId: order.id, technicianId: actor.id, totalPaise })
      .returning({ id: bills.id });
    if (!bill) throw new Error('bill insert returned no row');
    await tx.insert(billLines).values(
      lines.map((line, position) => ({
        billId: bill.id,
        position,
        itemId: line.item.id,
        name: line.item.name,
        type: line.item.type,
        unit: line.item.type === 'service' ? 'Service' : line.item.unit || 'Piece',
        serialNumber: line.serialNumber,
        quantity: line.quantity,
        pricePaise: line.item.salePricePaise,
        amountPaise: line.item.salePricePaise * line.quantity,
      })),
    );
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'bill.create',
      entityType: 'bill',
      entityId: bill.id,
      summary: `Draft bill for ${order.orderId}: ₹${toRupees(totalPaise).toFixed(2)}`,
      changes: { lines: lines.length, totalPaise },
    });
    return bill.id;
  });
  return billOf(db, billId, defaults);
}

/** The bill for a change, with its order locked first (the order that create-bill locks in). */
async function lockBillAndOrder(tx: Tx, actor: Actor, billId: string) {
  const found = await findBillRow(tx, billId);
  if (!found || found.technicianId !== actor.id) throw notFound(BILL_MESSAGES.billNotFound);
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
  input: ConfirmOrderBillInput,
  defaults: PayeeDefaults,
): Promise<ConfirmOrderBillAnswer> {
  const { billId, orderId, customerId } = await db.transaction(async (tx) => {
    const { bill, order, customerId } = await lockBillAndOrder(tx, actor, input.billId);
    if (order.technicianId !== actor.id) throw notFound(BILL_MESSAGES.billNotFound);
    if (order.status !== 'in-progress') throw conflict(BILL_MESSAGES.orderNotInProgress);
    if (await hasPayment(tx, order.id)) throw conflict(BILL_MESSAGES.orderAlreadyPaid);

    const total = bill.totalPaise;
    const paid =
      input.paymentMethod === 'online'
        ? total
        : input.paidAmount === undefined
          ? total
          : toPaise(input.paidAmount);
    if (paid < 0 || paid > total) throw badRequest(BILL_MESSAGES.paidAmountRange);

    const now = new Date();
    const billNumber = await nextBillNumber(tx, order.branchId, now);
    const lines = await listLineRows(tx, [bill.id]);
    for (const line of lines) {
      if (line.type === 'service') continue;
      const moved = await moveStock(tx, {
        itemId: line.itemId,
        serialNumber: line.serialNumber,
        quantity: line.quantity,
        from: { location: 'technician', technicianId: actor.id },
        to: {
          location: 'customer',
          workOrderId: order.id,
          customerId,
          billId: bill.id,
          installedAt: now,
          installedBy: actor.id,
        },
        branchId: order.branchId,
        actorId: actor.id,
        remark: `Bill ${billNumber}, ${order.orderId}`,
      });
      if (!moved.ok) {
        throw conflict(BILL_MESSAGES.stockNoLongerHeld(line.serialNumber ?? line.name));
      }
    }

    const confirmed = await tx
      .update(bills)
      .set({
        billNumber,
        paidAt: now,
        paidPaise: paid,
        paymentStatus: paymentStatusOf(total, paid),
        paymentMethod: input.paymentMethod,
        transactionId: input.paymentMethod === 'online' ? input.transactionId : null,
        confirmedBy: actor.id,
      })
      .where(sqlOpen(bill.id))
      .returning({ id: bills.id });
    if (confirmed.length !== 1) throw conflict(BILL_MESSAGES.billAlreadyPaid);

    await appendHistory(tx, {
      workOrderId: order.id,
      status: PAYMENT_HISTORY_STATUS,
      remark: BILL_MESSAGES.paymentRemark(billNumber, input.paymentMethod, toRupees(paid)),
      updatedBy: actor.id,
    });
    await touchWorkOrder(tx, order.id);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'bill.confirm',
      entityType: 'bill',
      entityId: bill.id,
      summary: `${billNumber}: ${input.paymentMethod} ₹${toRupees(paid).toFixed(2)} of ₹${toRupees(total).toFixed(2)}`,
      changes: {
        paymentMethod: input.paymentMethod,
        paidPaise: paid,
        totalPaise: total,
        transactionId: input.transactionId,
      },
    });
    return { billId: bill.id, orderId: order.id, customerId };
  });
  const [bill, workOrder] = await Promise.all([
    billOf(db, billId, defaults),
    getWorkOrderDetails(db, actor, customerId, orderId),
  ]);
  return { ...bill, workOrder: { ...workOrder, upiPayee: bill.upiPayee } };
}

/** POST /api/reject-bill: the bill closes unpaid; stock stays with the technician. */
export async function rejectBill(
  db: Database,
  actor: Actor,
  input: RejectBillInput,
  defaults: PayeeDefaults,
): Promise<Bill> {
  const billId = await db.transaction(async (tx) => {
    const { bill, order } = await lockBillAndOrder(tx, actor, input.billId);
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
  actor: Actor,
  input: UpdateSerialStatusInput,
) {
  const order = await findWorkOrderRow(db, input.workOrderId);
  if (
    !order ||
    (input.customerId && input.customerId !== order.customerId) ||
    !canSeeWorkOrder(actor, order)
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
