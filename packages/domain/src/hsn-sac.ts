import { GST_MESSAGES } from './gst-messages';
import type { InventoryItemType } from './inventory-schemas';

export type HsnSacResult = { ok: true; code: string } | { ok: false; message: string };

/**
 * Goods carry an HSN code of 4, 6 or 8 digits (how many depends on turnover, so all three are
 * accepted); services carry a SAC, always 6 digits in chapter 99.
 */
export function validateHsnSac(code: string, itemType: InventoryItemType): HsnSacResult {
  const trimmed = code.trim();
  if (itemType === 'service')
    return /^99\d{4}$/.test(trimmed)
      ? { ok: true, code: trimmed }
      : { ok: false, message: GST_MESSAGES.sacFormat };
  return /^(\d{4}|\d{6}|\d{8})$/.test(trimmed)
    ? { ok: true, code: trimmed }
    : { ok: false, message: GST_MESSAGES.hsnFormat };
}
