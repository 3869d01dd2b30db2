import { describe, expect, it } from 'vitest';
import {
  GSTR1_B2B_COLUMNS,
  gstr1Date,
  HSN_SUMMARY_COLUMNS,
  SALES_REGISTER_COLUMNS,
  toCsv,
  uqcOf,
} from './gst-csv';

describe('toCsv', () => {
  it('quotes what needs quoting, ends every row with CRLF and starts with a BOM', () => {
    expect(
      toCsv([
        ['Invoice Number', 'Receiver Name'],
        ['PUNE/26-27/00001', 'Sharma, "Tiles" & Sons'],
        ['X', 'line\nbreak'],
      ]),
    ).toBe(
      '\uFEFFInvoice Number,Receiver Name\r\nPUNE/26-27/00001,"Sharma, ""Tiles"" & Sons"\r\nX,"line\nbreak"\r\n',
    );
  });

  it('leaves the BOM out on request', () => {
    expect(toCsv([['a', '₹1']], { bom: false })).toBe('a,₹1\r\n');
  });

  it('defuses a formula but keeps a negative amount a number', () => {
    expect(toCsv([['=HYPERLINK("x")', '-0.40', '+91 98765', '@SUM(A1)']], { bom: false })).toBe(
      `"'=HYPERLINK(""x"")",-0.40,'+91 98765,'@SUM(A1)\r\n`,
    );
  });
});

describe('GSTR-1 columns and values', () => {
  it('keeps the offline tool’s column orders', () => {
    expect(GSTR1_B2B_COLUMNS[0]).toBe('GSTIN/UIN of Recipient');
    expect(GSTR1_B2B_COLUMNS).toHaveLength(13);
    expect(SALES_REGISTER_COLUMNS).toHaveLength(12);
    expect(HSN_SUMMARY_COLUMNS).toHaveLength(11);
  });

  it('dates as dd-Mmm-yyyy', () => {
    expect(gstr1Date('2026-04-05')).toBe('05-Apr-2026');
    expect(gstr1Date('2027-12-31')).toBe('31-Dec-2027');
    expect(() => gstr1Date('05/04/2026')).toThrow(RangeError);
  });

  it('maps the catalogue units to GST quantity codes', () => {
    expect(uqcOf('Piece')).toBe('PCS-PIECES');
    expect(uqcOf('Meter')).toBe('MTR-METERS');
    expect(uqcOf('Box')).toBe('BOX-BOX');
    expect(uqcOf('Set')).toBe('SET-SETS');
    expect(uqcOf('Kg')).toBe('KGS-KILOGRAMS');
    expect(uqcOf('Liter')).toBe('LTR-LITRES');
    expect(uqcOf('Litre')).toBe('LTR-LITRES');
    expect(uqcOf('Carton')).toBe('CTN-CARTONS');
    expect(uqcOf('Dozen')).toBe('DOZ-DOZENS');
    expect(uqcOf('Pair')).toBe('PRS-PAIRS');
    expect(uqcOf('Roll')).toBe('ROL-ROLLS');
    expect(uqcOf('Bundle')).toBe('OTH-OTHERS');
    expect(uqcOf('Service')).toBe('NA');
    expect(uqcOf('Piece', 'service')).toBe('NA');
  });
});
