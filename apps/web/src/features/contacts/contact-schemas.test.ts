import { describe, expect, it } from 'vitest';
import { editCustomerSchema, stateOfGstin, taxBodyOf } from './contact-schemas';

const CUSTOMER = {
  name: 'Meera Joshi',
  email: 'meera@example.com',
  phoneCode: '+91',
  phone: '9876543210',
  whatsappCode: '+91',
  whatsapp: '',
  address: 'College Road, Nashik',
  age: '',
  branch: '',
  status: 'active' as const,
  preferredLanguage: 'hinglish' as const,
  stateCode: '27',
  gstin: '',
};

describe('contact state and GSTIN (issue 19)', () => {
  it('sends blank as none and the GSTIN upper-cased', () => {
    expect(taxBodyOf({ stateCode: '', gstin: '  ' })).toEqual({ stateCode: null, gstin: null });
    expect(taxBodyOf({ stateCode: '29', gstin: ' 29abcde1234f1zw ' })).toEqual({
      stateCode: '29',
      gstin: '29ABCDE1234F1ZW',
    });
  });

  it('checks a typed GSTIN with its own messages, and lets a consumer leave it blank', () => {
    expect(editCustomerSchema.safeParse(CUSTOMER).success).toBe(true);
    const typo = editCustomerSchema.safeParse({ ...CUSTOMER, gstin: '29ABCDE1234F1ZX' });
    expect(typo.error?.issues[0]).toMatchObject({
      path: ['gstin'],
      message: 'GSTIN check digit does not match: please check for a typo',
    });
    const short = editCustomerSchema.safeParse({ ...CUSTOMER, gstin: '29ABCDE' });
    expect(short.error?.issues[0]?.message).toBe('GSTIN must be 15 characters');
  });

  it('reads the state a valid GSTIN stands for', () => {
    expect(stateOfGstin('29abcde1234f1zw')).toBe('29');
    expect(stateOfGstin('29ABCDE1234F1ZX')).toBeNull();
    expect(stateOfGstin('')).toBeNull();
  });
});
