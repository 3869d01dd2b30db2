import { basisPointsToPercent } from '@karya/domain/gst';
import { type CatalogueItem, ITEM_TYPE_SHORT } from '@karya/domain/inventory-answers';
import { toRupees } from '@karya/domain/money';
import type { Scope } from '../../auth/scope';
import type { ItemRow } from './inventory.queries';

/** The catalogue item as answered; purchasePrice only for admins (absent, not null, otherwise). */
export function itemView(row: ItemRow, scope: Scope, totalStock = 0): CatalogueItem {
  return {
    _id: row.id,
    id: row.code,
    type: row.type,
    itemType: ITEM_TYPE_SHORT[row.type],
    name: row.name,
    unit: row.unit,
    warranty: row.warranty,
    mrp: toRupees(row.mrpPaise),
    ...(scope.kind === 'all' ? { purchasePrice: toRupees(row.purchasePricePaise) } : {}),
    salePrice: toRupees(row.salePricePaise),
    hsnSac: row.hsnSac,
    gstRate: row.gstRateBp === null ? null : basisPointsToPercent(row.gstRateBp),
    priceIncludesTax: row.priceIncludesTax,
    totalStock,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
