import { isoDateField } from '@karya/domain/input';
import { INVENTORY_ITEM_TYPES, INVENTORY_MESSAGES } from '@karya/domain/inventory-schemas';
import { z } from 'zod';

/** What the inventory routes share: the params they read alike. Only admins change the catalogue (spec 2 §6). */

export const tags = ['inventory'];

export const itemParams = z.object({
  id: z.string().trim().min(1, INVENTORY_MESSAGES.itemNotFound),
});
export const typeEnum = z.enum(INVENTORY_ITEM_TYPES, { error: INVENTORY_MESSAGES.invalidType });
export const optionalDate = z
  .union([z.literal(''), isoDateField()])
  .optional()
  .transform((v) => (v ? new Date(v) : undefined));
