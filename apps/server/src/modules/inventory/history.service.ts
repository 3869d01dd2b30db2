import {
  FAULTY_PLACE_LABEL,
  type TransferKind,
  type TransferRecord,
} from '@karya/domain/inventory-answers';
import { isUuid } from '@karya/domain/user-schemas';
import { branchOfScope, type Scope } from '../../auth/scope';
import type { Database } from '../../db/client';
import {
  countMovements,
  listMovements,
  type MovementFilter,
  type MovementRow,
} from './history.queries';
import { findItemRow } from './inventory.queries';
import { readableTechnician } from './inventory-rules';

/** The transfer history (spec 2 §3 'Transfer history record') read from the ledger. */

export interface HistoryQuery {
  technicianId?: string;
  itemId?: string;
  serialNumber?: string;
  kind?: TransferKind;
  from?: Date;
  to?: Date;
  limit: number;
  offset: number;
}

interface PlaceNames {
  firstName: string | null;
  lastName: string | null;
  customerName: string | null;
  workOrderCode: string | null;
}

/**
 * What a place is called in the history; the branch side is 'Branch Inventory' (spec 2 §3),
 * its shelf of units taken back under warranty 'Faulty Stock', never to be read as stock.
 * A customer is named, with the order the unit went out on: 'Customer: Asha Rao (WO-…)'.
 */
function label(location: string, names: PlaceNames) {
  if (location === 'branch') return 'Branch Inventory';
  if (location === 'faulty') return FAULTY_PLACE_LABEL;
  if (location === 'supplier') return 'Stock In';
  if (location === 'customer') return customerLabel(names);
  const name = `${names.firstName ?? ''} ${names.lastName ?? ''}`.trim();
  return location === 'pending-return' ? `Pending Return (${name})` : name;
}

function customerLabel({ customerName, workOrderCode }: PlaceNames): string {
  const order = workOrderCode ? ` (${workOrderCode})` : '';
  return customerName ? `Customer: ${customerName}${order}` : `Customer${order}`;
}

function kindOf(m: {
  fromLocation: string;
  toLocation: string;
  billId: string | null;
}): TransferKind {
  if (m.fromLocation === 'supplier') return 'stock-in';
  if (m.toLocation === 'faulty') return 'faulty';
  // A unit reaches a customer on a bill, or without one as a warranty replacement.
  if (m.toLocation === 'customer') return m.billId ? 'billed' : 'replacement';
  if (m.fromLocation === 'branch') return 'assigned';
  if (m.fromLocation === 'technician') return 'returned';
  return 'confirmed';
}

function customerOf(r: MovementRow) {
  return { customerName: r.customerName, workOrderCode: r.workOrderCode };
}

export function transferRecord(r: MovementRow): TransferRecord {
  return {
    _id: String(r.m.id),
    timestamp: r.m.createdAt.toISOString(),
    date: r.m.movedOn.toISOString(),
    itemId: r.code,
    itemName: r.name,
    type: r.type,
    kind: kindOf(r.m),
    from: label(r.m.fromLocation, {
      ...customerOf(r),
      firstName: r.fromFirst,
      lastName: r.fromLast,
    }),
    to: label(r.m.toLocation, { ...customerOf(r), firstName: r.toFirst, lastName: r.toLast }),
    fromLocation: r.m.fromLocation,
    toLocation: r.m.toLocation,
    technicianId: r.m.toTechnicianId ?? r.m.fromTechnicianId,
    quantity: r.m.quantity,
    unit: r.unit,
    serialNumber: r.m.serialNumber,
    remark: r.m.remark,
    transferredBy: `${r.byFirst ?? ''} ${r.byLast ?? ''}`.trim(),
  };
}

/** The ledger as the reader may see it: managers their branch, admins all or ?branch=. */
export async function transferHistory(db: Database, scope: Scope, query: HistoryQuery) {
  const filter: MovementFilter = {
    branchId: branchOfScope(scope) ?? null,
    kind: query.kind,
    technicianId: query.technicianId && isUuid(query.technicianId) ? query.technicianId : undefined,
    serialNumber: query.serialNumber || undefined,
    from: query.from,
    to: query.to,
  };
  if (query.itemId) {
    const item = await findItemRow(db, query.itemId);
    if (!item) return { items: [], total: 0 };
    filter.itemId = item.id;
  }
  const [total, rows] = await Promise.all([
    countMovements(db, filter),
    listMovements(db, filter, query),
  ]);
  return { total, items: rows.map(transferRecord) };
}

/**
 * A technician's assigned and returned movements (the Technician Inventory History modal),
 * in every branch they worked in: the scope was checked against the technician, so the
 * ledger is read by technician across branches.
 */
export async function inventoryHistory(db: Database, scope: Scope, technicianId?: string) {
  const id = await readableTechnician(db, scope, technicianId);
  const everything = { limit: 10_000, offset: 0 };
  const acrossBranches = { branchId: null, technicianId: id };
  const [assigned, returned] = await Promise.all([
    listMovements(db, { ...acrossBranches, kind: 'assigned' }, everything),
    listMovements(db, { ...acrossBranches, kind: 'returned' }, everything),
  ]);
  return { assigned: assigned.map(transferRecord), returned: returned.map(transferRecord) };
}
