import { describe, expect, it } from 'vitest';
import { GST_MESSAGES, INVOICE_TITLES, invoiceKindOf, validateHsnSac } from './gst';

describe('validateHsnSac', () => {
  it('takes an HSN of 4, 6 or 8 digits for goods', () => {
    for (const code of ['8541', '854140', '85414011', ' 8541 '])
      for (const type of ['serialized-product', 'generic-product'] as const)
        expect(validateHsnSac(code, type)).toEqual({ ok: true, code: code.trim() });
    for (const code of ['854', '85414', '8541401', '854140112', '85A1', ''])
      expect(validateHsnSac(code, 'generic-product')).toEqual({
        ok: false,
        message: GST_MESSAGES.hsnFormat,
      });
  });

  it('takes a SAC of 6 digits starting 99 for services', () => {
    expect(validateHsnSac('998729', 'service')).toEqual({ ok: true, code: '998729' });
    for (const code of ['8541', '998', '99872', '9987290', '898729'])
      expect(validateHsnSac(code, 'service')).toEqual({
        ok: false,
        message: GST_MESSAGES.sacFormat,
      });
  });
});

describe('invoiceKindOf', () => {
  it('issues a tax invoice only from a registered business through a branch with a GSTIN', () => {
    expect(invoiceKindOf({ businessGstRegistered: true, branchGstin: '27AAPFU0939F1ZV' })).toBe(
      'tax-invoice',
    );
    expect(invoiceKindOf({ businessGstRegistered: true, branchGstin: null })).toBe(
      'bill-of-supply',
    );
    expect(invoiceKindOf({ businessGstRegistered: true, branchGstin: ' ' })).toBe('bill-of-supply');
    expect(invoiceKindOf({ businessGstRegistered: false, branchGstin: '27AAPFU0939F1ZV' })).toBe(
      'bill-of-supply',
    );
    expect(INVOICE_TITLES['tax-invoice']).toBe('Tax Invoice');
    expect(INVOICE_TITLES['bill-of-supply']).toBe('Bill of Supply');
  });
});
