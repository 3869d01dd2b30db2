import { z } from 'zod';
import { INVENTORY_ITEM_TYPES } from './inventory-schemas';

/**
 * What the inventory endpoints answer (decision 006): the server's response schemas, which
 * the OpenAPI document shows and the serializer writes by, and the types the web reads.
 * The serializer drops any key a schema does not list, so every field an answer carries is
 * listed here (purchasePrice is optional: only admins get it).
 */

const iso = z.string().describe('ISO 8601 date-time');
const itemType = z.enum(INVENTORY_ITEM_TYPES);

/** Where a unit can be (the ledger's places, decision 006). */
export const STOCK_LOCATIONS = [
  'supplier',
  'branch',
  'technician',
  'pending-return',
  'customer',
  'faulty',
] as const;
export type StockLocation = (typeof STOCK_LOCATIONS)[number];

/** The short type of spec 2 §3 'Branch inventory item' (itemType). */
export const ITEM_TYPE_SHORT = {
  'serialized-product': 'serialized',
  'generic-product': 'generic',
  service: 'service',
} as const;

/** Spec 2 §3 'Catalogue item'; prices in rupees. */
export const catalogueItemSchema = z.object({
  /** The database id, used in paths. */
  _id: z.string(),
  /** The client-made code, 'ITEM-' plus a timestamp. */
  id: z.string(),
  type: itemType,
  itemType: z.enum(['serialized', 'generic', 'service']),
  name: z.string(),
  unit: z.string(),
  warranty: z.string(),
  mrp: z.number(),
  /** Only in answers to admins (absent, not null, for everyone else). */
  purchasePrice: z.number().optional(),
  salePrice: z.number(),
  /** HSN (goods) or SAC (services); null: not set yet (issue 19). */
  hsnSac: z.string().nullable(),
  /** GST rate in percent; null: not set yet, invoices charge no tax on it. */
  gstRate: z.number().nullable(),
  /** Whether salePrice already includes GST (the default). */
  priceIncludesTax: z.boolean(),
  /** Units in branch stock: the reader's branch, the admin's chosen one, or every branch. */
  totalStock: z.number(),
  createdAt: iso,
  updatedAt: iso,
});
export type CatalogueItem = z.infer<typeof catalogueItemSchema>;

/** GET /get-all-inventory and /get-single-inventory/{id}: `stock` repeats totalStock. */
export const catalogueListItemSchema = catalogueItemSchema.extend({ stock: z.number() });
export type CatalogueListItem = z.infer<typeof catalogueListItemSchema>;

/** One stock entry: a serial (quantity 1) or a generic stock-in's quantity. */
export const stockEntrySchema = z.object({
  /** Serialized items only. */
  serialNumber: z.string().optional(),
  quantity: z.number(),
  date: iso,
  remark: z.string(),
});
export type StockEntry = z.infer<typeof stockEntrySchema>;

/** The label every stock view gives units taken back under warranty (not sellable). */
export const FAULTY_STOCK_LABEL = 'Faulty (warranty return)';
/** The place 'faulty' in the transfer history. */
export const FAULTY_PLACE_LABEL = 'Faulty Stock';

/**
 * A unit taken back from a customer under a warranty replacement: the branch holds it on its
 * faulty shelf, apart from its stock. It is not sellable, counts in no stock figure and cannot
 * be assigned. `date` and `remark` are those of the movement that brought it back.
 */
export const faultyUnitSchema = z.object({
  serialNumber: z.string(),
  date: iso,
  remark: z.string(),
});
export type FaultyUnit = z.infer<typeof faultyUnitSchema>;

/**
 * GET /inventory-by-type/{type}: the item with its sellable stock entries (`stock`, counted
 * in totalStock) and, apart, its faulty units (`faulty`; serialized items only, else empty).
 */
export const branchInventoryItemSchema = catalogueItemSchema.extend({
  stock: z.array(stockEntrySchema),
  faulty: z.array(faultyUnitSchema),
});
export type BranchInventoryItem = z.infer<typeof branchInventoryItemSchema>;

/** GET /check-serial/{serial}: the item a serial belongs to, or null. */
export const serialCheckSchema = z.object({
  exists: z.boolean(),
  item: z.object({ id: z.string(), _id: z.string(), name: z.string() }).nullable(),
});
export type SerialCheck = z.infer<typeof serialCheckSchema>;

/** The units one call moved: a serial (quantity 1) or a generic quantity. */
const movedUnits = {
  /** The catalogue code ('ITEM-…') and the item's _id. */
  itemId: z.string(),
  _id: z.string(),
  serialNumber: z.string().nullable(),
  quantity: z.number(),
};

/** POST /add-stock */
export const stockAddedSchema = z.object(movedUnits);
export type StockAdded = z.infer<typeof stockAddedSchema>;

/** POST /assign-inventory-technician */
export const inventoryAssignedSchema = z.object({
  technicianId: z.string(),
  technicianName: z.string(),
  ...movedUnits,
});
export type InventoryAssigned = z.infer<typeof inventoryAssignedSchema>;

/** POST /return-inventory: the units joined the technician's pending return. */
export const inventoryReturnedSchema = z.object({ returnId: z.string(), ...movedUnits });
export type InventoryReturned = z.infer<typeof inventoryReturnedSchema>;

/** One active (held) serial of a serialized item. */
export const heldSerialSchema = z.object({
  serialNumber: z.string(),
  /** Spec 2 §4: 'active' while held (the server lists only held serials). */
  status: z.string(),
  assignedAt: iso,
});
export type HeldSerial = z.infer<typeof heldSerialSchema>;

/**
 * Spec 2 §3 'Technician inventory item' (GET /get-technician-inventory). `itemId` is the
 * catalogue code; services come with every answer and hold nothing.
 */
export const technicianInventoryItemSchema = z.object({
  _id: z.string(),
  id: z.string(),
  itemId: z.string(),
  itemName: z.string(),
  type: itemType,
  unit: z.string(),
  /** Rupees. */
  salePrice: z.number(),
  /**
   * The catalogue's GST rate in percent (null: not set) and whether salePrice includes it, so
   * the phone can work out a bill with no signal as create-bill would (decision 028).
   */
  gstRate: z.number().nullable().optional(),
  priceIncludesTax: z.boolean().optional(),
  genericQuantity: z.number(),
  quantity: z.number(),
  lastUpdated: iso,
  serializedItems: z.array(heldSerialSchema),
});
export type TechnicianInventoryItem = z.infer<typeof technicianInventoryItemSchema>;

/** Spec 2 §3 'Returned inventory' (GET /get-returned-inventory). */
export const returnedInventorySchema = z.object({
  id: z.string(),
  _id: z.string(),
  status: z.enum(['pending', 'confirmed']),
  technician: z.object({ _id: z.string(), name: z.string(), username: z.string() }),
  returnedAt: iso,
  confirmedAt: iso.nullable(),
  itemCount: z.number(),
  totalQuantity: z.number(),
  items: z.array(
    z.object({
      id: z.string(),
      _id: z.string(),
      name: z.string(),
      type: z.enum(['serialized-product', 'generic']),
      quantity: z.number(),
      unit: z.string(),
      serialNumber: z.string().nullable(),
    }),
  ),
});
export type ReturnedInventory = z.infer<typeof returnedInventorySchema>;

/** POST /confirm-returned-inventory/{id} */
export const returnConfirmedSchema = z.object({
  id: z.string(),
  itemCount: z.number(),
  totalQuantity: z.number(),
});
export type ReturnConfirmed = z.infer<typeof returnConfirmedSchema>;

/**
 * What a movement was, by where it went (the transfer history's ?type= filter): 'billed' to a
 * customer on a bill, 'faulty' taken back from a customer under warranty, 'replacement' a
 * unit fitted at a customer in its place.
 */
export const TRANSFER_KINDS = [
  'stock-in',
  'assigned',
  'returned',
  'confirmed',
  'billed',
  'faulty',
  'replacement',
] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];

/** Spec 2 §3 'Transfer history record': one ledger movement. */
export const transferRecordSchema = z.object({
  _id: z.string(),
  /** When it was recorded. */
  timestamp: iso,
  /** The date the user gave (stock in); otherwise the same moment. */
  date: iso,
  itemId: z.string(),
  itemName: z.string(),
  type: itemType,
  kind: z.enum(TRANSFER_KINDS),
  /**
   * The places in words: 'Stock In', 'Branch Inventory', a technician's name,
   * 'Pending Return (…)', 'Customer', 'Faulty Stock'.
   */
  from: z.string(),
  to: z.string(),
  fromLocation: z.enum(STOCK_LOCATIONS),
  toLocation: z.enum(STOCK_LOCATIONS),
  /** The technician on either side, if any. */
  technicianId: z.string().nullable(),
  quantity: z.number(),
  unit: z.string(),
  serialNumber: z.string().nullable(),
  remark: z.string(),
  transferredBy: z.string(),
});
export type TransferRecord = z.infer<typeof transferRecordSchema>;

/** GET /get-inventory-history: a technician's assignments and returns, newest first. */
export const inventoryHistorySchema = z.object({
  assigned: z.array(transferRecordSchema),
  returned: z.array(transferRecordSchema),
});
export type InventoryHistory = z.infer<typeof inventoryHistorySchema>;

/** GET /serial-number-detail/{serial}: where a unit is now and, once billed, where it went. */
export const serialDetailSchema = z.object({
  serialNumber: z.string(),
  itemId: z.string(),
  _id: z.string(),
  productName: z.string(),
  /** Sale price in rupees. */
  price: z.number(),
  warranty: z.string(),
  location: z.enum(STOCK_LOCATIONS),
  /** The branch of a unit in branch stock or on its faulty shelf. */
  branchId: z.string().nullable(),
  technicianId: z.string().nullable(),
  technicianName: z.string().nullable(),
  installationDate: iso.nullable(),
  /** The readable id ('WO-…') of the order it was installed on. */
  workOrderId: z.string().nullable(),
  customerName: z.string().nullable(),
  customerPhone: z.string().nullable(),
  billNumber: z.string().nullable(),
  installedBy: z.string().nullable(),
});
export type SerialDetail = z.infer<typeof serialDetailSchema>;
