import { describe, expect, it } from 'vitest';
import { contractPricedItems, maintenanceBillNote } from './maintenance-note';

const coverage = {
  contractId: 'c-1',
  contractNumber: 'AMC-2027-000001',
  visitNumber: 1,
  visitsPerTerm: 4,
  dueDate: '2027-06-01',
  coverage: 'labour-and-parts' as const,
  labourCovered: true,
  coveredItems: [
    { _id: 'i-1', itemId: 'ITEM-1', name: 'Camera Power Adapter' },
    { _id: 'i-2', itemId: 'ITEM-2', name: 'BNC Connector' },
  ],
};

describe('the note on a maintenance visit’s bill', () => {
  it('names the contract, the visit and what is billed at ₹0', () => {
    expect(maintenanceBillNote(coverage)).toBe(
      'Visit 1 of 4 under maintenance contract AMC-2027-000001: labour, Camera Power Adapter and BNC Connector are billed at ₹0.',
    );
    expect(maintenanceBillNote({ ...coverage, coverage: 'labour', coveredItems: [] })).toBe(
      'Visit 1 of 4 under maintenance contract AMC-2027-000001: labour is billed at ₹0.',
    );
  });

  it('says what it can without the contract (no signal)', () => {
    expect(maintenanceBillNote(undefined)).toMatch(/^A maintenance contract visit: /);
  });
});

describe('contractPricedItems', () => {
  // ITEM-2 is one of the contract's covered parts; ITEM-3 is not.
  const items = [
    { itemId: 'ITEM-3', type: 'serialized', salePrice: 3000 },
    { itemId: 'ITEM-2', type: 'generic', salePrice: 450 },
    { itemId: 'ITEM-4', type: 'service', salePrice: 500 },
  ];

  it('prices the covered part and, with labour covered, the service at ₹0; the rest as listed', () => {
    expect(contractPricedItems(items, coverage).map((item) => item.salePrice)).toEqual([
      3000, 0, 0,
    ]);
  });

  it('bills labour when the contract does not cover it', () => {
    const partsOnly = { ...coverage, labourCovered: false };
    expect(contractPricedItems(items, partsOnly).map((item) => item.salePrice)).toEqual([
      3000, 0, 500,
    ]);
  });

  it('keeps the catalogue prices while the coverage is unknown', () => {
    expect(contractPricedItems(items, undefined)).toBe(items);
    expect(contractPricedItems(items, null)).toBe(items);
  });
});
