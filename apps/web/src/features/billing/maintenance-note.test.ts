import { describe, expect, it } from 'vitest';
import { maintenanceBillNote } from './maintenance-note';

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
      'Visit 1 of 4 under maintenance contract AMC-2027-000001: labour, Camera Power Adapter and BNC Connector are billed at ₹0 on the Bill Summary.',
    );
    expect(maintenanceBillNote({ ...coverage, coverage: 'labour', coveredItems: [] })).toBe(
      'Visit 1 of 4 under maintenance contract AMC-2027-000001: labour is billed at ₹0 on the Bill Summary.',
    );
  });

  it('says what it can without the contract (no signal)', () => {
    expect(maintenanceBillNote(undefined)).toMatch(/^A maintenance contract visit: /);
  });
});
