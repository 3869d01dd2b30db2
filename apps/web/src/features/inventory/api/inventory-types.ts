import type { InventoryItemType } from '@karya/domain/inventory-schemas';

export type { InventoryItemType };

/** Spec 2 §3 'Catalogue item', as the server answers it; prices in rupees. */
export interface CatalogueItem {
  /** The database id, used in paths. */
  _id: string;
  /** The client-made code, 'ITEM-' plus a timestamp. */
  id: string;
  type: InventoryItemType;
  itemType: 'serialized' | 'generic' | 'service';
  name: string;
  unit: string;
  warranty: string;
  mrp: number;
  /** Only in answers to admins. */
  purchasePrice?: number;
  salePrice: number;
  totalStock: number;
  createdAt: string;
  updatedAt: string;
}

/** GET /get-all-inventory: the stock figure is the item's total (of the branch, for managers). */
export interface CatalogueListItem extends CatalogueItem {
  stock: number;
}

/** Spec 2 §3 'Branch inventory item': one stock-in entry; serialNumber for serialized only. */
export interface StockEntry {
  serialNumber?: string;
  quantity: number;
  date: string;
  remark: string;
}

/** GET /inventory-by-type/{type}: the item with the branch's stock entries. */
export interface BranchInventoryItem extends CatalogueItem {
  stock: StockEntry[];
}
