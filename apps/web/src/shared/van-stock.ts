import type { TechnicianInventoryItem } from '@karya/domain/inventory-answers';
import type { QueuedAction } from '../lib/offline-queue';

/**
 * The technician's van stock less what bills and returns waiting to sync use (issue 20,
 * decisions 026 and 028):
 * a bill made with no signal takes its serials and quantities off the stock on screen at once,
 * so the same unit is not billed twice. Once the queue is sent the server's stock (refetched)
 * lacks them and the action is gone; a refused bill gives them back.
 */

export const CREATE_BILL_PATH = '/create-bill';
/** A technician's return of unused stock, queued offline like a bill (issue 20). */
export const RETURN_PATH = '/return-inventory';

interface QueuedBillLine {
  itemId: string;
  quantity: number;
  serialNumber: string | null;
  type: string;
}

/** The lines of a queued action that makes a bill, while it waits (not once refused). */
function waitingBillLines(action: QueuedAction): QueuedBillLine[] {
  if (action.refusal !== null) return [];
  const create = action.steps.find((step) => step.path === CREATE_BILL_PATH);
  const items = create?.body.items;
  return Array.isArray(items) ? (items as QueuedBillLine[]) : [];
}

/** The line of a queued return of unused stock, while it waits: it leaves the van too. */
function waitingReturnLines(action: QueuedAction): QueuedBillLine[] {
  if (action.refusal !== null) return [];
  return action.steps
    .filter((step) => step.path === RETURN_PATH)
    .map(({ body }) => ({
      itemId: String(body.itemId),
      quantity: typeof body.quantity === 'number' ? body.quantity : 1,
      serialNumber: typeof body.serialNumber === 'string' ? body.serialNumber : null,
      type: String(body.type),
    }));
}

/** Whether a bill of this order waits in the queue. */
export const hasWaitingBill = (actions: readonly QueuedAction[], orderId: string) =>
  actions.some((action) => action.orderId === orderId && waitingBillLines(action).length > 0);

export function withoutQueuedUse(
  items: readonly TechnicianInventoryItem[],
  actions: readonly QueuedAction[],
): TechnicianInventoryItem[] {
  const serials = new Set<string>();
  const quantities = new Map<string, number>();
  for (const action of actions) {
    for (const line of [...waitingBillLines(action), ...waitingReturnLines(action)]) {
      if (line.serialNumber) serials.add(line.serialNumber);
      else if (line.type === 'generic-product')
        quantities.set(line.itemId, (quantities.get(line.itemId) ?? 0) + line.quantity);
    }
  }
  if (serials.size === 0 && quantities.size === 0) return [...items];
  return items.flatMap((item) => {
    if (item.type === 'serialized-product') {
      const left = item.serializedItems.filter((serial) => !serials.has(serial.serialNumber));
      if (left.length === item.serializedItems.length) return [item];
      return left.length > 0 ? [{ ...item, serializedItems: left, quantity: left.length }] : [];
    }
    const used = quantities.get(item.itemId) ?? 0;
    if (item.type !== 'generic-product' || used === 0) return [item];
    const left = Math.max(0, item.genericQuantity - used);
    return left > 0 ? [{ ...item, genericQuantity: left, quantity: left }] : [];
  });
}
