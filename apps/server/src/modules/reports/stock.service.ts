import { AUTH_MESSAGES } from '@karya/domain/auth-schemas';
import { INVENTORY_MESSAGES } from '@karya/domain/inventory-schemas';
import { toRupees } from '@karya/domain/money';
import {
  LONG_HELD_DAYS,
  REPORT_MESSAGES,
  type ReorderLevelInput,
  SLOW_MOVER_DAYS,
  type StockReport,
} from '@karya/domain/report-schemas';
import { isUuid } from '@karya/domain/user-schemas';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../../audit/record-audit';
import type { Actor } from '../../auth/guard';
import type { Scope } from '../../auth/scope';
import type { Database } from '../../db/client';
import { reorderLevels } from '../../db/reports-schema';
import { branches } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { findItemRow } from '../inventory';
import {
  longHeldRows,
  lowStockRows,
  reorderLevelRows,
  slowMoverRows,
  stockHolders,
} from './stock.queries';

const DAY_MS = 24 * 60 * 60 * 1000;
const KIND_ORDER = { branch: 0, technician: 1, faulty: 2 } as const;

/**
 * The stock report (issue 38) of one branch or every branch, as of `now`. `seesCost`: the
 * purchase value, which reaches admins only (DESIGN: purchase prices are the admin's); a
 * manager's answer carries null wherever a value would be, never the figure.
 */
export async function stockReport(
  db: Database,
  branchId: string | undefined,
  seesCost: boolean,
  now: Date,
): Promise<StockReport> {
  const [holders, low, slow, held] = await Promise.all([
    stockHolders(db, branchId),
    lowStockRows(db, branchId),
    slowMoverRows(db, branchId, new Date(now.getTime() - SLOW_MOVER_DAYS * DAY_MS)),
    longHeldRows(db, branchId, new Date(now.getTime() - LONG_HELD_DAYS * DAY_MS)),
  ]);
  holders.sort(
    (a, b) =>
      a.branchName.localeCompare(b.branchName) ||
      a.branchId.localeCompare(b.branchId) ||
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      a.holderName.localeCompare(b.holderName),
  );
  const totalPaise = holders.reduce((sum, h) => sum + Number(h.costPaise), 0);
  const item = (r: { itemId: string; itemCode: string; itemName: string }) => ({
    _id: r.itemId,
    itemId: r.itemCode,
    name: r.itemName,
  });
  const branch = (r: { branchId: string; branchName: string }) => ({
    _id: r.branchId,
    name: r.branchName,
  });
  return {
    valueAtCost: seesCost ? toRupees(totalPaise) : null,
    byHolder: holders.map((h) => ({
      kind: h.kind,
      holder: { _id: h.holderId, name: h.holderName },
      branch: branch(h),
      quantity: Number(h.quantity),
      valueAtCost: seesCost ? toRupees(Number(h.costPaise)) : null,
    })),
    lowStock: low.map((r) => ({
      item: item(r),
      branch: branch(r),
      quantity: Number(r.quantity),
      level: Number(r.level),
    })),
    slowMovers: slow.map((r) => ({
      item: item(r),
      branch: branch(r),
      quantity: Number(r.quantity),
      lastMovedAt: r.lastMovedMs === null ? null : new Date(Number(r.lastMovedMs)).toISOString(),
    })),
    longHeldSerials: held.map((r) => ({
      serialNumber: r.serialNumber,
      item: item(r),
      technician: { _id: r.technicianId, name: r.technicianName },
      branch: branch(r),
      since: new Date(Number(r.sinceMs)).toISOString(),
      days: Math.floor((now.getTime() - Number(r.sinceMs)) / DAY_MS),
    })),
  };
}

/**
 * The branch a reorder level is set in: it must exist, and be the manager's own (another
 * branch answers as absent, as every branch-scoped record does, so its existence does not
 * leak); an admin any. A technician never gets here (the route admits the desk only).
 */
async function levelBranchOf(db: Database, scope: Scope, branchId: string): Promise<string> {
  if (scope.kind === 'own') throw forbidden(AUTH_MESSAGES.forbidden);
  const absent = () => notFound(REPORT_MESSAGES.branchNotFound);
  if (!isUuid(branchId) || (scope.kind === 'branch' && scope.branchId !== branchId)) throw absent();
  const [found] = await db
    .select({ id: branches.id })
    .from(branches)
    .where(eq(branches.id, branchId))
    .limit(1);
  if (!found) throw absent();
  return found.id;
}

/**
 * PUT /api/reorder-levels: an item's reorder level in a branch; 0 clears it (the row goes,
 * so 'no level' is one state, not a level of 0 that nothing can be below). Checked before
 * anything is written; the change and its audit event in one transaction.
 */
export async function setReorderLevel(
  db: Database,
  actor: Actor,
  scope: Scope,
  input: ReorderLevelInput,
) {
  const branchId = await levelBranchOf(db, scope, input.branchId);
  const item = await findItemRow(db, input.itemId);
  if (!item) throw notFound(REPORT_MESSAGES.itemNotFound);
  if (item.type === 'service')
    throw badRequest(INVENTORY_MESSAGES.noStockForService, [
      { field: 'itemId', message: INVENTORY_MESSAGES.noStockForService },
    ]);
  await db.transaction(async (tx) => {
    const where = and(eq(reorderLevels.itemId, item.id), eq(reorderLevels.branchId, branchId));
    const [before] = await tx
      .select({ level: reorderLevels.level })
      .from(reorderLevels)
      .where(where);
    if (input.level === 0) await tx.delete(reorderLevels).where(where);
    else
      await tx
        .insert(reorderLevels)
        .values({ itemId: item.id, branchId, level: input.level })
        .onConflictDoUpdate({
          target: [reorderLevels.itemId, reorderLevels.branchId],
          set: { level: input.level },
        });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'inventory.reorder-level',
      entityType: 'inventory_item',
      entityId: item.id,
      summary:
        input.level === 0
          ? `Reorder level of ${item.name} cleared`
          : `Reorder level of ${item.name} set to ${input.level}`,
      changes: { branchId, level: { from: before?.level ?? 0, to: input.level } },
    });
  });
  return { itemId: item.id, branchId, level: input.level };
}

/** GET /api/reorder-levels: the scope's levels (an admin every branch unless ?branch=). */
export function reorderLevelsOf(db: Database, branchId: string | undefined) {
  return reorderLevelRows(db, branchId);
}
