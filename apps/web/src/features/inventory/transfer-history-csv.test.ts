import { FAULTY_PLACE_LABEL, type TransferRecord } from '@karya/domain/inventory-answers';
import { describe, expect, it } from 'vitest';
import {
  csvField,
  toCsv,
  transferHistoryCsv,
  transferHistoryFilename,
} from './transfer-history-csv';

const record = (overrides: Partial<TransferRecord> = {}): TransferRecord => ({
  _id: '1',
  timestamp: '2026-11-22T09:30:00.000Z',
  date: '2026-11-22T09:30:00.000Z',
  itemId: 'ITEM-1',
  itemName: 'Solar Panel 200W',
  type: 'serialized-product',
  kind: 'assigned',
  from: 'Branch Inventory',
  to: 'Ravi Kumar',
  fromLocation: 'branch',
  toLocation: 'technician',
  technicianId: 'tech-1',
  quantity: 1,
  unit: 'Piece',
  serialNumber: 'SP-001',
  remark: '',
  transferredBy: 'Meena Shah',
  ...overrides,
});

describe('csvField', () => {
  it('leaves plain text and numbers as they are', () => {
    expect(csvField('Branch Inventory')).toBe('Branch Inventory');
    expect(csvField(12)).toBe('12');
    expect(csvField(null)).toBe('');
  });

  it('quotes commas and line breaks and doubles quotes', () => {
    expect(csvField('Cable, 2 core')).toBe('"Cable, 2 core"');
    expect(csvField('Panel "Pro"')).toBe('"Panel ""Pro"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('keeps a value that a spreadsheet would run as a formula as text', () => {
    expect(csvField('=SUM(A1:A2)')).toBe("'=SUM(A1:A2)");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField('=A1,B1')).toBe(`"'=A1,B1"`);
  });
});

describe('transferHistoryCsv', () => {
  it('writes the header of spec 2 §9 and one line per record', () => {
    const csv = transferHistoryCsv([
      record(),
      record({
        _id: '2',
        itemId: 'ITEM-2',
        itemName: 'Wire, copper',
        type: 'generic-product',
        kind: 'returned',
        from: 'Ravi Kumar',
        to: 'Pending Return (Ravi Kumar)',
        fromLocation: 'technician',
        toLocation: 'pending-return',
        quantity: 15,
        unit: 'Meter',
        serialNumber: null,
        transferredBy: 'Ravi Kumar',
      }),
    ]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'Date,Item ID,Item Name,Type,From,To,Quantity,Serial Number,Transferred By',
    );
    expect(lines).toHaveLength(3);
    // The en-IN date holds a comma, so it is quoted.
    expect(lines[1]).toMatch(
      /^"\d{2}\/\d{2}\/\d{2}, .+",ITEM-1,Solar Panel 200W,serialized-product,Branch Inventory,Ravi Kumar,1,SP-001,Meena Shah$/,
    );
    expect(lines[2]).toMatch(
      /,ITEM-2,"Wire, copper",generic-product,Ravi Kumar,Pending Return \(Ravi Kumar\),15,,Ravi Kumar$/,
    );
  });

  it("writes a unit taken back under warranty as going to 'Faulty Stock'", () => {
    const csv = transferHistoryCsv([
      record({
        kind: 'faulty',
        from: 'Customer',
        to: FAULTY_PLACE_LABEL,
        fromLocation: 'customer',
        toLocation: 'faulty',
        technicianId: null,
        remark: 'Warranty replacement: SP-001 → SP-002',
      }),
    ]);
    expect(csv.split('\r\n')[1]).toMatch(
      /,ITEM-1,Solar Panel 200W,serialized-product,Customer,Faulty Stock,1,SP-001,Meena Shah$/,
    );
  });

  it('writes only the header when there is nothing to export', () => {
    expect(transferHistoryCsv([])).toBe(
      'Date,Item ID,Item Name,Type,From,To,Quantity,Serial Number,Transferred By',
    );
  });

  it('joins rows with CRLF', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['c', 1],
      ]),
    ).toBe('a,b\r\nc,1');
  });
});

describe('transferHistoryFilename', () => {
  it("carries today's date", () => {
    expect(transferHistoryFilename(new Date(2026, 0, 5, 23, 59))).toBe(
      'inventory-transfer-history-2026-01-05.csv',
    );
  });
});
