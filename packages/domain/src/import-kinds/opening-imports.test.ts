import { describe, expect, it } from 'vitest';
import { addMonths } from '../amc';
import { AMC_MESSAGES } from '../amc-schemas';
import { CONTACT_MESSAGES } from '../contact-schemas';
import { definitionOf, type ImportValues, matchHeaders } from '../import-schemas';
import { INVENTORY_MESSAGES } from '../inventory-schemas';
import { amcContractKey } from './amc-contracts';
import { OPENING_DUE_MESSAGES } from './opening-dues';

function kind(name: 'opening-stock' | 'amc-contracts' | 'opening-dues') {
  const definition = definitionOf(name);
  if (!definition) throw new Error(`${name} is importable`);
  return definition;
}

const errorsOf = (
  name: 'opening-stock' | 'amc-contracts' | 'opening-dues',
  values: ImportValues,
) => {
  const checked = kind(name).check(values);
  return checked.ok ? [] : checked.errors;
};

describe('opening stock rows: the Stock In form’s rules', () => {
  const stock = kind('opening-stock');

  it('takes other tools’ headers for the item, serial and quantity', () => {
    expect(
      matchHeaders(stock.columns, ['Item Code', 'Product Name', 'Serial No', 'Qty', 'As On']).map(
        (match) => match.column,
      ),
    ).toEqual(['itemId', 'itemName', 'serialNumber', 'quantity', 'date']);
  });

  it('passes a serial by item ID, and a quantity by item name', () => {
    expect(stock.check({ itemId: 'CAM-1', serialNumber: ' SN-1 ' })).toEqual({
      ok: true,
      input: { itemId: 'CAM-1', serialNumber: 'SN-1' },
    });
    expect(stock.check({ itemName: 'Cat6 cable', quantity: '12', date: '2026-03-31' })).toEqual({
      ok: true,
      input: { itemName: 'Cat6 cable', quantity: 12, date: '2026-03-31' },
    });
  });

  it('says the form’s messages: an item is named, a quantity is a whole number, a date a date', () => {
    expect(errorsOf('opening-stock', { serialNumber: 'SN-1' })).toEqual([
      { column: 'Item ID', message: INVENTORY_MESSAGES.itemNotFound },
    ]);
    expect(errorsOf('opening-stock', { itemId: 'CBL', quantity: 2.5 })).toEqual([
      { column: 'Quantity', message: INVENTORY_MESSAGES.quantityMin },
    ]);
    expect(errorsOf('opening-stock', { itemId: 'CBL', quantity: 'ten' })).toEqual([
      { column: 'Quantity', message: INVENTORY_MESSAGES.quantityMin },
    ]);
    expect(errorsOf('opening-stock', { itemId: 'CBL', quantity: 1, date: '31/02/2026' })).toEqual([
      expect.objectContaining({ column: 'Date' }),
    ]);
  });

  it('is the same by serial; a generic row by the item the server found for it', () => {
    expect(stock.keys({ itemId: 'CAM-1', serialNumber: 'SN-1' } as never)).toEqual([
      { column: 'Serial Number', key: 'serial:SN-1' },
    ]);
    expect(
      stock.keys({
        itemName: 'Cat6',
        quantity: 3,
        item: { id: 'uuid-1', name: 'Cat6', type: 'generic-product' },
      } as never),
    ).toEqual([{ column: 'Item ID', key: 'item:uuid-1' }]);
  });
});

describe('AMC contract rows: the create-contract form’s rules', () => {
  const amc = kind('amc-contracts');
  const row: ImportValues = {
    phoneNumber: '+91 98111 00001',
    projectType: 'CCTV 4 cameras',
    startDate: '2026-04-01',
    visitsPerTerm: 4,
    price: '₹ 4,800',
  };

  it('passes a row with the form’s defaults: 12 months, labour, price before GST at 18%', () => {
    const checked = amc.check(row);
    expect(checked).toEqual({
      ok: true,
      input: expect.objectContaining({
        phoneNumber: '+91 98111 00001',
        projectType: 'CCTV 4 cameras',
        startDate: '2026-04-01',
        termMonths: 12,
        visitsPerTerm: 4,
        price: 4800,
        priceIncludesTax: false,
        gstRate: 18,
        coverage: 'labour',
        notes: '',
      }),
    });
  });

  it('reads coverage in any case, and serials separated by commas', () => {
    const checked = amc.check({
      ...row,
      coverage: 'Labour-and-Parts',
      serialNumbers: 'SN-1, SN-2;SN-3',
    });
    expect(checked.ok && checked.input).toMatchObject({
      coverage: 'labour-and-parts',
      serialNumbers: ['SN-1', 'SN-2', 'SN-3'],
    });
  });

  it.each([
    [{ visitsPerTerm: 3 }, 'Visits', AMC_MESSAGES.invalidVisits],
    [{ termMonths: 10 }, 'Visits', AMC_MESSAGES.termNotDivisible],
    [{ termMonths: 61 }, 'Term (Months)', 'Please enter a number no larger than 60'],
    [{ price: 'free' }, 'Price', AMC_MESSAGES.invalidPrice],
    [{ startDate: '2026-02-30' }, 'Start Date', AMC_MESSAGES.invalidStartDate],
    [{ coverage: 'everything' }, 'Coverage', AMC_MESSAGES.invalidCoverage],
    [{ projectType: '' }, 'Project Type', AMC_MESSAGES.projectTypeRequired],
    [{ phoneNumber: '12345' }, 'Customer Phone', CONTACT_MESSAGES.phoneTooShort],
  ])('%o: %s says the form’s message', (change, column, message) => {
    expect(errorsOf('amc-contracts', { ...row, ...change })).toContainEqual({ column, message });
  });

  it('is the same contract by customer phone, start and project type', () => {
    const checked = amc.check(row);
    if (!checked.ok) throw new Error('valid');
    expect(amc.keys(checked.input)).toEqual([
      { column: 'Start Date', key: '9811100001|2026-04-01|cctv 4 cameras' },
    ]);
    expect(
      amcContractKey({
        phoneNumber: '09811100001',
        startDate: '2026-04-01',
        projectType: ' CCTV 4 Cameras',
      }),
    ).toBe('9811100001|2026-04-01|cctv 4 cameras');
    expect(addMonths('2026-04-01', 12)).toBe('2027-04-01');
  });
});

describe('opening due rows', () => {
  const dues = kind('opening-dues');
  const row: ImportValues = {
    invoiceNumber: ' INV/25-26/0417 ',
    invoiceDate: '2026-01-15',
    phoneNumber: '98222 00002',
    amount: 'Rs. 11,800',
    received: 5000,
  };

  it('takes Tally’s and other tools’ headers', () => {
    expect(
      matchHeaders(dues.columns, ['Voucher No', 'Bill Date', 'Mobile', 'Grand Total', 'Paid']).map(
        (match) => match.column,
      ),
    ).toEqual(['invoiceNumber', 'invoiceDate', 'phoneNumber', 'amount', 'received']);
  });

  it('passes a row, received 0 when blank, the number kept as printed', () => {
    expect(dues.check(row)).toEqual({
      ok: true,
      input: {
        invoiceNumber: 'INV/25-26/0417',
        invoiceDate: '2026-01-15',
        phoneNumber: '98222 00002',
        amount: 11800,
        received: 5000,
      },
    });
    const blank = dues.check({ ...row, received: '' });
    expect(blank.ok && (blank.input as { received: number }).received).toBe(0);
  });

  it.each([
    [{ invoiceNumber: '' }, 'Invoice Number', OPENING_DUE_MESSAGES.numberRequired],
    [{ invoiceDate: '15/01/2026' }, 'Invoice Date', OPENING_DUE_MESSAGES.invalidDate],
    [{ amount: 'eleven' }, 'Amount', OPENING_DUE_MESSAGES.invalidAmount],
    [{ amount: 10.005 }, 'Amount', OPENING_DUE_MESSAGES.invalidAmount],
    [{ received: -1 }, 'Received', OPENING_DUE_MESSAGES.invalidReceived],
    [{ received: 12000 }, 'Received', OPENING_DUE_MESSAGES.receivedOverAmount],
    [{ received: 11800 }, 'Received', OPENING_DUE_MESSAGES.nothingDue],
    [{ phoneNumber: '123' }, 'Customer Phone', CONTACT_MESSAGES.phoneTooShort],
  ])('%o: %s says why', (change, column, message) => {
    expect(errorsOf('opening-dues', { ...row, ...change })).toContainEqual({ column, message });
  });

  it('is the same due by invoice number, without case or spaces around it', () => {
    const checked = dues.check({ ...row, invoiceNumber: 'inv/25-26/0417' });
    if (!checked.ok) throw new Error('valid');
    expect(dues.keys(checked.input)).toEqual([{ column: 'Invoice Number', key: 'inv/25-26/0417' }]);
  });
});
