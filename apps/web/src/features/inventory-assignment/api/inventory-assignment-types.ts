import type { InventoryItemType } from '@karya/domain/inventory-schemas';

/** A unit of branch stock as inventory-by-type lists it (spec 2 §3 'Branch inventory item'). */
export interface BranchStockEntry {
  serialNumber?: string | null;
  quantity: number;
  date: string;
  remark?: string | null;
}

/**
 * What the assignment selection reads of a branch inventory item. The modal gets its stock from
 * useBranchInventory (BranchInventoryItem, which satisfies this); kept narrow so tests can
 * build one without the catalogue fields.
 */
export interface BranchStockItem {
  _id: string;
  id: string;
  type: InventoryItemType;
  name: string;
  unit: string;
  salePrice: number;
  totalStock: number;
  stock: BranchStockEntry[];
}

/** Spec 2 §3 'Transfer history record'. */
export interface TransferRecord {
  _id: string;
  timestamp: string;
  date: string;
  itemId: string;
  itemName: string;
  type: InventoryItemType;
  kind: 'stock-in' | 'assigned' | 'returned' | 'confirmed';
  from: string;
  to: string;
  quantity: number;
  unit: string;
  serialNumber: string | null;
  remark: string | null;
  transferredBy: string;
}

/** Spec 2 §3 'Returned inventory'. */
export interface ReturnedInventory {
  id: string;
  _id: string;
  status: 'pending' | 'confirmed';
  technician: { _id: string; name: string; username: string };
  returnedAt: string;
  confirmedAt: string | null;
  itemCount: number;
  totalQuantity: number;
  items: Array<{
    id: string;
    _id: string;
    name: string;
    type: 'serialized-product' | 'generic';
    quantity: number;
    unit: string;
    serialNumber: string | null;
  }>;
}
