import type { APIRequestContext } from '@playwright/test';
import { answer, unique } from './api';

export interface SeededItem {
  _id: string;
  id: string;
  name: string;
}

/** A catalogue item made by the admin through the same endpoint as the catalogue page. */
export async function seedItem(
  admin: APIRequestContext,
  type: 'serialized-product' | 'generic-product' | 'service',
  name = unique(type === 'service' ? 'Service ' : 'Item '),
  prices: { mrp?: number; purchasePrice?: number; salePrice?: number; unit?: string } = {},
): Promise<SeededItem> {
  return answer<SeededItem>(
    await admin.post('/api/create-inventory', {
      data: {
        id: unique('ITEM-'),
        type,
        name,
        unit: prices.unit ?? (type === 'service' ? 'Service' : 'Piece'),
        warranty: '12',
        mrp: prices.mrp ?? 1500,
        purchasePrice: prices.purchasePrice ?? 900,
        salePrice: prices.salePrice ?? 1200,
      },
    }),
  );
}

/** Serial numbers no other journey of this run uses. */
export function uniqueSerials(count: number, prefix = 'SN'): string[] {
  const base = unique(prefix).toUpperCase();
  return Array.from({ length: count }, (_, index) => `${base}-${index + 1}`);
}

/** Stock into the signed-in manager's branch: one call per serial, or one quantity. */
export async function seedStock(
  manager: APIRequestContext,
  itemId: string,
  stock: { serials: string[] } | { quantity: number },
): Promise<void> {
  if ('serials' in stock) {
    for (const serialNumber of stock.serials) {
      await answer(
        await manager.post('/api/add-stock', {
          data: { itemId, serialNumber, remark: 'Opening stock' },
        }),
      );
    }
    return;
  }
  await answer(
    await manager.post('/api/add-stock', {
      data: { itemId, quantity: stock.quantity, remark: 'Opening stock' },
    }),
  );
}

/** Branch stock handed to a technician of the manager's branch. */
export async function seedAssignment(
  manager: APIRequestContext,
  technicianId: string,
  itemId: string,
  stock: { serials: string[] } | { quantity: number },
): Promise<void> {
  const calls =
    'serials' in stock
      ? stock.serials.map((serialNumber) => ({ itemId, technicianId, serialNumber }))
      : [{ itemId, technicianId, quantity: stock.quantity }];
  for (const data of calls) {
    await answer(await manager.post('/api/assign-inventory-technician', { data }));
  }
}

/** The signed-in technician hands stock back: it waits as a pending return for the manager. */
export async function seedReturn(
  technician: APIRequestContext,
  itemId: string,
  stock: { serials: string[] } | { quantity: number },
): Promise<void> {
  const calls =
    'serials' in stock
      ? stock.serials.map((serialNumber) => ({ itemId, serialNumber }))
      : [{ itemId, quantity: stock.quantity }];
  for (const data of calls) {
    await answer(await technician.post('/api/return-inventory', { data }));
  }
}
