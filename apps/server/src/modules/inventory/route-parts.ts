import { isoDateField } from '@karya/domain/input';
import { INVENTORY_ITEM_TYPES, INVENTORY_MESSAGES } from '@karya/domain/inventory-schemas';
import { isUuid } from '@karya/domain/user-schemas';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requestScope } from '../../auth/scope';

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

/**
 * The scope of an inventory request. An admin's ?branch= that names no branch id reads every
 * branch, as the inventory screens always have (other areas refuse it in their schema).
 */
export const inventoryScope = (request: FastifyRequest, branch?: string) =>
  requestScope(request, branch && isUuid(branch) ? branch : undefined);
