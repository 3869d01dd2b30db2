import type { TechnicianInventoryItem } from '@karya/domain/inventory-answers';
import { formatQuantities } from '@karya/domain/quantity';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_SELECTION,
  inventoryListing,
  itemCountText,
  itemsOfType,
  returnableItems,
  returnQuantities,
  selectionOf,
  setQuantity,
  summariseStock,
  toggleSerial,
  toReturnRequests,
} from './inventory-units';

function item(
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

const serial = (serialNumber: string, status = 'active') => ({
  serialNumber,
  status,
  assignedAt: '2026-11-22T07:00:00.000Z',
});

const camera = item({
  itemId: 'ITEM-CAM',
  itemName: 'Dome Camera',
  type: 'serialized-product',
  quantity: 2,
  serializedItems: [serial('CAM-1'), serial('CAM-2'), serial('CAM-OLD', 'sold')],
});
const cable = item({
  itemId: 'ITEM-CBL',
  itemName: 'Cable',
  type: 'generic-product',
  unit: 'Meter',
  genericQuantity: 120,
  quantity: 120,
});
const installation = item({
  itemId: 'ITEM-SRV',
  itemName: 'Installation',
  type: 'service',
  salePrice: 499,
});
const inventory = [installation, cable, camera];

describe('technician inventory units', () => {
  it('never adds metres to pieces: units per unit, and kinds of item where units differ', () => {
    const summary = summariseStock(inventory);
    expect(summary).toEqual({
      itemCount: 2,
      perUnit: [
        { unit: 'Meter', quantity: 120 },
        { unit: 'Piece', quantity: 2 },
      ],
    });
    expect(formatQuantities(summary.perUnit)).toBe('120 Meter · 2 Piece');
    // The badge and the home tile: 2 items, not '122 units'.
    expect(itemCountText(summary.itemCount)).toBe('2 items');
  });

  it('adds units of one unit together, and holds nothing with only services', () => {
    const moreCameras = item({
      itemId: 'ITEM-CAM2',
      type: 'serialized-product',
      serializedItems: [serial('B-1')],
    });
    const summary = summariseStock([camera, moreCameras, installation]);
    expect(formatQuantities(summary.perUnit)).toBe('3 Piece');
    // Always the kinds of item, whatever the units: 2 items, not 3 one day and 2 the next.
    expect(summary.itemCount).toBe(2);
    const nothing = summariseStock([installation]);
    expect(nothing).toEqual({ itemCount: 0, perUnit: [] });
    expect(formatQuantities(nothing.perUnit)).toBe('0');
  });

  it('lists by chip (All by default) and search, with an empty text for each case', () => {
    expect(inventoryListing(inventory, 'all', '').shown.map((i) => i.itemId)).toEqual([
      'ITEM-CAM',
      'ITEM-CBL',
      'ITEM-SRV',
    ]);
    expect(inventoryListing(inventory, 'all', '').empty).toBeNull();
    expect(inventoryListing(inventory, 'generic-product', '').shown.map((i) => i.itemId)).toEqual([
      'ITEM-CBL',
    ]);
    // Search matches the name, the item id or a held serial, case-insensitively.
    expect(inventoryListing(inventory, 'all', 'dome').shown.map((i) => i.itemId)).toEqual([
      'ITEM-CAM',
    ]);
    expect(inventoryListing(inventory, 'all', 'cam-2').shown.map((i) => i.itemId)).toEqual([
      'ITEM-CAM',
    ]);
    expect(inventoryListing(inventory, 'all', 'cam-old').shown).toEqual([]);
    expect(inventoryListing(inventory, 'all', ' drone ').empty).toBe('No items match "drone"');
    expect(inventoryListing(inventory, 'service', 'dome').empty).toBe('No items match "dome"');
    expect(inventoryListing([installation, cable], 'serialized-product', '').empty).toBe(
      'No serialized items found',
    );
    const onlyServices = inventoryListing([installation], 'all', '');
    expect(onlyServices.empty).toBe('No inventory items assigned yet');
    expect(onlyServices.shown.map((i) => i.itemId)).toEqual(['ITEM-SRV']);
  });

  it('lists serialized, then generic, then services, and filters by type', () => {
    expect(itemsOfType(inventory, null).map((i) => i.itemId)).toEqual([
      'ITEM-CAM',
      'ITEM-CBL',
      'ITEM-SRV',
    ]);
    expect(itemsOfType(inventory, 'service').map((i) => i.itemId)).toEqual(['ITEM-SRV']);
    expect(returnableItems(inventory).map((i) => i.itemId)).toEqual(['ITEM-CAM', 'ITEM-CBL']);
  });
});

describe('return requests', () => {
  it('sends one request per ticked serial and one per generic quantity', () => {
    let selection = toggleSerial(EMPTY_SELECTION, 'ITEM-CAM', 'CAM-2', true);
    selection = toggleSerial(selection, 'ITEM-CAM', 'CAM-1', true);
    selection = toggleSerial(selection, 'ITEM-CAM', 'CAM-1', false);
    selection = setQuantity(selection, cable, 30);
    expect(toReturnRequests(inventory, selection)).toEqual([
      {
        itemId: 'ITEM-CAM',
        itemName: 'Dome Camera',
        type: 'serialized-product',
        serialNumber: 'CAM-2',
      },
      { itemId: 'ITEM-CBL', itemName: 'Cable', type: 'generic-product', quantity: 30 },
    ]);
  });

  it('keeps a generic quantity between 0 and what is held', () => {
    expect(setQuantity(EMPTY_SELECTION, cable, 500).quantities['ITEM-CBL']).toBe(120);
    expect(setQuantity(EMPTY_SELECTION, cable, -3).quantities['ITEM-CBL']).toBe(0);
    expect(setQuantity(EMPTY_SELECTION, cable, Number.NaN).quantities['ITEM-CBL']).toBe(0);
    expect(toReturnRequests(inventory, setQuantity(EMPTY_SELECTION, cable, 0))).toEqual([]);
  });

  it('leaves out serials no longer held', () => {
    const selection = toggleSerial(EMPTY_SELECTION, 'ITEM-CAM', 'CAM-OLD', true);
    expect(toReturnRequests(inventory, selection)).toEqual([]);
  });

  it('rebuilds the selection of failed requests so they can be sent again', () => {
    let selection = toggleSerial(EMPTY_SELECTION, 'ITEM-CAM', 'CAM-1', true);
    selection = setQuantity(selection, cable, 5);
    const requests = toReturnRequests(inventory, selection);
    expect(toReturnRequests(inventory, selectionOf(requests))).toEqual(requests);
    // 'Return 13 units?' added metres to pieces: each goes back in its own unit.
    expect(formatQuantities(returnQuantities(requests, inventory))).toBe('5 Meter · 1 Piece');
  });
});
