import { describe, expect, it } from 'vitest';
import { messageNumberOf, telLink, whatsappLink } from './contact-links';

describe('contact links', () => {
  it('keeps only the digits of the number in the WhatsApp link', () => {
    expect(whatsappLink('+91 98765-43210')).toBe('https://wa.me/919876543210');
  });

  it('has no link without a number', () => {
    expect(whatsappLink('')).toBeNull();
    expect(whatsappLink('  -  ')).toBeNull();
    expect(telLink('+')).toBeNull();
  });

  it('calls with the plus of the country code', () => {
    expect(telLink('+91 98765 43210')).toBe('tel:+919876543210');
  });

  it('messages the WhatsApp number first, else the phone', () => {
    expect(messageNumberOf({ customerWhatsapp: '+911111111111', customerPhone: '+912' })).toBe(
      '+911111111111',
    );
    expect(messageNumberOf({ customerWhatsapp: ' ', customerPhone: '+912222222222' })).toBe(
      '+912222222222',
    );
  });
});
