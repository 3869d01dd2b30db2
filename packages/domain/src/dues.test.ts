import { describe, expect, it } from 'vitest';
import { DEFAULT_UPDATE_TEMPLATES, fillTemplate } from './customer-updates';
import {
  AGEING_BUCKETS,
  ageingBucketOf,
  buildUpiDueLink,
  daysOutstanding,
  whatsappLink,
} from './dues';
import { rupeesDecimal } from './rupees-decimal';

/** A query parameter's raw text (the domain package has no DOM, so no URLSearchParams). */
const param = (link: string, key: string) => new RegExp(`[?&]${key}=([^&]*)`).exec(link)?.[1] ?? '';

describe('buildUpiDueLink', () => {
  const link = buildUpiDueLink({
    vpa: 'karya.pune@okbank',
    name: 'Karya Pune & Co',
    amountPaise: 123450,
    note: 'PUNE/26-27/00012',
  });

  it("keeps the VPA's @ and encodes the '/' of the invoice number in the note", () => {
    expect(link).toBe(
      'upi://pay?pa=karya.pune@okbank&pn=Karya%20Pune%20%26%20Co&am=1234.50&cu=INR&tn=PUNE%2F26-27%2F00012',
    );
    expect(link).not.toContain('%40');
    expect(decodeURIComponent(param(link, 'tn'))).toBe('PUNE/26-27/00012');
  });

  it('writes the amount with two decimals, exactly', () => {
    const am = (amountPaise: number) =>
      param(buildUpiDueLink({ vpa: 'a@b', name: 'A', amountPaise, note: 'X' }), 'am');
    expect(am(1)).toBe('0.01');
    expect(am(2000)).toBe('20.00');
    expect(am(999_999_999_99)).toBe('999999999.99');
  });

  it('refuses a due of nothing', () => {
    expect(() => buildUpiDueLink({ vpa: 'a@b', name: 'A', amountPaise: 0, note: 'X' })).toThrow(
      RangeError,
    );
  });
});

describe('rupeesDecimal', () => {
  it('writes paise as rupees with two decimals, sign kept', () => {
    expect(rupeesDecimal(0)).toBe('0.00');
    expect(rupeesDecimal(5)).toBe('0.05');
    expect(rupeesDecimal(-40)).toBe('-0.40');
    expect(rupeesDecimal(123456789)).toBe('1234567.89');
  });
});

describe('the due reminder (the dueReminder customer update)', () => {
  const values = {
    customerName: 'Ravi Kumar',
    orderId: 'WO-20261124-0007',
    branchName: 'Karya Pune',
    due: '₹1,234.50',
    branchPhone: '+91 20 2543 0000',
    statusLink: 'https://karya.example.in/s/abc',
  };

  it('names the due, the order and the branch; the status link, where the customer pays, ends a line', () => {
    expect(fillTemplate(DEFAULT_UPDATE_TEMPLATES.dueReminder.en, values, 'en')).toBe(
      'Dear Ravi Kumar, ₹1,234.50 is due on order WO-20261124-0007 from Karya Pune.\n' +
        'See the invoice and pay by UPI here: https://karya.example.in/s/abc\n' +
        'For help call +91 20 2543 0000.\n' +
        'Thank you.',
    );
    expect(fillTemplate(DEFAULT_UPDATE_TEMPLATES.dueReminder.hinglish, values, 'hinglish')).toBe(
      'Namaste Ravi Kumar ji, Karya Pune ke order WO-20261124-0007 ka ₹1,234.50 baaki hai.\n' +
        'Invoice dekhein aur UPI se pay karein: https://karya.example.in/s/abc\n' +
        'Madad ke liye call karein: +91 20 2543 0000\n' +
        'Dhanyavaad.',
    );
  });

  it('leaves out the link of an order without one (a contract’s invoice, an expired order)', () => {
    const text = fillTemplate(
      DEFAULT_UPDATE_TEMPLATES.dueReminder.en,
      { ...values, statusLink: null, branchPhone: null },
      'en',
    );
    expect(text).toBe(
      'Dear Ravi Kumar, ₹1,234.50 is due on order WO-20261124-0007 from Karya Pune.\nThank you.',
    );
  });
});

describe('whatsappLink', () => {
  it('adds India’s 91 to a 10-digit number and encodes the text', () => {
    expect(whatsappLink('98765 43210', 'Due ₹1,234.50 & more\nThanks')).toBe(
      `https://wa.me/919876543210?text=${encodeURIComponent('Due ₹1,234.50 & more\nThanks')}`,
    );
    expect(whatsappLink('+91 98765-43210', 'x')).toBe('https://wa.me/919876543210?text=x');
    expect(whatsappLink('09876543210', 'x')).toBe('https://wa.me/919876543210?text=x');
  });

  it('lets WhatsApp ask for the recipient when there is no number', () => {
    expect(whatsappLink('', 'hi')).toBe('https://wa.me/?text=hi');
  });
});

describe('ageing', () => {
  it('puts days into the four buckets at their edges', () => {
    expect(AGEING_BUCKETS).toEqual(['0-30', '31-60', '61-90', '90+']);
    expect([0, 30, 31, 60, 61, 90, 91, 400].map(ageingBucketOf)).toEqual([
      '0-30',
      '0-30',
      '31-60',
      '31-60',
      '61-90',
      '61-90',
      '90+',
      '90+',
    ]);
  });

  it('counts days between India dates, across months and a leap day', () => {
    expect(daysOutstanding('2026-04-05', '2026-04-05')).toBe(0);
    expect(daysOutstanding('2026-03-31', '2026-04-01')).toBe(1);
    expect(daysOutstanding('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysOutstanding('2026-01-01', '2027-01-01')).toBe(365);
    expect(daysOutstanding('2026-04-05', '2026-04-01')).toBe(0);
  });

  it('dates timestamps in India: 11 pm IST yesterday is one day at 1 am today', () => {
    expect(daysOutstanding('2026-04-04T17:30:00Z', '2026-04-04T19:30:00Z')).toBe(1);
  });
});
