import type { InventoryItemType } from '@karya/domain/inventory-schemas';

/** One active (held) serial of a serialized item. */
export interface HeldSerial {
  serialNumber: string;
  status: string;
  assignedAt: string;
}

/**
 * Spec 2 §3 'Technician inventory item', as GET /get-technician-inventory answers it.
 * `itemId` is the catalogue code (ITEM-…); services come with every answer and hold nothing.
 */
export interface TechnicianInventoryItem {
  _id: string;
  id: string;
  itemId: string;
  itemName: string;
  type: InventoryItemType;
  unit: string;
  /** Rupees. */
  salePrice: number;
  genericQuantity: number;
  quantity: number;
  lastUpdated: string;
  serializedItems: HeldSerial[];
}

/** Spec 2 §3 'Return request': one POST /return-inventory per line. */
export type ReturnRequest =
  | { itemId: string; itemName: string; type: 'serialized-product'; serialNumber: string }
  | { itemId: string; itemName: string; type: 'generic-product'; quantity: number };
