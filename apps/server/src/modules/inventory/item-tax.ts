import { formatRate, percentToBasisPoints, validateHsnSac } from '@karya/domain/gst';
import type { InventoryItemType } from '@karya/domain/inventory-schemas';
import { INVOICE_MESSAGES } from '@karya/domain/invoice-schemas';
import type { Tx } from '../../db/client';
import { badRequest } from '../../http/errors';
import { listActiveGstRateBps } from '../business';

export interface ItemTaxInput {
  hsnSac?: string | null;
  gstRate?: number | null;
  priceIncludesTax?: boolean;
}

export interface ItemTaxColumns {
  hsnSac?: string | null;
  gstRateBp?: number | null;
  priceIncludesTax?: boolean;
}

const refuse = (field: string, message: string) => badRequest(message, [{ field, message }]);

/**
 * The tax columns of an item from what an admin sent (issue 19): the HSN/SAC checked against
 * the item's type, the rate one of the slabs active now (the message lists them). Fields not
 * sent are left out, so an update keeps them.
 */
export async function itemTaxColumns(
  tx: Tx,
  type: InventoryItemType,
  input: ItemTaxInput,
): Promise<ItemTaxColumns> {
  const columns: ItemTaxColumns = {};
  if (input.hsnSac !== undefined) {
    if (input.hsnSac === null) columns.hsnSac = null;
    else {
      const checked = validateHsnSac(input.hsnSac, type);
      if (!checked.ok) throw refuse('hsnSac', checked.message);
      columns.hsnSac = checked.code;
    }
  }
  if (input.gstRate !== undefined) {
    if (input.gstRate === null) columns.gstRateBp = null;
    else {
      const active = await listActiveGstRateBps(tx);
      const rateBp = percentToBasisPoints(input.gstRate);
      if (!active.includes(rateBp))
        throw refuse(
          'gstRate',
          INVOICE_MESSAGES.gstRateNotAllowed(active.map(formatRate).join(', ')),
        );
      columns.gstRateBp = rateBp;
    }
  }
  if (input.priceIncludesTax !== undefined) columns.priceIncludesTax = input.priceIncludesTax;
  return columns;
}
