import type { TechnicianInventoryItem } from '@karya/domain/inventory-answers';
import { describe, expect, it } from 'vitest';
import type { PlannedItem } from '../../shared/planned-items';
import {
  addSerial,
  addSerialByNumber,
  billLinesError,
  billTotalPaise,
  removeLine,
  repriceLines,
  toBillItems,
} from './bill-lines';
import { linesFromPlanned, quotedUnitPrices, quotePricedItems } from './planned-bill-lines';

function stockItem(
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

const camera = stockItem({
  itemId: 'ITEM-CAM',
  itemName: 'Dome Camera',
  type: 'serialized-product',
  salePrice: 2500,
  serializedItems: [
    { serialNumber: 'CAM-1', status: 'active', assignedAt: '2026-11-20T00:00:00.000Z' },
    { serialNumber: 'CAM-2', status: 'active', assignedAt: '2026-11-20T00:00:00.000Z' },
    { serialNumber: 'CAM-3', status: 'active', assignedAt: '2026-11-20T00:00:00.000Z' },
  ],
});
const cable = stockItem({
  itemId: 'ITEM-CABLE',
  itemName: 'Cable',
  type: 'generic-product',
  unit: 'Meter',
  salePrice: 15,
  genericQuantity: 50,
});
const fitting = stockItem({
  itemId: 'ITEM-FIT',
  itemName: 'Installation',
  type: 'service',
  salePrice: 1500,
});
const stock = [camera, cable, fitting];

const planned = (
  overrides: Partial<PlannedItem> & Pick<PlannedItem, '_id' | 'name' | 'type'>,
): PlannedItem => ({
  itemId: null,
  itemObjectId: null,
  unit: 'Piece',
  hsnSac: null,
  gstRate: 18,
  priceIncludesTax: false,
  quantity: 1,
  price: 0,
  discount: 0,
  amount: 0,
  ...overrides,
});

/** Two cameras quoted at ₹2,200 (less than the catalogue), 40 m of cable, the fitting, a bracket. */
const plan: PlannedItem[] = [
  planned({
    _id: 'l-cam',
    itemId: 'ITEM-CAM',
    name: 'Dome Camera',
    type: 'serialized-product',
    quantity: 2,
    price: 2500,
    discount: 600,
    amount: 4400,
  }),
  planned({
    _id: 'l-cable',
    itemId: 'ITEM-CABLE',
    name: 'Cable',
    type: 'generic-product',
    unit: 'Meter',
    quantity: 40,
    price: 15,
    amount: 600,
  }),
  planned({
    _id: 'l-fit',
    itemId: 'ITEM-FIT',
    name: 'Installation',
    type: 'service',
    quantity: 1,
    price: 1200,
    amount: 1200,
  }),
  planned({ _id: 'l-bracket', name: 'Custom bracket', type: 'custom', quantity: 2, amount: 800 }),
];

describe('the bill starts from the planned items (issue 35)', () => {
  const start = linesFromPlanned(plan, stock);

  it('has the services and generic products at their quantities, each serial unit waiting', () => {
    expect(start.lines).toEqual([
      expect.objectContaining({ key: 'planned:l-cam:0', serialNumber: null, quantity: 1 }),
      expect.objectContaining({ key: 'planned:l-cam:1', serialNumber: null, quantity: 1 }),
      expect.objectContaining({ key: 'ITEM-CABLE', type: 'generic-product', quantity: 40 }),
      expect.objectContaining({ key: 'ITEM-FIT', type: 'service', quantity: 1 }),
    ]);
  });

  it('prices every line as quoted (after discounts), not at the catalogue price', () => {
    expect(start.lines.map((line) => line.unitPricePaise)).toEqual([220000, 220000, 1500, 120000]);
    expect(billTotalPaise(start.lines)).toBe(620000);
    expect(quotedUnitPrices(plan).get('ITEM-CAM')).toBe(2200);
    const priced = quotePricedItems(stock, plan);
    expect(priced.map((item) => item.salePrice)).toEqual([2200, 15, 1200]);
    // The wizard's repricing keeps the quoted prices.
    expect(repriceLines(start.lines, priced)).toBe(start.lines);
  });

  it('says a free line is not billed, and does not make it a line', () => {
    expect(start.notes).toEqual([
      'Custom bracket (2 Piece) is not a catalogue item, so it is not on this bill. Tell the office if it was fitted.',
    ]);
  });

  it('cannot be billed until each planned camera has its serial', () => {
    expect(billLinesError(start.lines)).toBe(
      'Pick a serial for Dome Camera from your stock (search or Scan Barcode), or remove the line',
    );
    const one = addSerial(start.lines, camera, 'CAM-2');
    expect(one.error).toBeNull();
    expect(one.lines[0]).toMatchObject({
      key: 'CAM-2',
      serialNumber: 'CAM-2',
      unitPricePaise: 220000,
    });
    expect(one.lines).toHaveLength(4);
    const both = addSerialByNumber(one.lines, stock, 'cam-3');
    expect(both.error).toBeNull();
    expect(billLinesError(both.lines)).toBeNull();
    expect(toBillItems(both.lines)).toEqual([
      expect.objectContaining({ itemId: 'ITEM-CAM', serialNumber: 'CAM-2', price: 2200 }),
      expect.objectContaining({ itemId: 'ITEM-CAM', serialNumber: 'CAM-3', price: 2200 }),
      expect.objectContaining({ itemId: 'ITEM-CABLE', quantity: 40, price: 15 }),
      expect.objectContaining({ itemId: 'ITEM-FIT', quantity: 1, price: 1200 }),
    ]);
  });

  it('lets the technician remove a unit not fitted and add one more than planned', () => {
    const fewer = removeLine(start.lines, 'planned:l-cam:1');
    const filled = addSerial(fewer, camera, 'CAM-1').lines;
    expect(billLinesError(filled)).toBeNull();
    const more = addSerial(filled, camera, 'CAM-3');
    expect(more.error).toBeNull();
    expect(more.lines.filter((line) => line.itemId === 'ITEM-CAM')).toHaveLength(2);
  });

  it('starts a generic product at what the van holds, and says what it lacks', () => {
    const short = linesFromPlanned(plan, [camera, { ...cable, genericQuantity: 25 }, fitting]);
    expect(short.lines.find((line) => line.key === 'ITEM-CABLE')?.quantity).toBe(25);
    expect(short.notes).toContain('You hold 25 Meter of Cable; the quote planned 40 Meter.');
    const none = linesFromPlanned(plan, [camera, fitting]);
    expect(none.lines.some((line) => line.key === 'ITEM-CABLE')).toBe(false);
    expect(none.notes).toContain('You hold 0 Meter of Cable; the quote planned 40 Meter.');
  });

  it('says when the van holds fewer units of a serialised product than planned', () => {
    const oneCamera = { ...camera, serializedItems: camera.serializedItems.slice(0, 1) };
    const short = linesFromPlanned(plan, [oneCamera, cable, fitting]);
    expect(short.notes).toContain('You hold 1 Piece of Dome Camera; the quote planned 2 Piece.');
    expect(short.lines.filter((line) => line.itemId === 'ITEM-CAM')).toHaveLength(2);
  });

  it('starts with nothing for an order without planned items', () => {
    expect(linesFromPlanned([], stock)).toEqual({ lines: [], notes: [] });
    expect(quotePricedItems(stock, [])).toBe(stock);
  });
});
