import type { TechnicianInventoryItem } from '@karya/domain/inventory-answers';

/** A van-stock item for the billing tests: nothing held and no price unless `overrides` says. */
export function stockItem(
  overrides: Partial<TechnicianInventoryItem> & Pick<TechnicianInventoryItem, 'itemId' | 'type'>,
): TechnicianInventoryItem {
  return {
    _id: `uuid-${overrides.itemId}`,
    id: overrides.itemId,
    itemName: overrides.itemId,
    unit: 'Piece',
    salePrice: 0,
    genericQuantity: 0,
    quantity: 0,
    lastUpdated: '2026-11-22T07:00:00.000Z',
    serializedItems: [],
    ...overrides,
  };
}
