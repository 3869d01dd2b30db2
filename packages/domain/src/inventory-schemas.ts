import { z } from 'zod';
import { isoDateField, jsonInt, MAX_QUANTITY, rupeesField } from './input';

/** Spec 2 §5, §8 and spec 1 §5: the messages of the catalogue, stock, assignment and returns. */
export const INVENTORY_MESSAGES = {
  nameRequired: 'Item name is required',
  mrpRequired: 'MRP is required for products',
  purchasePriceRequired: 'Purchase price is required for products',
  salePriceRequired: 'Sale price is required',
  invalidType: 'Type must be serialized-product, generic-product or service',
  priceNotNegative: 'Prices cannot be negative',
  duplicateId: 'An item with this id already exists',
  typeFixed: 'The item type cannot be changed',
  nameFixed: 'The product name cannot be changed',
  itemNotFound: 'Item not found',
  hasStock: 'Item cannot be deleted because it has stock.',
  serialExists: (name: string) => `Serial number already exists for item: ${name}`,
  serialRequired: 'Please enter or scan a serial number for this product',
  remarkRequired: 'Please provide a remark',
  quantityMin: 'Quantity must be at least 1',
  noStockForService: 'Services have no stock',
  serialNotFound: 'Serial number not found',
  serialNotInInventory: 'Serial number not found in inventory',
  serialFound: 'Serial number found',
  onlyAvailable: (n: number) => `Only ${n} items available in stock`,
  technicianNotFound: 'Technician not found',
  noBranch: 'Your account has no branch',
  notYourBranch: 'This technician is not in your branch',
  notHeld: 'You do not hold this item',
  notHeldQuantity: (n: number) => `You hold only ${n} of this item`,
  returnNotFound: 'Returned inventory not found',
  returnAlreadyConfirmed: 'This return has already been confirmed',
  itemAdded: 'Item added successfully',
  itemUpdated: 'Item updated successfully',
  itemDeleted: 'Item deleted successfully',
  stockAdded: 'Stock added successfully',
  assigned: 'Inventory assigned successfully',
  returned: 'Inventory returned successfully',
  returnConfirmed: 'Inventory return confirmed successfully',
} as const;

export const INVENTORY_ITEM_TYPES = ['serialized-product', 'generic-product', 'service'] as const;
export type InventoryItemType = (typeof INVENTORY_ITEM_TYPES)[number];

/** Rupees in the API (spec 2 shows them so); the server keeps paise. Blank counts as absent. */
const rupees = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  rupeesField(INVENTORY_MESSAGES.priceNotNegative).optional(),
);
const text = z.string().trim().optional();
/**
 * A quantity as a JSON number up to MAX_QUANTITY. 0 is let through because a serial's call may
 * carry it (the serial is the unit); a generic item's quantity under 1 is refused by the rules
 * with the same message.
 */
const unitCount = jsonInt({ min: 0, max: MAX_QUANTITY, message: INVENTORY_MESSAGES.quantityMin });

const itemFields = {
  id: text,
  type: z.enum(INVENTORY_ITEM_TYPES, { error: INVENTORY_MESSAGES.invalidType }).optional(),
  name: z.string().optional(),
  unit: text,
  warranty: z.union([z.string().max(100), jsonInt({ min: 0, max: 1200 })]).optional(),
  mrp: rupees,
  purchasePrice: rupees,
  salePrice: rupees,
};

/** The checks of spec 2 §5 'Catalogue item', in its order. */
function catalogueRules(
  item: {
    type?: InventoryItemType;
    name?: string;
    mrp?: number;
    purchasePrice?: number;
    salePrice?: number;
  },
  ctx: z.RefinementCtx,
) {
  const product = item.type !== 'service';
  if (!item.name?.trim())
    ctx.addIssue({ code: 'custom', path: ['name'], message: INVENTORY_MESSAGES.nameRequired });
  else if (product && item.mrp === undefined)
    ctx.addIssue({ code: 'custom', path: ['mrp'], message: INVENTORY_MESSAGES.mrpRequired });
  else if (product && item.purchasePrice === undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['purchasePrice'],
      message: INVENTORY_MESSAGES.purchasePriceRequired,
    });
  else if (item.salePrice === undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['salePrice'],
      message: INVENTORY_MESSAGES.salePriceRequired,
    });
}

/** POST /api/create-inventory. Type defaults to serialized-product (spec 2 §9). */
export const createInventorySchema = z
  .object(itemFields)
  .transform((item) => ({ ...item, type: item.type ?? ('serialized-product' as const) }))
  .superRefine(catalogueRules);
export type CreateInventoryInput = z.infer<typeof createInventorySchema>;

/** POST /api/update-inventory/{id}: the whole item; type and a product's name are fixed. */
export const updateInventorySchema = z.object(itemFields).superRefine(catalogueRules);
export type UpdateInventoryInput = z.infer<typeof updateInventorySchema>;

/** POST /api/add-stock: one entry, serial (quantity fixed at 1) or a generic quantity. */
export const addStockSchema = z.object({
  itemId: z
    .string({ error: INVENTORY_MESSAGES.itemNotFound })
    .trim()
    .min(1, INVENTORY_MESSAGES.itemNotFound),
  serialNumber: z.string().trim().optional().nullable(),
  quantity: unitCount.optional(),
  /** Blank or absent: today. Otherwise a strict ISO date (issue 16 §4, §7). */
  date: z
    .union([z.literal(''), isoDateField()])
    .optional()
    .nullable(),
  remark: z.string().trim().optional().nullable(),
});
export type AddStockInput = z.infer<typeof addStockSchema>;

/** POST /api/assign-inventory-technician: one call per serial, one with the quantity for generic items. */
export const assignInventorySchema = z.object({
  technicianId: z
    .string({ error: INVENTORY_MESSAGES.technicianNotFound })
    .trim()
    .min(1, INVENTORY_MESSAGES.technicianNotFound),
  type: z.enum(INVENTORY_ITEM_TYPES, { error: INVENTORY_MESSAGES.invalidType }).optional(),
  itemId: z
    .string({ error: INVENTORY_MESSAGES.itemNotFound })
    .trim()
    .min(1, INVENTORY_MESSAGES.itemNotFound),
  serialNumber: z.string().trim().optional().nullable(),
  quantity: unitCount.optional().nullable(),
});
export type AssignInventoryInput = z.infer<typeof assignInventorySchema>;

/** POST /api/return-inventory: one call per selected item. */
export const returnInventorySchema = z.object({
  itemId: z
    .string({ error: INVENTORY_MESSAGES.itemNotFound })
    .trim()
    .min(1, INVENTORY_MESSAGES.itemNotFound),
  itemName: z.string().optional(),
  type: z.enum(INVENTORY_ITEM_TYPES, { error: INVENTORY_MESSAGES.invalidType }).optional(),
  serialNumber: z.string().trim().optional().nullable(),
  quantity: unitCount.optional().nullable(),
});
export type ReturnInventoryInput = z.infer<typeof returnInventorySchema>;

export const toPaise = (rupees: number) => Math.round(rupees * 100);
export const toRupees = (paise: number) => paise / 100;
