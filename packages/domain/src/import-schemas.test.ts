import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from './contact-schemas';
import { GST_MESSAGES } from './gst-messages';
import {
  columnLetter,
  definitionOf,
  headerKey,
  IMPORT_DEFINITIONS,
  type ImportValues,
  matchHeaders,
  rowMessage,
  unmatchedColumns,
} from './import-schemas';
import { INVENTORY_MESSAGES } from './inventory-schemas';
import { USER_MESSAGES } from './user-schemas';

function kind(name: 'customers' | 'leads' | 'items' | 'technicians') {
  const definition = definitionOf(name);
  if (!definition) throw new Error(`${name} is importable`);
  return definition;
}
const customers = kind('customers');
const leads = kind('leads');
const items = kind('items');
const technicians = kind('technicians');

const columnOf = (headers: string[], mapping?: Record<string, string>) =>
  matchHeaders(customers.columns, headers, mapping).map((match) => match.column);

describe('header matching', () => {
  it('ignores case, spaces and punctuation', () => {
    expect(headerKey(' Phone No. ')).toBe('phoneno');
    expect(headerKey('E-Mail')).toBe('email');
    expect(columnOf(['NAME', 'phone', 'e-mail', 'State code'])).toEqual([
      'name',
      'phoneNumber',
      'email',
      'stateCode',
    ]);
  });

  it.each([
    'Phone',
    'Mobile',
    'Phone No',
    'Contact',
    'Mobile No',
    'Phone Number',
    'mobile_no',
    'PHONE-NUMBER',
  ])('takes %s for the phone', (header) => {
    expect(columnOf([header])).toEqual(['phoneNumber']);
  });

  it('takes synonyms of other columns: Customer Name, GST No, WhatsApp No', () => {
    expect(columnOf(['Customer Name', 'GST No', 'WhatsApp No'])).toEqual([
      'name',
      'gstin',
      'whatsappNumber',
    ]);
  });

  it('leaves an unknown header for the mapping step, with the columns it could take', () => {
    const matches = matchHeaders(customers.columns, ['Naam', 'Mobile', 'Pin']);
    expect(matches.map((match) => match.column)).toEqual([null, 'phoneNumber', null]);
    const open = unmatchedColumns(customers.columns, matches).map((column) => column.key);
    expect(open).toContain('name');
    expect(open).not.toContain('phoneNumber');
  });

  it('takes the mapping first, and "" ignores a header', () => {
    expect(columnOf(['Naam', 'Mobile', 'Contact'], { naam: 'name', Mobile: '' })).toEqual([
      'name',
      null,
      'phoneNumber',
    ]);
  });

  it('takes a column once: a second header for it is left unmatched', () => {
    expect(columnOf(['Mobile', 'Phone'])).toEqual(['phoneNumber', null]);
  });

  it('names cells as the spreadsheet does and rows as the preview says them', () => {
    expect([1, 26, 27, 52, 703].map(columnLetter)).toEqual(['A', 'Z', 'AA', 'AZ', 'AAA']);
    expect(rowMessage({ row: 14, message: 'Phone number must be at least 8 digits' })).toBe(
      'Row 14: Phone number must be at least 8 digits',
    );
  });

  it("every kind's template example passes its own check", () => {
    for (const definition of Object.values(IMPORT_DEFINITIONS)) {
      expect(definition?.check(definition.example).ok, definition?.kind).toBe(true);
    }
  });
});

const errorsOf = (check: ReturnType<typeof customers.check>) => (check.ok ? [] : check.errors);

describe('customer rows: the add-customer form’s rules and messages', () => {
  const row = (values: ImportValues) =>
    customers.check({ name: 'Asha', phoneNumber: '9876543210', ...values });

  it('accepts a phone typed as a number cell, and blanks as absent', () => {
    const check = customers.check({ name: 'Asha', phoneNumber: 9876543210, email: '', age: null });
    expect(check).toMatchObject({ ok: true, input: { name: 'Asha', phoneNumber: '9876543210' } });
  });

  it('refuses what the form refuses, naming the column', () => {
    expect(errorsOf(customers.check({ phoneNumber: '9876543210' }))).toEqual([
      { column: 'Name', message: CONTACT_MESSAGES.nameRequired },
    ]);
    expect(errorsOf(row({ phoneNumber: '12345' }))).toEqual([
      { column: 'Phone', message: CONTACT_MESSAGES.phoneTooShort },
    ]);
    expect(errorsOf(row({ email: 'not-an-email' }))).toEqual([
      { column: 'Email', message: CONTACT_MESSAGES.invalidEmail },
    ]);
    expect(errorsOf(row({ age: 0 }))).toEqual([
      { column: 'Age', message: CONTACT_MESSAGES.ageMin },
    ]);
    expect(errorsOf(row({ status: 'maybe' }))).toEqual([
      { column: 'Status', message: CONTACT_MESSAGES.invalidStatus },
    ]);
  });

  it('reads "42" in a CSV as the age 42, and "Active" as active', () => {
    expect(row({ age: '42', status: 'Active' })).toMatchObject({
      ok: true,
      input: { age: 42, status: 'active' },
    });
  });

  it('keys a customer by the national digits of the phone, as the phone search matches', () => {
    const a = customers.check({ name: 'A', phoneNumber: '+91 98765 43210' });
    const b = customers.check({ name: 'B', phoneNumber: '09876543210' });
    if (!a.ok || !b.ok) throw new Error('valid rows');
    expect(customers.keys(a.input)).toEqual(customers.keys(b.input));
    expect(customers.keys(a.input)).toEqual([{ column: 'Phone', key: '9876543210' }]);
  });

  it('lists every column in error at once', () => {
    expect(
      errorsOf(customers.check({ phoneNumber: '1', email: 'x' })).map((e) => e.column),
    ).toEqual(['Name', 'Phone', 'Email']);
  });
});

describe('lead rows: the add-lead form', () => {
  it('takes the remark as the first remark with the lead’s status', () => {
    expect(
      leads.check({
        name: 'Sunil',
        phoneNumber: '9876543210',
        status: 'Positive',
        remark: 'Call back',
      }),
    ).toMatchObject({
      ok: true,
      input: { status: 'positive', initialRemark: { text: 'Call back', status: 'positive' } },
    });
  });

  it('names the column of an error', () => {
    expect(
      errorsOf(leads.check({ name: 'Sunil', phoneNumber: '9876543210', status: 'hot' })),
    ).toEqual([{ column: 'Status', message: CONTACT_MESSAGES.invalidLeadStatus }]);
  });
});

describe('item rows: the add-item form', () => {
  const item = (values: ImportValues) =>
    items.check({
      name: 'Dome camera',
      mrp: 2500,
      purchasePrice: 1400,
      salePrice: 1999,
      ...values,
    });

  it('reads prices written as ₹ 1,999 and a GST rate of 18%', () => {
    expect(item({ salePrice: '₹ 1,999', gstRate: '18%', priceIncludesTax: 'No' })).toMatchObject({
      ok: true,
      input: { salePrice: 1999, gstRate: 18, priceIncludesTax: false, type: 'serialized-product' },
    });
  });

  it('says the form’s messages in its order', () => {
    expect(errorsOf(items.check({ salePrice: 10 }))).toEqual([
      { column: 'Name', message: INVENTORY_MESSAGES.nameRequired },
    ]);
    expect(errorsOf(items.check({ name: 'Cam', salePrice: 10 }))).toEqual([
      { column: 'MRP', message: INVENTORY_MESSAGES.mrpRequired },
    ]);
    expect(errorsOf(items.check({ name: 'Install', type: 'service' }))).toEqual([
      { column: 'Sale Price', message: INVENTORY_MESSAGES.salePriceRequired },
    ]);
    expect(errorsOf(item({ type: 'gadget' }))).toEqual([
      { column: 'Type', message: INVENTORY_MESSAGES.invalidType },
    ]);
    expect(errorsOf(item({ mrp: -5 }))).toEqual([
      { column: 'MRP', message: INVENTORY_MESSAGES.priceNotNegative },
    ]);
  });

  it('checks the HSN/SAC against the type as the server does', () => {
    expect(errorsOf(item({ hsnSac: '12' }))).toEqual([
      { column: 'HSN/SAC', message: GST_MESSAGES.hsnFormat },
    ]);
    expect(
      errorsOf(items.check({ name: 'Install', type: 'service', salePrice: 500, hsnSac: '8525' })),
    ).toEqual([{ column: 'HSN/SAC', message: GST_MESSAGES.sacFormat }]);
    expect(
      items.check({ name: 'Install', type: 'service', salePrice: 500, hsnSac: '998717' }).ok,
    ).toBe(true);
  });

  it('keys an item by its id and by its name', () => {
    const check = item({ id: 'CAM-1', name: ' Dome Camera ' });
    if (!check.ok) throw new Error('valid row');
    expect(items.keys(check.input).map((k) => k.key)).toEqual(['id:cam-1', 'name:dome camera']);
  });
});

describe('technician rows: the add-technician form', () => {
  const tech = (values: ImportValues) =>
    technicians.check({
      firstName: 'Ravi',
      lastName: 'Patil',
      username: 'ravi',
      email: 'ravi@example.com',
      password: 'secret1',
      ...values,
    });

  it('accepts the form’s fields', () => {
    expect(tech({ phone: 9876501234 })).toMatchObject({ ok: true, input: { phone: '9876501234' } });
  });

  it('says the form’s messages', () => {
    expect(errorsOf(tech({ password: '123' }))).toEqual([
      { column: 'Password', message: USER_MESSAGES.passwordTooShort },
    ]);
    expect(errorsOf(tech({ email: 'ravi' }))).toEqual([
      { column: 'Email', message: USER_MESSAGES.invalidEmail },
    ]);
    expect(errorsOf(tech({ username: '' }))).toEqual([
      { column: 'Username', message: USER_MESSAGES.requiredFields },
    ]);
  });
});
