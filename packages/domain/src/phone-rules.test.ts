import { describe, expect, it } from 'vitest';
import { formatPhone } from './phone-rules';

describe('formatPhone', () => {
  it('shows an Indian mobile one way, however it was entered', () => {
    for (const typed of [
      '9850033333',
      '09850033333',
      '+919850033333',
      '+91 98500 33333',
      '+91-98500-33333',
      '919850033333',
      '0091 98500 33333',
      ' (+91) 98500-33333 ',
    ]) {
      expect(formatPhone(typed)).toBe('+91 98500 33333');
    }
    // A mobile that itself starts with 91.
    expect(formatPhone('9198500333')).toBe('+91 91985 00333');
  });

  it('leaves a landline, a foreign number and text that is no number as entered', () => {
    expect(formatPhone('020 2612 3456')).toBe('020 2612 3456');
    expect(formatPhone('+971501234567')).toBe('+971501234567');
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(formatPhone('12345')).toBe('12345');
    expect(formatPhone('')).toBe('');
    expect(formatPhone(null)).toBe('');
  });
});
