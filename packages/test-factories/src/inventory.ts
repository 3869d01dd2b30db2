import { dataOf, type Transport } from './transport';
import { unique } from './unique';

export type ItemType = 'serialized-product' | 'generic-product' | 'service';

export interface SeededItem {
  /** The row id. */
  _id: string;
  /** The catalogue id ('ITEM-…'); the stock and bill endpoints take either. */
  id: string;
  name: string;
}

/** A catalogue item made by the admin, as the catalogue page makes it (prices in rupees). */
export async function createItem(
  admin: Transport,
  type: ItemType,
  fields: Record<string, unknown> = {},
): Promise<SeededItem> {
  return dataOf<SeededItem>(admin, 'POST', '/api/create-inventory', {
    id: unique('ITEM-'),
    type,
    name: unique(type === 'service' ? 'Service ' : 'Item '),
    unit: type === 'service' ? 'Service' : 'Piece',
    warranty: type === 'service' ? '' : '1 year',
    mrp: 1500,
    purchasePrice: 900,
    salePrice: 1200,
    ...fields,
  });
}

/** Units of a serialized product, or a quantity of anything else. */
export type Stock = { serials: readonly string[] } | { quantity: number };

/** Each unit as its own request (one per serial, as the screens send them), or the quantity. */
const eachUnit = (stock: Stock): Array<Record<string, unknown>> =>
  'serials' in stock
    ? stock.serials.map((serialNumber) => ({ serialNumber }))
    : [{ quantity: stock.quantity }];

/**
 * Stock into the signed-in manager's branch, as Add Stock does; `entry` adds what the form
 * also sends (remark, date).
 */
export async function stockIn(
  manager: Transport,
  itemId: string,
  stock: Stock,
  entry: Record<string, unknown> = {},
): Promise<void> {
  for (const unit of eachUnit(stock)) {
    await dataOf(manager, 'POST', '/api/add-stock', {
      itemId,
      remark: 'Purchase',
      ...entry,
      ...unit,
    });
  }
}

/** Branch stock handed to a technician of the manager's branch. */
export async function assignStock(
  manager: Transport,
  technicianId: string,
  itemId: string,
  stock: Stock,
): Promise<void> {
  for (const unit of eachUnit(stock)) {
    await dataOf(manager, 'POST', '/api/assign-inventory-technician', {
      technicianId,
      itemId,
      ...unit,
    });
  }
}

/** Stock into the branch and straight on to the technician: what a van holds. */
export async function stockTechnician(
  manager: Transport,
  technicianId: string,
  itemId: string,
  stock: Stock,
): Promise<void> {
  await stockIn(manager, itemId, stock);
  await assignStock(manager, technicianId, itemId, stock);
}

/** The signed-in technician hands stock back: it waits as a pending return for the manager. */
export async function returnStock(
  technician: Transport,
  itemId: string,
  stock: Stock,
): Promise<void> {
  for (const unit of eachUnit(stock)) {
    await dataOf(technician, 'POST', '/api/return-inventory', { itemId, ...unit });
  }
}
