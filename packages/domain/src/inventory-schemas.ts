import { z } from 'zod';
import { isoDateField, jsonInt, MAX_QUANTITY, rupeesField } from './input';
import { INVENTORY_MESSAGES } from './inventory-messages';
import { GST_RATE_FORMAT } from './tax-fields';

// In a file without zod, so screens that only say them load no validation library.
export { INVENTORY_MESSAGES } from './inventory-messages';

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
  /**
   * Tax data (issue 19). HSN for goods, SAC for services (checked against the item's type
   * by the server); blank or null: not set. gstRate in percent, one of GET /api/gst-rates;
   * null: not set. Absent on an update: unchanged. priceIncludesTax: true when created
   * without it.
   */
  hsnSac: z
    .string()
    .trim()
    .nullish()
    .transform((value) => value || null)
    .optional(),
  gstRate: z
    .union(
      [z.literal(''), z.null(), z.number().min(0, GST_RATE_FORMAT).max(100, GST_RATE_FORMAT)],
      { error: GST_RATE_FORMAT },
    )
    .transform((value) => (value === '' ? null : value))
    .optional(),
  priceIncludesTax: z.boolean({ error: 'Price includes GST must be true or false' }).optional(),
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
