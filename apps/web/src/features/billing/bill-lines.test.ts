import { describe, expect, it } from 'vitest';
import {
  addGeneric,
  addItem,
  addSerial,
  addSerialByNumber,
  addService,
  billLinesError,
  billTotalPaise,
  DIALOG_QUANTITY,
  type DraftLine,
  removeLine,
  repriceLines,
  setLineQuantity,
  WIZARD_QUANTITY,
} from './bill-lines';
import { stockItem as item } from './stock-item.fixture';
import { heldOf, searchStock, serviceChoices } from './stock-search';

const camera = item({
  itemId: 'ITEM-CAM',
  itemName: 'Dome Camera',
  type: 'serialized-product',
  salePrice: 2500,
  serializedItems: [
    { serialNumber: 'CAM-1', status: 'active', assignedAt: '2026-11-20T00:00:00.000Z' },
    { serialNumber: 'CAM-2', status: 'active', assignedAt: '2026-11-20T00:00:00.000Z' },
    { serialNumber: 'CAM-OLD', status: 'used', assignedAt: '2026-11-01T00:00:00.000Z' },
  ],
});
const cable = item({
  itemId: 'ITEM-CABLE',
  itemName: 'Cable',
  type: 'generic-product',
  unit: 'Meter',
  salePrice: 12.5,
  genericQuantity: 3,
});
const fitting = item({
  itemId: 'ITEM-FIT',
  itemName: 'Fitting',
  type: 'service',
  salePrice: 499.99,
});
const stock = [camera, cable, fitting];

const linesOf = (change: { lines: DraftLine[]; error: string | null }) => {
  expect(change.error).toBeNull();
  return change.lines;
};

describe('bill lines (spec 2 §5)', () => {
  it('adds a held serial once and refuses it a second time', () => {
    const once = linesOf(addSerial([], camera, 'CAM-1'));
    expect(once).toMatchObject([{ serialNumber: 'CAM-1', quantity: 1, unitPricePaise: 250000 }]);
    const twice = addSerial(once, camera, 'CAM-1');
    expect(twice.error).toBe('This serialized item is already added');
    expect(twice.lines).toHaveLength(1);
  });

  it('offers only active serials: a used one typed in is not found', () => {
    expect(addSerialByNumber([], stock, 'CAM-OLD').error).toBe('Serial number not found');
    expect(addSerialByNumber([], stock, '   ').error).toBe('Please enter a serial number');
    const typed = linesOf(addSerialByNumber([], stock, ' cam-2 '));
    expect(typed[0]?.serialNumber).toBe('CAM-2');
    expect(addSerialByNumber(typed, stock, 'CAM-2').error).toBe(
      'This serialized item is already added',
    );
  });

  it('grows a generic line up to what is held, then stops with the maximum message', () => {
    let lines = linesOf(addGeneric([], cable));
    lines = linesOf(addGeneric(lines, cable));
    lines = linesOf(addGeneric(lines, cable));
    expect(lines).toMatchObject([{ key: 'ITEM-CABLE', quantity: 3 }]);
    const fourth = addGeneric(lines, cable);
    expect(fourth.error).toBe('Maximum available quantity (3) reached for this item');
    expect(fourth.lines[0]?.quantity).toBe(3);
  });

  it('refuses the same service twice', () => {
    const lines = linesOf(addService([], fitting));
    expect(addService(lines, fitting).error).toBe('This service is already added');
    expect(addItem(lines, fitting).error).toBe('This service is already added');
  });

  it('keeps a typed quantity within 0..held in the wizard and 1..held in the dialog', () => {
    const lines = linesOf(addGeneric([], cable));
    const tooMany = setLineQuantity(lines, 'ITEM-CABLE', 9, 3, WIZARD_QUANTITY);
    expect(tooMany.error).toBe('Maximum available quantity (3) reached for this item');
    expect(tooMany.lines[0]?.quantity).toBe(3);
    expect(linesOf(setLineQuantity(lines, 'ITEM-CABLE', 0, 3, WIZARD_QUANTITY))[0]?.quantity).toBe(
      0,
    );
    const belowOne = setLineQuantity(lines, 'ITEM-CABLE', 0, 3, DIALOG_QUANTITY);
    expect(belowOne.error).toBe('Quantity cannot be less than 1');
    expect(belowOne.lines[0]?.quantity).toBe(1);
  });

  it('totals the lines in paise and needs at least one line with a quantity', () => {
    let lines = linesOf(addSerial([], camera, 'CAM-1'));
    lines = linesOf(addGeneric(lines, cable));
    lines = linesOf(addGeneric(lines, cable));
    lines = linesOf(addService(lines, fitting));
    expect(billTotalPaise(lines)).toBe(250000 + 2 * 1250 + 49999);
    expect(billLinesError(lines)).toBeNull();
    expect(billLinesError([])).toBe('No items selected for billing');
    const zero = linesOf(
      setLineQuantity(removeLine(lines, 'CAM-1'), 'ITEM-CABLE', 0, 3, WIZARD_QUANTITY),
    );
    expect(billLinesError(removeLine(zero, 'ITEM-FIT'))).toBe('No items selected for billing');
  });

  it('brings lines added at the catalogue price to a contract price, and leaves the rest alone', () => {
    let lines = linesOf(addSerial([], camera, 'CAM-1'));
    lines = linesOf(addGeneric(lines, cable));
    lines = linesOf(addService(lines, fitting));
    // A maintenance visit whose contract covers parts: the camera and cable at ₹0.
    const covered = [
      { itemId: 'ITEM-CAM', salePrice: 0 },
      { itemId: 'ITEM-CABLE', salePrice: 0 },
    ];
    const repriced = repriceLines(lines, covered);
    expect(repriced.map((line) => line.unitPricePaise)).toEqual([0, 0, 49999]);
    expect(billTotalPaise(repriced)).toBe(49999);
    expect(repriced[0]).toMatchObject({ serialNumber: 'CAM-1', quantity: 1 });
    // Nothing to change: the same array, so a render that reprices settles at once.
    expect(repriceLines(repriced, covered)).toBe(repriced);
    expect(repriceLines(lines, stock)).toBe(lines);
  });
});

describe('stock search', () => {
  it('lists free serials and remaining quantities, and finds an item by serial', () => {
    const lines = linesOf(addSerial([], camera, 'CAM-1'));
    const all = searchStock(stock, '', lines);
    expect(all.map((choice) => choice.item.itemId)).toEqual(['ITEM-CAM', 'ITEM-CABLE']);
    expect(all[0]?.serials).toEqual(['CAM-2']);
    expect(searchStock(stock, 'cam-2', lines)[0]?.serials).toEqual(['CAM-2']);
    expect(searchStock(stock, 'cable', linesOf(addGeneric([], cable)))[0]?.remaining).toBe(2);
    expect(serviceChoices(stock, 'fit').map((service) => service.itemId)).toEqual(['ITEM-FIT']);
    expect(heldOf(stock, 'ITEM-CABLE')).toBe(3);
  });
});
