import { formatRate, percentToBasisPoints } from '@karya/domain/gst';
import type { CreateInventoryInput } from '@karya/domain/inventory-schemas';
import { INVOICE_MESSAGES } from '@karya/domain/invoice-schemas';
import { listActiveGstRateBps } from '../business';
import { findItemRow, itemsByKeys, saveImportedItem } from '../inventory';
import { type ImportWriter, refusedRow } from './kind-writer';

/** Catalogue items: the same by id or by name; the GST rate one of the slabs in force. */
export const itemsWriter: ImportWriter<CreateInventoryInput> = {
  noun: 'item',
  async prepare(db, _context, inputs) {
    const active = await listActiveGstRateBps(db);
    const message = INVOICE_MESSAGES.gstRateNotAllowed(active.map(formatRate).join(', '));
    return inputs.map((input) =>
      input.gstRate !== undefined &&
      input.gstRate !== null &&
      !active.includes(percentToBasisPoints(input.gstRate))
        ? refusedRow('GST Rate', message)
        : { ok: true, input },
    );
  },
  async existing(db, _context, keys) {
    const rows = await itemsByKeys(db, keys);
    return new Map([...rows].map(([key, row]) => [key, row.id]));
  },
  async save(tx, context, input, existingId) {
    const existing = existingId ? ((await findItemRow(tx, existingId)) ?? null) : null;
    return saveImportedItem(tx, context.actorId, input, existing);
  },
};
