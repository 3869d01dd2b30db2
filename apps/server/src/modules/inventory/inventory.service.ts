import {
  type AddStockInput,
  type AssignInventoryInput,
  type CreateInventoryInput,
  type InventoryItemType,
  INVENTORY_MESSAGES as M,
  type ReturnInventoryInput,
  toPaise,
  toRupees,
  type UpdateInventoryInput,
} from '@karya/domain/inventory-schemas';
import { isUuid } from '@karya/domain/user-schemas';
import { and, asc, desc, eq, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { recordAudit } from '../../audit/record-audit';
import type { Actor } from '../../auth/guard';
import type { Database, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import {
  branchStock,
  inventoryItems,
  inventoryReturnLines,
  inventoryReturns,
  serialUnits,
  stockMovements,
  technicianStock,
  users,
} from '../../db/schema';
import { likeEscape } from '../../db/sql-text';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import {
  branchQuantity,
  findInstallation,
  findItemRow,
  findSerial,
  findUserBrief,
  type ItemRow,
  itemHasStock,
  lockOpenReturn,
  returnLinesOf,
} from './inventory.queries';
import { forgetEmptyBalances, moveStock } from './stock-ledger';

const isAdmin = (actor: Actor) => actor.role === 'admin';
const fullName = (u: { firstName: string; lastName: string }) =>
  `${u.firstName} ${u.lastName}`.trim();

/** The catalogue item as answered; purchasePrice only for admins (absent, not null, otherwise). */
export function itemView(row: ItemRow, actor: Actor, totalStock = 0) {
  return {
    _id: row.id,
    id: row.code,
    type: row.type,
    itemType: row.type.replace('-product', ''),
    name: row.name,
    unit: row.unit,
    warranty: row.warranty,
    mrp: toRupees(row.mrpPaise),
    ...(isAdmin(actor) ? { purchasePrice: toRupees(row.purchasePricePaise) } : {}),
    salePrice: toRupees(row.salePricePaise),
    totalStock,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A manager's or technician's own branch; an admin's choice (undefined: every branch). */
function branchScope(actor: Actor, requested?: string): string | undefined {
  if (isAdmin(actor)) return requested && isUuid(requested) ? requested : undefined;
  if (!actor.branchId) throw forbidden(M.noBranch);
  return actor.branchId;
}

/** The units a call names: its serial (quantity 1) or its quantity of a generic item. */
function unitsOf(
  item: ItemRow,
  input: { serialNumber?: string | null; quantity?: number | null },
): { serialNumber: string | null; quantity: number } {
  if (item.type === 'serialized-product') {
    const serialNumber = input.serialNumber?.trim() || null;
    if (!serialNumber) throw badRequest(M.serialRequired);
    return { serialNumber, quantity: 1 };
  }
  const quantity = input.quantity ?? 0;
  if (!Number.isInteger(quantity) || quantity < 1) throw badRequest(M.quantityMin);
  return { serialNumber: null, quantity };
}

async function requireItem(db: Database | Tx, itemId: string): Promise<ItemRow> {
  const item = await findItemRow(db, itemId);
  if (!item) throw notFound(M.itemNotFound);
  return item;
}

/* ---------- catalogue ---------- */

export async function listItems(
  db: Database,
  actor: Actor,
  filter: { type?: InventoryItemType; search?: string; branch?: string },
) {
  const branch = branchScope(actor, filter.branch);
  const where: SQL[] = [];
  if (filter.type) where.push(eq(inventoryItems.type, filter.type));
  if (filter.search) where.push(ilike(inventoryItems.name, `%${likeEscape(filter.search)}%`));
  const stock = db
    .select({
      itemId: branchStock.itemId,
      total: sql<number>`sum(${branchStock.quantity})::int`.as('total'),
    })
    .from(branchStock)
    .where(branch ? eq(branchStock.branchId, branch) : undefined)
    .groupBy(branchStock.itemId)
    .as('stock');
  const rows = await db
    .select({ item: inventoryItems, total: stock.total })
    .from(inventoryItems)
    .leftJoin(stock, eq(stock.itemId, inventoryItems.id))
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(sql`lower(${inventoryItems.name})`));
  return rows.map((r) => ({ ...itemView(r.item, actor, r.total ?? 0), stock: r.total ?? 0 }));
}

export async function getItem(db: Database, actor: Actor, itemId: string) {
  const item = await requireItem(db, itemId);
  const branch = branchScope(actor);
  const total = branch
    ? await branchQuantity(db, item.id, branch)
    : Number(
        (
          await db
            .select({ total: sql<number>`coalesce(sum(${branchStock.quantity}), 0)::int` })
            .from(branchStock)
            .where(eq(branchStock.itemId, item.id))
        )[0]?.total ?? 0,
      );
  return { ...itemView(item, actor, total), stock: total };
}

export async function createItem(db: Database, actor: Actor, input: CreateInventoryInput) {
  const code = input.id?.trim() || `ITEM-${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const product = input.type !== 'service';
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(inventoryItems)
        .values({
          code,
          type: input.type,
          name: (input.name ?? '').trim(),
          unit: input.unit || 'Piece',
          warranty: String(input.warranty ?? ''),
          mrpPaise: product ? toPaise(input.mrp ?? 0) : 0,
          purchasePricePaise: product ? toPaise(input.purchasePrice ?? 0) : 0,
          salePricePaise: toPaise(input.salePrice ?? 0),
          createdBy: actor.id,
        })
        .returning();
      if (!row) throw new Error('item not created');
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'inventory.create',
        entityType: 'inventory_item',
        entityId: row.id,
        summary: `Added ${row.type} ${row.name}`,
      });
      return itemView(row, actor);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(M.duplicateId);
    throw error;
  }
}

export async function updateItem(
  db: Database,
  actor: Actor,
  itemId: string,
  input: UpdateInventoryInput,
) {
  return db.transaction(async (tx) => {
    const item = await requireItem(tx, itemId);
    if (input.type && input.type !== item.type) throw badRequest(M.typeFixed);
    const name = (input.name ?? '').trim();
    if (item.type !== 'service' && name !== item.name) throw badRequest(M.nameFixed);
    const product = item.type !== 'service';
    const [row] = await tx
      .update(inventoryItems)
      .set({
        name,
        unit: input.unit || item.unit,
        warranty: input.warranty === undefined ? item.warranty : String(input.warranty),
        mrpPaise: product ? toPaise(input.mrp ?? 0) : 0,
        purchasePricePaise: product ? toPaise(input.purchasePrice ?? 0) : 0,
        salePricePaise: toPaise(input.salePrice ?? 0),
        updatedAt: sql`now()`,
      })
      .where(eq(inventoryItems.id, item.id))
      .returning();
    if (!row) throw notFound(M.itemNotFound);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'inventory.update',
      entityType: 'inventory_item',
      entityId: row.id,
      summary: `Updated ${row.name}`,
    });
    return itemView(row, actor);
  });
}

export async function deleteItem(db: Database, actor: Actor, itemId: string) {
  await db.transaction(async (tx) => {
    const item = await requireItem(tx, itemId);
    // Lock the item: a concurrent stock-in references it and waits, or this refuses.
    await tx
      .select({ id: inventoryItems.id })
      .from(inventoryItems)
      .where(eq(inventoryItems.id, item.id))
      .for('update');
    if (await itemHasStock(tx, item.id)) throw conflict(M.hasStock);
    // The ledger keeps history; an item with movements keeps its rows (restrict) and cannot go.
    const [moved] = await tx
      .select({ id: stockMovements.id })
      .from(stockMovements)
      .where(eq(stockMovements.itemId, item.id))
      .limit(1);
    if (moved) throw conflict(M.hasStock);
    await forgetEmptyBalances(tx, item.id);
    await tx.delete(inventoryItems).where(eq(inventoryItems.id, item.id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'inventory.delete',
      entityType: 'inventory_item',
      entityId: item.id,
      summary: `Deleted ${item.name}`,
    });
  });
}

/* ---------- branch stock ---------- */

export async function inventoryByType(
  db: Database,
  actor: Actor,
  type: InventoryItemType,
  requested?: string,
) {
  const branch = branchScope(actor, requested);
  const items = await listItems(db, actor, { type, branch });
  if (type === 'service') return items.map((i) => ({ ...i, stock: [] }));
  const ids = items.map((i) => i._id);
  if (ids.length === 0) return [];
  if (type === 'serialized-product') {
    const serials = await db
      .select()
      .from(serialUnits)
      .where(
        and(
          inArray(serialUnits.itemId, ids),
          eq(serialUnits.location, 'branch'),
          branch ? eq(serialUnits.branchId, branch) : undefined,
        ),
      )
      .orderBy(asc(serialUnits.stockedAt), asc(serialUnits.serialNumber));
    return items.map((i) => ({
      ...i,
      stock: serials
        .filter((s) => s.itemId === i._id)
        .map((s) => ({
          serialNumber: s.serialNumber,
          quantity: 1,
          date: s.stockedAt.toISOString(),
          remark: s.remark,
        })),
    }));
  }
  const entries = await db
    .select()
    .from(stockMovements)
    .where(
      and(
        inArray(stockMovements.itemId, ids),
        eq(stockMovements.fromLocation, 'supplier'),
        branch ? eq(stockMovements.toBranchId, branch) : undefined,
      ),
    )
    .orderBy(asc(stockMovements.movedOn), asc(stockMovements.id));
  return items.map((i) => ({
    ...i,
    stock: entries
      .filter((e) => e.itemId === i._id)
      .map((e) => ({ quantity: e.quantity, date: e.movedOn.toISOString(), remark: e.remark })),
  }));
}

export async function addStock(db: Database, actor: Actor, input: AddStockInput) {
  if (!actor.branchId) throw forbidden(M.noBranch);
  const branchId = actor.branchId;
  const remark = input.remark?.trim() ?? '';
  if (!remark) throw badRequest(M.remarkRequired);
  const movedOn =
    input.date && !Number.isNaN(Date.parse(input.date)) ? new Date(input.date) : new Date();
  try {
    return await db.transaction(async (tx) => {
      const item = await requireItem(tx, input.itemId);
      if (item.type === 'service') throw badRequest(M.noStockForService);
      const { serialNumber, quantity } = unitsOf(item, input);
      const existing = serialNumber ? await findSerial(tx, serialNumber) : undefined;
      if (existing) throw conflict(M.serialExists(existing.itemName));
      await moveStock(tx, {
        itemId: item.id,
        serialNumber,
        quantity,
        from: { location: 'supplier' },
        to: { location: 'branch', branchId },
        branchId,
        actorId: actor.id,
        remark,
        movedOn,
      });
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'inventory.stock-in',
        entityType: 'inventory_item',
        entityId: item.id,
        summary: `Stock in ${serialNumber ?? quantity} of ${item.name}`,
      });
      return {
        itemId: item.code,
        _id: item.id,
        serialNumber,
        quantity,
      };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      const existing = input.serialNumber
        ? await findSerial(db, input.serialNumber.trim())
        : undefined;
      throw conflict(M.serialExists(existing?.itemName ?? ''));
    }
    throw error;
  }
}

export async function checkSerial(db: Database, serial: string) {
  const found = await findSerial(db, serial.trim());
  if (!found) return { exists: false, item: null, message: M.serialNotFound };
  return {
    exists: true,
    item: { id: found.itemCode, _id: found.itemId, name: found.itemName },
    message: M.serialFound,
  };
}

/* ---------- assignment, returns, confirmation ---------- */

export async function assignToTechnician(db: Database, actor: Actor, input: AssignInventoryInput) {
  if (!actor.branchId) throw forbidden(M.noBranch);
  const branchId = actor.branchId;
  const technician = await findUserBrief(db, input.technicianId);
  if (technician?.role !== 'technician') throw notFound(M.technicianNotFound);
  if (technician.branchId !== branchId) throw forbidden(M.notYourBranch);
  return db.transaction(async (tx) => {
    const item = await requireItem(tx, input.itemId);
    if (item.type === 'service') throw badRequest(M.noStockForService);
    const { serialNumber, quantity } = unitsOf(item, input);
    const moved = await moveStock(tx, {
      itemId: item.id,
      serialNumber,
      quantity,
      from: { location: 'branch', branchId },
      to: { location: 'technician', technicianId: technician.id },
      branchId,
      actorId: actor.id,
    });
    if (!moved.ok) {
      throw conflict(
        moved.reason === 'short' ? M.onlyAvailable(moved.available) : M.serialNotInInventory,
      );
    }
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'inventory.assign',
      entityType: 'inventory_item',
      entityId: item.id,
      summary: `Assigned ${serialNumber ?? quantity} of ${item.name} to ${technician.username}`,
    });
    return {
      technicianId: technician.id,
      technicianName: fullName(technician),
      itemId: item.code,
      _id: item.id,
      serialNumber,
      quantity,
    };
  });
}

/** What a technician holds: every product with a positive balance, and every service. */
export async function technicianInventory(db: Database, actor: Actor, technicianId?: string) {
  let id = actor.id;
  if (actor.role !== 'technician') {
    const technician = technicianId ? await findUserBrief(db, technicianId) : undefined;
    if (technician?.role !== 'technician') throw notFound(M.technicianNotFound);
    if (actor.role === 'manager' && technician.branchId !== actor.branchId)
      throw notFound(M.technicianNotFound);
    id = technician.id;
  }
  const held = await db
    .select({
      item: inventoryItems,
      quantity: technicianStock.quantity,
      updatedAt: technicianStock.updatedAt,
    })
    .from(technicianStock)
    .innerJoin(inventoryItems, eq(inventoryItems.id, technicianStock.itemId))
    .where(and(eq(technicianStock.technicianId, id), gte(technicianStock.quantity, 1)))
    .orderBy(asc(inventoryItems.name));
  const serials = await db
    .select({
      serialNumber: serialUnits.serialNumber,
      itemId: serialUnits.itemId,
      assignedAt: serialUnits.updatedAt,
    })
    .from(serialUnits)
    .where(and(eq(serialUnits.technicianId, id), eq(serialUnits.location, 'technician')))
    .orderBy(asc(serialUnits.serialNumber));
  const services = await db
    .select()
    .from(inventoryItems)
    .where(eq(inventoryItems.type, 'service'))
    .orderBy(asc(inventoryItems.name));
  const view = (item: ItemRow, quantity: number, updatedAt: Date) => ({
    _id: item.id,
    id: item.code,
    itemId: item.code,
    itemName: item.name,
    type: item.type,
    unit: item.unit || 'Piece',
    salePrice: toRupees(item.salePricePaise),
    genericQuantity: item.type === 'generic-product' ? quantity : 0,
    quantity,
    lastUpdated: updatedAt.toISOString(),
    serializedItems: serials
      .filter((s) => s.itemId === item.id)
      .map((s) => ({
        serialNumber: s.serialNumber,
        status: 'active',
        assignedAt: s.assignedAt.toISOString(),
      })),
  });
  return [
    ...held.map((h) => view(h.item, h.quantity, h.updatedAt)),
    ...services.map((s) => view(s, 0, s.updatedAt)),
  ];
}

export async function returnInventory(db: Database, actor: Actor, input: ReturnInventoryInput) {
  return db.transaction(async (tx) => {
    const item = await requireItem(tx, input.itemId);
    if (item.type === 'service') throw badRequest(M.noStockForService);
    const open = await lockOpenReturn(tx, actor.id);
    const returnId =
      open?.id ??
      (
        await tx
          .insert(inventoryReturns)
          .values({ technicianId: actor.id, branchId: actor.branchId })
          .returning({ id: inventoryReturns.id })
      )[0]?.id;
    if (!returnId) throw new Error('return not created');
    const { serialNumber, quantity } = unitsOf(item, input);
    const moved = await moveStock(tx, {
      itemId: item.id,
      serialNumber,
      quantity,
      from: { location: 'technician', technicianId: actor.id },
      to: { location: 'pending-return', technicianId: actor.id, returnId },
      branchId: actor.branchId,
      actorId: actor.id,
    });
    if (!moved.ok) {
      throw conflict(
        moved.reason === 'short' && moved.available > 0
          ? M.notHeldQuantity(moved.available)
          : M.notHeld,
      );
    }
    await tx
      .insert(inventoryReturnLines)
      .values({ returnId, itemId: item.id, serialNumber, quantity });
    await tx
      .update(inventoryReturns)
      .set({ updatedAt: sql`now()` })
      .where(eq(inventoryReturns.id, returnId));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'inventory.return',
      entityType: 'inventory_return',
      entityId: returnId,
      summary: `Returned ${serialNumber ?? quantity} of ${item.name}`,
    });
    return { returnId, itemId: item.code, _id: item.id, serialNumber, quantity };
  });
}

export async function listReturns(
  db: Database,
  actor: Actor,
  filter: { branch?: string; status?: 'pending' | 'confirmed' | 'all' },
) {
  const branch = branchScope(actor, filter.branch);
  const status = filter.status ?? 'pending';
  const rows = await db
    .select({
      id: inventoryReturns.id,
      status: inventoryReturns.status,
      returnedAt: inventoryReturns.updatedAt,
      confirmedAt: inventoryReturns.confirmedAt,
      technicianId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
    })
    .from(inventoryReturns)
    .innerJoin(users, eq(users.id, inventoryReturns.technicianId))
    .where(
      and(
        status === 'all' ? undefined : eq(inventoryReturns.status, status),
        actor.role === 'technician' ? eq(inventoryReturns.technicianId, actor.id) : undefined,
        branch ? eq(users.branchId, branch) : undefined,
      ),
    )
    .orderBy(desc(inventoryReturns.updatedAt));
  const lines = await returnLinesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const items = lines
      .filter((l) => l.returnId === r.id)
      .map((l) => ({
        id: l.code,
        _id: l.itemId,
        name: l.name,
        type: l.type === 'serialized-product' ? 'serialized-product' : 'generic',
        quantity: l.quantity,
        unit: l.unit,
        serialNumber: l.serialNumber,
      }));
    return {
      id: r.id,
      _id: r.id,
      status: r.status,
      technician: {
        _id: r.technicianId,
        name: `${r.firstName} ${r.lastName}`.trim(),
        username: r.username,
      },
      returnedAt: r.returnedAt.toISOString(),
      confirmedAt: r.confirmedAt?.toISOString() ?? null,
      itemCount: items.length,
      totalQuantity: items.reduce((sum, i) => sum + i.quantity, 0),
      items,
    };
  });
}

export async function confirmReturn(db: Database, actor: Actor, returnId: string) {
  if (!actor.branchId) throw forbidden(M.noBranch);
  const branchId = actor.branchId;
  if (!isUuid(returnId)) throw notFound(M.returnNotFound);
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({
        id: inventoryReturns.id,
        status: inventoryReturns.status,
        technicianId: inventoryReturns.technicianId,
        technicianBranch: users.branchId,
      })
      .from(inventoryReturns)
      .innerJoin(users, eq(users.id, inventoryReturns.technicianId))
      .where(eq(inventoryReturns.id, returnId));
    if (!found || found.technicianBranch !== branchId) throw notFound(M.returnNotFound);
    // The conditional update is the once-only guard: a second confirmation finds no pending row.
    const [claimed] = await tx
      .update(inventoryReturns)
      .set({ status: 'confirmed', confirmedBy: actor.id, confirmedAt: sql`now()` })
      .where(and(eq(inventoryReturns.id, returnId), eq(inventoryReturns.status, 'pending')))
      .returning({ id: inventoryReturns.id });
    if (!claimed) throw conflict(M.returnAlreadyConfirmed);
    const lines = await tx
      .select()
      .from(inventoryReturnLines)
      .where(eq(inventoryReturnLines.returnId, returnId));
    for (const line of lines) {
      const moved = await moveStock(tx, {
        itemId: line.itemId,
        serialNumber: line.serialNumber,
        quantity: line.quantity,
        from: { location: 'pending-return', technicianId: found.technicianId, returnId },
        to: { location: 'branch', branchId },
        branchId,
        actorId: actor.id,
      });
      if (!moved.ok) throw conflict(M.returnAlreadyConfirmed);
    }
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'inventory.confirm-return',
      entityType: 'inventory_return',
      entityId: returnId,
      summary: `Confirmed a return of ${lines.length} line(s)`,
    });
    return {
      id: returnId,
      itemCount: lines.length,
      totalQuantity: lines.reduce((s, l) => s + l.quantity, 0),
    };
  });
}

/* ---------- history ---------- */

const fromUser = alias(users, 'from_user');
const toUser = alias(users, 'to_user');
const byUser = alias(users, 'by_user');

export interface HistoryFilter {
  branch?: string;
  technicianId?: string;
  itemId?: string;
  serialNumber?: string;
  kind?: 'stock-in' | 'assigned' | 'returned' | 'confirmed' | 'billed';
  from?: Date;
  to?: Date;
  limit: number;
  offset: number;
}

const KIND: Record<NonNullable<HistoryFilter['kind']>, SQL> = {
  'stock-in': sql`${stockMovements.fromLocation} = 'supplier'`,
  assigned: sql`${stockMovements.fromLocation} = 'branch' and ${stockMovements.toLocation} = 'technician'`,
  returned: sql`${stockMovements.fromLocation} = 'technician' and ${stockMovements.toLocation} = 'pending-return'`,
  confirmed: sql`${stockMovements.fromLocation} = 'pending-return' and ${stockMovements.toLocation} = 'branch'`,
  billed: sql`${stockMovements.toLocation}::text = 'customer'`,
};

function label(location: string, user: { firstName: string | null; lastName: string | null }) {
  if (location === 'branch') return 'Branch Inventory';
  if (location === 'supplier') return 'Stock In';
  if (location === 'customer') return 'Customer';
  const name = `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim();
  return location === 'pending-return' ? `Pending Return (${name})` : name;
}

export async function transferHistory(db: Database, actor: Actor, filter: HistoryFilter) {
  const branch = branchScope(actor, filter.branch);
  const where: (SQL | undefined)[] = [
    branch ? eq(stockMovements.branchId, branch) : undefined,
    filter.kind ? KIND[filter.kind] : undefined,
    filter.technicianId && isUuid(filter.technicianId)
      ? or(
          eq(stockMovements.fromTechnicianId, filter.technicianId),
          eq(stockMovements.toTechnicianId, filter.technicianId),
        )
      : undefined,
    filter.serialNumber ? eq(stockMovements.serialNumber, filter.serialNumber) : undefined,
    filter.from ? gte(stockMovements.createdAt, filter.from) : undefined,
    filter.to ? lte(stockMovements.createdAt, filter.to) : undefined,
  ];
  if (filter.itemId) {
    const item = await findItemRow(db, filter.itemId);
    if (!item) return { items: [], total: 0 };
    where.push(eq(stockMovements.itemId, item.id));
  }
  const condition = and(...where);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(stockMovements)
    .where(condition);
  const rows = await db
    .select({
      m: stockMovements,
      code: inventoryItems.code,
      name: inventoryItems.name,
      type: inventoryItems.type,
      unit: inventoryItems.unit,
      fromFirst: fromUser.firstName,
      fromLast: fromUser.lastName,
      toFirst: toUser.firstName,
      toLast: toUser.lastName,
      byFirst: byUser.firstName,
      byLast: byUser.lastName,
    })
    .from(stockMovements)
    .innerJoin(inventoryItems, eq(inventoryItems.id, stockMovements.itemId))
    .leftJoin(fromUser, eq(fromUser.id, stockMovements.fromTechnicianId))
    .leftJoin(toUser, eq(toUser.id, stockMovements.toTechnicianId))
    .leftJoin(byUser, eq(byUser.id, stockMovements.actorId))
    .where(condition)
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return {
    total: count?.total ?? 0,
    items: rows.map((r) => ({
      _id: String(r.m.id),
      timestamp: r.m.createdAt.toISOString(),
      date: r.m.movedOn.toISOString(),
      itemId: r.code,
      itemName: r.name,
      type: r.type,
      kind:
        (Object.keys(KIND) as (keyof typeof KIND)[]).find((k) => kindOf(r.m) === k) ?? 'stock-in',
      from: label(r.m.fromLocation, { firstName: r.fromFirst, lastName: r.fromLast }),
      to: label(r.m.toLocation, { firstName: r.toFirst, lastName: r.toLast }),
      fromLocation: r.m.fromLocation,
      toLocation: r.m.toLocation,
      technicianId: r.m.toTechnicianId ?? r.m.fromTechnicianId,
      quantity: r.m.quantity,
      unit: r.unit,
      serialNumber: r.m.serialNumber,
      remark: r.m.remark,
      transferredBy: `${r.byFirst ?? ''} ${r.byLast ?? ''}`.trim(),
    })),
  };
}

function kindOf(m: { fromLocation: string; toLocation: string }): HistoryFilter['kind'] {
  if (m.fromLocation === 'supplier') return 'stock-in';
  if (m.toLocation === 'customer') return 'billed';
  if (m.fromLocation === 'branch') return 'assigned';
  if (m.fromLocation === 'technician') return 'returned';
  return 'confirmed';
}

/** A technician's assigned and returned movements (the Technician Inventory History modal). */
export async function inventoryHistory(db: Database, actor: Actor, technicianId?: string) {
  let id = actor.id;
  if (actor.role !== 'technician') {
    const technician = technicianId ? await findUserBrief(db, technicianId) : undefined;
    if (technician?.role !== 'technician') throw notFound(M.technicianNotFound);
    if (actor.role === 'manager' && technician.branchId !== actor.branchId)
      throw notFound(M.technicianNotFound);
    id = technician.id;
  }
  const all = { technicianId: id, limit: 10_000, offset: 0 };
  const admin = { ...actor, role: 'admin' as const };
  const [assigned, returned] = await Promise.all([
    transferHistory(db, admin, { ...all, kind: 'assigned' }),
    transferHistory(db, admin, { ...all, kind: 'returned' }),
  ]);
  return { assigned: assigned.items, returned: returned.items };
}

/**
 * Where a serial is now (spec 2 §7 'Serial details'). Once billed it is at the customer: the
 * installation date is the bill's confirmation, and the order's branch may see it.
 */
export async function serialDetail(db: Database, actor: Actor, serial: string) {
  const found = await findSerial(db, serial.trim());
  if (!found) throw notFound(M.serialNotFound);
  const [item] = await db.select().from(inventoryItems).where(eq(inventoryItems.id, found.itemId));
  const holder = found.technicianId ? await findUserBrief(db, found.technicianId) : undefined;
  const installed =
    found.location === 'customer' ? await findInstallation(db, serial.trim()) : undefined;
  const branch = branchScope(actor);
  if (
    branch &&
    found.branchId !== branch &&
    holder?.branchId !== branch &&
    installed?.branchId !== branch
  )
    throw notFound(M.serialNotFound);
  return {
    serialNumber: found.serialNumber,
    itemId: found.itemCode,
    _id: found.itemId,
    productName: found.itemName,
    price: item ? toRupees(item.salePricePaise) : 0,
    warranty: item?.warranty ?? '',
    location: found.location,
    branchId: found.branchId,
    technicianId: found.technicianId,
    technicianName: holder ? fullName(holder) : null,
    installationDate: installed?.installedAt?.toISOString() ?? null,
    workOrderId: installed?.orderId ?? null,
    customerName: installed?.customerName ?? null,
    customerPhone: installed?.customerPhone ?? null,
    billNumber: installed?.billNumber ?? null,
    installedBy: installed?.technician ? fullName(installed.technician) : null,
  };
}
