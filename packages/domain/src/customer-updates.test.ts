import { describe, expect, it } from 'vitest';
import {
  CUSTOMER_UPDATE_EVENTS,
  DEFAULT_UPDATE_TEMPLATES,
  fillTemplate,
  recordCustomerUpdateInput,
  templateBodyOf,
  UPDATE_LANGUAGES,
  UPDATE_PLACEHOLDERS,
  type UpdateValues,
  unknownPlaceholders,
  updateTemplateInput,
  updateValuesOf,
} from './customer-updates';
import { whatsappLink } from './dues';

const EVERY_VALUE: Required<UpdateValues> = {
  customerName: 'Meera Joshi',
  orderId: 'WO-20261124-0007',
  projectType: 'CCTV Camera',
  technicianName: 'Suresh Patil',
  technicianPhone: '+91 98220 12345',
  branchName: 'Kothrud',
  branchPhone: '+91 20 2543 0000',
  amount: '₹12,400.00',
  due: '₹2,400.00',
  reason: 'Waiting for a ladder',
  statusLink: 'https://karya.example/s/abc',
  invoiceLink: 'https://karya.example/s/abc/invoice',
  upiLink: 'upi://pay?pa=kothrud@okaxis&pn=Kothrud&am=2400.00&cu=INR&tn=KOT%2F26-27%2F00012',
  contractNumber: 'AMC-2026-000004',
  endDate: '14 Jan 2027',
  visit: '09 Mar 2027, 10:00 am – 12:00 pm',
  quotationNumber: 'KTH/QT/2026-27/0007',
  validUntil: '12 Dec 2026',
  quoteLink: 'https://karya.example/q/xyz',
};

describe('fillTemplate', () => {
  it('fills every placeholder with its value', () => {
    const template = UPDATE_PLACEHOLDERS.map((name) => `${name}={${name}}`).join('\n');
    const filled = fillTemplate(template, EVERY_VALUE, 'en');
    for (const name of UPDATE_PLACEHOLDERS)
      expect(filled).toContain(`${name}=${EVERY_VALUE[name]}`);
    expect(filled).not.toMatch(/[{}]/);
  });

  it('leaves out a line whose value is missing, and keeps the rest', () => {
    const template = 'Dear {customerName}, order {orderId}.\nPhone: {technicianPhone}\nThanks';
    expect(fillTemplate(template, { ...EVERY_VALUE, technicianPhone: '  ' }, 'en')).toBe(
      'Dear Meera Joshi, order WO-20261124-0007.\nThanks',
    );
    expect(fillTemplate(template, { ...EVERY_VALUE, technicianPhone: null }, 'en')).not.toContain(
      'Phone',
    );
  });

  it('greets a customer without a name in the template’s language', () => {
    const values = { ...EVERY_VALUE, customerName: '' };
    expect(fillTemplate(DEFAULT_UPDATE_TEMPLATES.workStarted.en, values, 'en')).toMatch(
      /^Dear Customer, work on your CCTV Camera/,
    );
    expect(fillTemplate(DEFAULT_UPDATE_TEMPLATES.workStarted.hinglish, values, 'hinglish')).toMatch(
      /^Namaste Grahak ji, aapke CCTV Camera/,
    );
  });

  it('keeps an unknown {name} as typed and trims values', () => {
    expect(fillTemplate('Hi {customer} {orderId}', { orderId: ' WO-1 ' }, 'en')).toBe(
      'Hi {customer} WO-1',
    );
  });

  it('fills every default of both languages with nothing left over', () => {
    for (const event of CUSTOMER_UPDATE_EVENTS)
      for (const language of UPDATE_LANGUAGES) {
        const template = DEFAULT_UPDATE_TEMPLATES[event][language];
        expect(unknownPlaceholders(template)).toEqual([]);
        const filled = fillTemplate(template, EVERY_VALUE, language);
        expect(filled).not.toMatch(/[{}]/);
        // A quote (issue 35) has no order yet: its number instead.
        expect(filled).toContain(
          event === 'quotationSent' ? 'KTH/QT/2026-27/0007' : 'WO-20261124-0007',
        );
        expect(
          filled.startsWith(language === 'en' ? 'Dear Meera Joshi' : 'Namaste Meera Joshi ji'),
        ).toBe(true);
      }
  });

  it('drops the due line of a paid invoice and the reason line of a pause without one', () => {
    const paid = fillTemplate(
      DEFAULT_UPDATE_TEMPLATES.paymentReceived.hinglish,
      { ...EVERY_VALUE, due: null },
      'hinglish',
    );
    expect(paid).not.toContain('baaki');
    expect(paid).toContain('₹12,400.00 mil gaye');
    const paused = fillTemplate(
      DEFAULT_UPDATE_TEMPLATES.workPaused.en,
      { ...EVERY_VALUE, reason: '' },
      'en',
    );
    expect(paused).not.toContain('Reason');
    expect(paused).toContain('We will tell you when it starts again');
  });
});

describe('every default update filled from an order with everything known (issue 39 item 10)', () => {
  /**
   * An order as the server reads it: branch phone, technician, a pause, an invoice part paid,
   * a visit booked.
   */
  const everything = {
    orderId: 'WO-2026-000007',
    projectType: 'CCTV Camera',
    customerName: 'Meera Joshi',
    branchName: 'Kothrud',
    branchPhone: '+91 20 2543 0000',
    technician: { firstName: 'Suresh', lastName: 'Patil', phoneNumber: '+91 98220 12345' },
    pauseReason: 'Waiting for a ladder',
    money: { billed: 500, due: 275, lastPayment: 225 },
    visit: {
      start: '2027-03-09T05:00:00.000Z',
      end: '2027-03-09T06:30:00.000Z',
      window: { start: '10:00', end: '12:00' },
    },
  };
  /** What only a maintenance contract gives (the renewal reminder adds them). */
  const contract = { contractNumber: 'AMC-2026-000004', endDate: '14/01/27' };
  /** What only a quotation gives (issue 35: the send fills them). */
  const quote = {
    quotationNumber: 'KTH/QT/2026-27/0007',
    validUntil: '12/12/26',
    quoteLink: 'https://karya.example/q/xyz',
  };

  for (const event of CUSTOMER_UPDATE_EVENTS)
    for (const language of UPDATE_LANGUAGES)
      it(`${event} in ${language}: no line of the default is dropped`, () => {
        const template = DEFAULT_UPDATE_TEMPLATES[event][language];
        const values = {
          ...updateValuesOf(everything, 'https://karya.example/s/abc', event),
          ...(event === 'amcRenewalReminder' ? contract : {}),
          ...(event === 'quotationSent' ? quote : {}),
        };
        const filled = fillTemplate(template, values, language);
        expect(filled.split('\n')).toHaveLength(template.split('\n').length);
        expect(filled).not.toMatch(/[{}]/);
        expect(filled).not.toContain('upi://');
        // Each placeholder the default names is there with its value.
        for (const [, name] of template.matchAll(/\{([A-Za-z]+)\}/g))
          expect(filled).toContain(values[name as keyof typeof values] ?? `missing ${name}`);
      });
});

describe('updateTemplateInput', () => {
  it('takes a template of known placeholders', () => {
    const parsed = updateTemplateInput.parse({
      event: 'technicianAssigned',
      language: 'en',
      body: '  Hi {customerName}, {technicianName} is coming.  ',
    });
    expect(parsed.body).toBe('Hi {customerName}, {technicianName} is coming.');
  });

  it('refuses an unknown placeholder, naming it and the ones there are', () => {
    const result = updateTemplateInput.safeParse({
      event: 'workStarted',
      language: 'hinglish',
      body: 'Hi {custName} {orderID} {orderId}',
    });
    expect(result.success).toBe(false);
    const message = result.error?.issues[0]?.message ?? '';
    expect(message).toMatch(/^Unknown placeholder \{custName\}, \{orderID\}: use \{customerName\}/);
  });

  it('refuses an empty or too long message and an unknown event or language', () => {
    const base = { event: 'workStarted', language: 'en' };
    expect(updateTemplateInput.safeParse({ ...base, body: '   ' }).error?.issues[0]?.message).toBe(
      'Message is required',
    );
    expect(
      updateTemplateInput.safeParse({ ...base, body: 'x'.repeat(1001) }).error?.issues[0]?.message,
    ).toBe('Message must be at most 1000 characters');
    expect(updateTemplateInput.safeParse({ ...base, event: 'sent', body: 'x' }).success).toBe(
      false,
    );
    expect(updateTemplateInput.safeParse({ ...base, language: 'hi', body: 'x' }).success).toBe(
      false,
    );
  });
});

describe('a filled update as a WhatsApp link', () => {
  it('takes the digits of the number, adds 91 to ten of them and encodes the text', () => {
    const text = fillTemplate(DEFAULT_UPDATE_TEMPLATES.technicianOnTheWay.en, EVERY_VALUE, 'en');
    const link = whatsappLink('098765 43210', text);
    expect(link.startsWith('https://wa.me/919876543210?text=')).toBe(true);
    expect(decodeURIComponent(link.split('?text=')[1] ?? '')).toBe(text);
    expect(link).not.toMatch(/[\s\n{}]/);
  });
});

describe('an order as an update’s values', () => {
  const order = {
    orderId: 'WO-20261124-0007',
    projectType: 'CCTV Camera',
    customerName: 'Meera Joshi',
    branchName: 'Kothrud',
    technician: { firstName: 'Suresh', lastName: 'Patil', phoneNumber: '+91 98220 12345' },
    pauseReason: 'Waiting for a ladder',
  };

  it('gives the order’s own placeholders and the status link, the same for phone and server', () => {
    expect(updateValuesOf(order, 'https://karya.example/s/abc')).toEqual({
      customerName: 'Meera Joshi',
      orderId: 'WO-20261124-0007',
      projectType: 'CCTV Camera',
      branchName: 'Kothrud',
      branchPhone: null,
      technicianName: 'Suresh Patil',
      technicianPhone: '+91 98220 12345',
      reason: 'Waiting for a ladder',
      amount: null,
      due: null,
      statusLink: 'https://karya.example/s/abc',
      // The status page lists the invoices with their download and its 'Pay by UPI'.
      invoiceLink: 'https://karya.example/s/abc',
      upiLink: 'https://karya.example/s/abc',
      visit: null,
    });
  });

  it('tells the customer the visit booked with its arrival window, and leaves the line out without one (issue 34)', () => {
    const visit = {
      start: '2027-03-09T05:00:00.000Z',
      end: '2027-03-09T06:30:00.000Z',
      window: { start: '10:00', end: '12:00' },
    };
    const told = updateValuesOf({ ...order, visit }, 'https://karya.example/s/abc');
    expect(told.visit).toBe('09 Mar 2027, 10:00 am – 12:00 pm');
    expect(
      fillTemplate(DEFAULT_UPDATE_TEMPLATES.technicianAssigned.hinglish, told, 'hinglish'),
    ).toBe(
      'Namaste Meera Joshi ji, aapke CCTV Camera (order WO-20261124-0007) ke liye Suresh Patil aayenge.\nAane ka samay: 09 Mar 2027, 10:00 am – 12:00 pm\nTechnician ka phone: +91 98220 12345\nStatus yahan dekhein: https://karya.example/s/abc',
    );
    // Without a window, the booked start; India's clock whatever the reader's zone.
    expect(updateValuesOf({ ...order, visit: { ...visit, window: null } }, null).visit).toBe(
      '09 Mar 2027, 10:30 am',
    );
    const unbooked = updateValuesOf(order, 'https://karya.example/s/abc');
    expect(
      fillTemplate(DEFAULT_UPDATE_TEMPLATES.technicianAssigned.en, unbooked, 'en'),
    ).not.toContain('Visit:');
  });

  it('tells a customer their job is done with the invoice, the amount, the due and whom to call (issue 39 item 10)', () => {
    const values = updateValuesOf(
      {
        ...order,
        branchPhone: '+91 20 2543 0000',
        money: { billed: 2500, due: 275, lastPayment: 2225 },
      },
      'https://karya.example/s/abc',
      'workCompleted',
    );
    expect(fillTemplate(DEFAULT_UPDATE_TEMPLATES.workCompleted.en, values, 'en')).toBe(
      'Dear Meera Joshi, your CCTV Camera (order WO-20261124-0007) is complete. Thank you!\nInvoice: https://karya.example/s/abc\nAmount: ₹2,500.00\nStill due: ₹275.00\nFor help call +91 20 2543 0000.',
    );
  });

  it('says what was received in a payment’s receipt, and leaves out a due that is nothing', () => {
    const money = { billed: 2500, due: 0, lastPayment: 275 };
    const values = updateValuesOf({ ...order, money }, null, 'paymentReceived');
    expect(values).toMatchObject({ amount: '₹275.00', due: null });
    expect(fillTemplate(DEFAULT_UPDATE_TEMPLATES.paymentReceived.en, values, 'en')).toBe(
      'Dear Meera Joshi, we have received ₹275.00 for order WO-20261124-0007. Thank you!',
    );
  });

  it('fills a due reminder’s old {upiLink} with the status link, never a upi:// one (issue 39 item 11)', () => {
    const values = updateValuesOf(
      { ...order, money: { billed: 2500, due: 275, lastPayment: 2225 } },
      'https://karya.example/s/abc',
      'dueReminder',
    );
    const text = fillTemplate('Due {due}\nUPI: {upiLink}', values, 'en');
    expect(text).toBe('Due ₹275.00\nUPI: https://karya.example/s/abc');
    const reminder = fillTemplate(
      DEFAULT_UPDATE_TEMPLATES.dueReminder.hinglish,
      values,
      'hinglish',
    );
    expect(reminder).toContain('UPI se pay karein: https://karya.example/s/abc');
    expect(reminder).not.toContain('upi://');
  });

  it('leaves out what an unassigned, running order lacks, so its lines drop', () => {
    const values = updateValuesOf({ ...order, technician: null, pauseReason: undefined }, null);
    expect(values).toMatchObject({ technicianName: null, technicianPhone: null, reason: null });
    expect(fillTemplate(DEFAULT_UPDATE_TEMPLATES.workPaused.en, values, 'en')).toBe(
      'Dear Meera Joshi, work on your CCTV Camera (order WO-20261124-0007) is paused.',
    );
  });

  it('fills the event’s wording in the customer’s language: the admin’s, else the default', () => {
    const saved = [{ event: 'workStarted', language: 'en', body: 'Started: {orderId}' }];
    const values = updateValuesOf(order, null);
    expect(fillTemplate(templateBodyOf(saved, 'workStarted', 'en'), values, 'en')).toBe(
      'Started: WO-20261124-0007',
    );
    expect(templateBodyOf(saved, 'workStarted', 'hinglish')).toBe(
      DEFAULT_UPDATE_TEMPLATES.workStarted.hinglish,
    );
    expect(fillTemplate(templateBodyOf([], 'technicianOnTheWay', 'en'), values, 'en')).toBe(
      'Dear Meera Joshi, Suresh Patil is on the way for your CCTV Camera (order WO-20261124-0007).\nPhone: +91 98220 12345',
    );
  });

  it('takes an update without a language (the customer’s) and refuses an unknown one', () => {
    const base = { orderId: 'WO-1', event: 'workStarted' };
    expect(recordCustomerUpdateInput.parse(base)).toEqual(base);
    expect(
      recordCustomerUpdateInput.safeParse({ ...base, language: 'hi' }).error?.issues[0]?.message,
    ).toBe("Update language must be 'hinglish' (Hinglish) or 'en' (English)");
  });
});
