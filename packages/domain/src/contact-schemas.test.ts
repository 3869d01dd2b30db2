import { describe, expect, it } from 'vitest';
import {
  createLeadSchema,
  createWorkOrderSchema,
  formatOrderId,
  looksLikePhoneNumber,
  normalizePhone,
} from './contact-schemas';

describe('normalizePhone', () => {
  it.each([
    ['9876543210', '+919876543210', '9876543210'],
    ['+91 98765 43210', '+919876543210', '9876543210'],
    ['919876543210', '+919876543210', '9876543210'],
    ['09876543210', '+919876543210', '9876543210'],
    ['0091-98765-43210', '+919876543210', '9876543210'],
    ['+1 (415) 555-0100', '+14155550100', '4155550100'],
    ['+971 50 123 4567', '+971501234567', '501234567'],
    ['12345678', '+9112345678', '12345678'],
  ])('%s → %s', (typed, e164, national) => {
    expect(normalizePhone(typed)).toEqual({ e164, national });
  });
});

describe('contact rules', () => {
  it('tests an empty search for a phone number (spec 1 §5)', () => {
    expect(looksLikePhoneNumber('9876543210')).toBe(true);
    expect(looksLikePhoneNumber('+919876543210')).toBe(true);
    expect(looksLikePhoneNumber('+91987654')).toBe(false);
    expect(looksLikePhoneNumber('Ravi')).toBe(false);
  });

  it('counts phone digits without the country code', () => {
    const short = createLeadSchema.safeParse({ name: 'A', phoneNumber: '+91 1234567' });
    expect(short.error?.issues[0]?.message).toBe('Phone number must be at least 8 digits');
    expect(createLeadSchema.safeParse({ name: 'A', phoneNumber: '+91 12345678' }).success).toBe(
      true,
    );
  });

  it('needs a project type for a new installation, a project and details for a complaint', () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const messages = (body: object) =>
      createWorkOrderSchema.safeParse(body).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages({ customerId: id })).toEqual(['Please select a project type']);
    expect(messages({ customerId: id, projectCategory: 'Repair' })).toEqual([
      'Please select a project',
      'Please enter complaint details',
    ]);
  });

  it('formats order ids from a sequence number', () => {
    expect(formatOrderId(2026, 123)).toBe('WO-2026-000123');
  });
});
