import { describe, expect, it } from 'vitest';
import type { PlannedItem } from '../../shared/planned-items';
import {
  addSerial,
  addSerialByNumber,
  billLinesError,
  billTotalPaise,
  lineAmountPaise,
  removeLine,
  repriceLines,
  setLineQuantity,
  toBillItems,
  WIZARD_QUANTITY,
} from './bill-lines';
import { billPlanOf, linesFromPlanned, planLines } from './planned-bill-lines';
import { stockItem } from './stock-item.fixture';

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

/**
 * Two cameras quoted at ₹2,200 net (₹2,500 in the catalogue), 40 m of cable at ₹14 net (₹15),
 * the fitting at ₹1,200 (₹1,500) and a free bracket.
 */
const quoted: PlannedItem[] = [
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
    discount: 40,
    amount: 560,
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
  const start = linesFromPlanned(quoted, stock);

  it('has the services and generic products at their quantities, each serial unit waiting', () => {
    expect(start.lines).toEqual([
      expect.objectContaining({ key: 'planned:l-cam:0', serialNumber: null, quantity: 1 }),
      expect.objectContaining({ key: 'planned:l-cam:1', serialNumber: null, quantity: 1 }),
      expect.objectContaining({ key: 'ITEM-CABLE', type: 'generic-product', quantity: 40 }),
      expect.objectContaining({ key: 'ITEM-FIT', type: 'service', quantity: 1 }),
    ]);
  });

  it('prices every planned unit as quoted (after discounts), not at the catalogue price', () => {
    expect(start.lines.map(lineAmountPaise)).toEqual([220000, 220000, 56000, 120000]);
    expect(billTotalPaise(start.lines)).toBe(616000);
    // The wizard brings lines to the catalogue (or contract) price, then the plan's: unchanged.
    const plan = billPlanOf(quoted);
    expect(planLines(repriceLines(start.lines, stock), plan)).toEqual(start.lines);
    expect(planLines(start.lines, plan)).toBe(start.lines);
  });

  it('charges units beyond the plan at the catalogue price, as the server does', () => {
    const plan = billPlanOf(quoted);
    const cableLine = start.lines.find((line) => line.key === 'ITEM-CABLE');
    if (!cableLine) throw new Error('no cable line');
    // 45 m of the 40 planned: 40 at the quote's ₹14, 5 at the catalogue's ₹15; a third camera
    // beyond the two planned at the catalogue's ₹2,500, not the quote's ₹2,200.
    const more = setLineQuantity(start.lines, 'ITEM-CABLE', 45, 50, WIZARD_QUANTITY).lines;
    const withSerials = addSerial(
      addSerial(addSerial(more, camera, 'CAM-1').lines, camera, 'CAM-2').lines,
      camera,
      'CAM-3',
    ).lines;
    const priced = planLines(withSerials, plan);
    const cable45 = priced.find((line) => line.key === 'ITEM-CABLE');
    expect(cable45 && lineAmountPaise(cable45)).toBe(40 * 1400 + 5 * 1500);
    expect(priced.filter((line) => line.itemId === 'ITEM-CAM').map(lineAmountPaise)).toEqual([
      220000, 220000, 250000,
    ]);
    expect(toBillItems(priced).map((line) => line.price)).toEqual([2200, 2200, 14, 1200, 2500]);
    // Removing a planned camera lets the extra one take its quoted price.
    const fewer = planLines(removeLine(priced, 'CAM-1'), plan);
    expect(fewer.filter((line) => line.itemId === 'ITEM-CAM').map(lineAmountPaise)).toEqual([
      220000, 220000,
    ]);
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
    expect(one.lines[0]).toMatchObject({ key: 'CAM-2', serialNumber: 'CAM-2' });
    const [filled] = one.lines;
    expect(filled && lineAmountPaise(filled)).toBe(220000);
    expect(one.lines).toHaveLength(4);
    const both = addSerialByNumber(one.lines, stock, 'cam-3');
    expect(both.error).toBeNull();
    expect(billLinesError(both.lines)).toBeNull();
    expect(toBillItems(both.lines)).toEqual([
      expect.objectContaining({ itemId: 'ITEM-CAM', serialNumber: 'CAM-2', price: 2200 }),
      expect.objectContaining({ itemId: 'ITEM-CAM', serialNumber: 'CAM-3', price: 2200 }),
      expect.objectContaining({ itemId: 'ITEM-CABLE', quantity: 40, price: 14, amount: 560 }),
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
    const short = linesFromPlanned(quoted, [camera, { ...cable, genericQuantity: 25 }, fitting]);
    expect(short.lines.find((line) => line.key === 'ITEM-CABLE')?.quantity).toBe(25);
    expect(short.notes).toContain('You hold 25 Meter of Cable; the quote planned 40 Meter.');
    const none = linesFromPlanned(quoted, [camera, fitting]);
    expect(none.lines.some((line) => line.key === 'ITEM-CABLE')).toBe(false);
    expect(none.notes).toContain('You hold 0 Meter of Cable; the quote planned 40 Meter.');
  });

  it('says when the van holds fewer units of a serialised product than planned', () => {
    const oneCamera = { ...camera, serializedItems: camera.serializedItems.slice(0, 1) };
    const short = linesFromPlanned(quoted, [oneCamera, cable, fitting]);
    expect(short.notes).toContain('You hold 1 Piece of Dome Camera; the quote planned 2 Piece.');
    expect(short.lines.filter((line) => line.itemId === 'ITEM-CAM')).toHaveLength(2);
  });

  it('starts with nothing, and prices nothing differently, for an order without planned items', () => {
    expect(linesFromPlanned([], stock)).toEqual({ lines: [], notes: [] });
    const lines = addSerial([], camera, 'CAM-1').lines;
    expect(planLines(lines, billPlanOf([]))).toBe(lines);
  });
});
