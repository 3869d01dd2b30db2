import { formatQuantities } from '@karya/domain/quantity';
import { describe, expect, it } from 'vitest';
import type { BranchStockItem } from './assignment-selection';
import {
  ASSIGNMENT_MESSAGES,
  addGeneric,
  findSerialInStock,
  isSerialSelected,
  type SelectedLine,
  selectedQuantities,
  serialLine,
  setGenericQuantity,
} from './assignment-selection';

const wire: BranchStockItem = {
  _id: 'w',
  id: 'ITEM-WIRE',
  type: 'generic-product',
  name: 'Copper Wire',
  unit: 'Meter',
  salePrice: 45,
  totalStock: 10,
  stock: [{ quantity: 10, date: '2026-11-22', remark: 'Roll' }],
};
const panel: BranchStockItem = {
  _id: 'p',
  id: 'ITEM-PANEL',
  type: 'serialized-product',
  name: 'Solar Panel',
  unit: 'Piece',
  salePrice: 8500,
  totalStock: 2,
  stock: [
    { serialNumber: 'SP-1', quantity: 1, date: '2026-11-22', remark: '' },
    { serialNumber: 'SP-2', quantity: 1, date: '2026-11-22', remark: '' },
  ],
};

describe('generic quantities (spec 1 §5)', () => {
  it('adds up to the branch stock and merges repeated additions', () => {
    const first = addGeneric([], wire, 4);
    const second = addGeneric(first.lines, wire, 6);
    expect(second.error).toBeUndefined();
    expect(second.lines).toEqual([{ kind: 'generic', key: 'generic:w', item: wire, quantity: 10 }]);
  });

  it('refuses more than the stock with the spec message', () => {
    const result = addGeneric([], wire, 11);
    expect(result.error).toBe('Only 10 items available in stock');
    expect(result.lines).toEqual([]);
  });

  it('caps an edited quantity at the stock and reports it', () => {
    const { lines } = addGeneric([], wire, 2);
    const result = setGenericQuantity(lines, wire, 25);
    expect(result.error).toBe(ASSIGNMENT_MESSAGES.onlyAvailable(10));
    expect(result.lines[0]).toMatchObject({ quantity: 10 });
  });

  it('removes the item at a quantity of 0 or less', () => {
    const { lines } = addGeneric([], wire, 2);
    expect(setGenericQuantity(lines, wire, 0).lines).toEqual([]);
    expect(setGenericQuantity(lines, wire, -3).lines).toEqual([]);
  });
});

describe('serials', () => {
  it('finds the branch item holding a serial', () => {
    expect(findSerialInStock([wire, panel], 'SP-2')?._id).toBe('p');
    expect(findSerialInStock([wire, panel], 'SP-9')).toBeUndefined();
  });

  it('knows a serial that is already selected', () => {
    const lines: SelectedLine[] = [serialLine(panel, 'SP-1')];
    expect(isSerialSelected(lines, 'SP-1')).toBe(true);
    expect(isSerialSelected(lines, 'SP-2')).toBe(false);
  });

  it('counts a serial as one unit of its item, never adding metres to pieces', () => {
    const lines: SelectedLine[] = [
      serialLine(panel, 'SP-1'),
      serialLine(panel, 'SP-2'),
      ...addGeneric([], wire, 3).lines,
    ];
    expect(formatQuantities(selectedQuantities(lines))).toBe('3 Meter · 2 Piece');
  });
});
