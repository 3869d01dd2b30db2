import { describe, expect, it } from 'vitest';
import { formatQuantities, formatQuantity, totalsByUnit } from './quantity';

describe('quantities with their units (issue 39 item 5)', () => {
  it('writes one quantity with its unit, a Piece when it has none', () => {
    expect(formatQuantity(40, 'Meter')).toBe('40 Meter');
    expect(formatQuantity(1, '')).toBe('1 Piece');
    expect(formatQuantity(3, null)).toBe('3 Piece');
    expect(formatQuantity(120000, 'Meter')).toBe('1,20,000 Meter');
  });

  it('never adds metres to pieces: 100 m and 5 pieces are not 105 units', () => {
    const held = [
      { quantity: 100, unit: 'Meter' },
      { quantity: 2, unit: 'Piece' },
      { quantity: 3, unit: 'Piece' },
    ];
    expect(formatQuantities(held)).toBe('100 Meter · 5 Piece');
    expect(formatQuantities(held)).not.toContain('105');
    expect(totalsByUnit(held)).toEqual([
      { unit: 'Meter', quantity: 100 },
      { unit: 'Piece', quantity: 5 },
    ]);
  });

  it('adds within a unit whatever its case, largest first, and leaves out nothing held', () => {
    expect(
      formatQuantities([
        { quantity: 1, unit: 'Box' },
        { quantity: 4, unit: 'meter' },
        { quantity: 6, unit: 'Meter' },
        { quantity: 0, unit: 'Roll' },
        { quantity: 1, unit: ' Box ' },
      ]),
    ).toBe('10 meter · 2 Box');
  });

  it('says 0, or what it is told, when there is nothing', () => {
    expect(formatQuantities([])).toBe('0');
    expect(formatQuantities([{ quantity: 0, unit: 'Meter' }], '')).toBe('');
  });
});
