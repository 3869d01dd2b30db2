import { INVENTORY_MESSAGES as M } from '@karya/domain/inventory-schemas';
import { inScope, type Scope } from '../../auth/scope';
import type { Database, Tx } from '../../db/client';
import { badRequest, notFound } from '../../http/errors';
import { findItemRow, findUserBrief, type ItemRow } from './inventory.queries';

/** The rules every inventory job shares: whose stock, which item, how many units. */

export const fullName = (u: { firstName: string; lastName: string }) =>
  `${u.firstName} ${u.lastName}`.trim();

/**
 * The technician whose stock or history the scope may read: a technician themselves, a
 * manager one of their branch, an admin anyone. Anything else reads as not found.
 */
export async function readableTechnician(
  db: Database,
  scope: Scope,
  technicianId?: string,
): Promise<string> {
  if (scope.kind === 'own') return scope.technicianId;
  const technician = technicianId ? await findUserBrief(db, technicianId) : undefined;
  if (technician?.role !== 'technician') throw notFound(M.technicianNotFound);
  if (!inScope(scope, technician.branchId)) throw notFound(M.technicianNotFound);
  return technician.id;
}

export async function requireItem(db: Database | Tx, itemId: string): Promise<ItemRow> {
  const item = await findItemRow(db, itemId);
  if (!item) throw notFound(M.itemNotFound);
  return item;
}

/** The units a call names: its serial (quantity 1) or its quantity of a generic item. */
export function unitsOf(
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
