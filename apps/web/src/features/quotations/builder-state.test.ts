import { quoteTotals } from '@karya/domain/quotation';
import { createQuotationSchema, type QuoteTaxing } from '@karya/domain/quotation-schemas';
import { describe, expect, it } from 'vitest';
import {
  type BuilderValues,
  bodyOf,
  catalogueLine,
  checkBuilder,
  defaultValidUntil,
  emptyBuilder,
  errorsOf,
  freeLine,
  lineAmount,
  pathOf,
  previewTotals,
  setOptionCount,
} from './builder-state';

const CAMERA = {
  _id: 'item-camera',
  name: 'Dome camera 2MP',
  unit: 'Nos',
  hsnSac: '8525',
  gstRate: 18,
  priceIncludesTax: false,
  salePrice: 2500,
};
const NVR = { ...CAMERA, _id: 'item-nvr', name: 'NVR 8 channel', salePrice: 6000 };
const INTRA: QuoteTaxing = { kind: 'tax-invoice', intraState: true, placeOfSupply: null };
const INTER: QuoteTaxing = {
  kind: 'tax-invoice',
  intraState: false,
  placeOfSupply: { code: '27', name: 'Maharashtra' },
};

function withLines(...lines: BuilderValues['lines']): BuilderValues {
  return { ...emptyBuilder('CCTV Camera', new Date('2026-11-29T20:00:00Z')), lines };
}

describe('the quotation builder', () => {
  it('starts valid for 15 days from India’s today, with no options and no lines', () => {
    // 20:00 UTC is already the 30th in India.
    expect(defaultValidUntil(new Date('2026-11-29T20:00:00Z'))).toBe('2026-12-15');
    const empty = emptyBuilder('CCTV Camera', new Date('2026-11-29T06:00:00Z'));
    expect(empty.validUntil).toBe('2026-12-14');
    expect(empty.options).toEqual([]);
    expect(checkBuilder(empty)['lines']).toBe('Please add at least one line');
  });

  it('names two or three options Good / Better / Best and keeps names already typed', () => {
    let values = setOptionCount(withLines(catalogueLine(CAMERA, null)), 2);
    expect(values.options).toEqual([
      { option: 1, name: 'Good' },
      { option: 2, name: 'Better' },
    ]);
    values = {
      ...values,
      options: [{ option: 1, name: 'Basic' }, values.options[1] ?? { option: 2, name: '' }],
    };
    values = setOptionCount(values, 3);
    expect(values.options.map((o) => o.name)).toEqual(['Basic', 'Better', 'Best']);
  });

  it('moves the lines of an option that goes to every option, so nothing typed is lost', () => {
    const values = setOptionCount(withLines(catalogueLine(CAMERA, 3), catalogueLine(NVR, 1)), 3);
    const fewer = setOptionCount(values, 2);
    expect(fewer.lines.map((line) => line.option)).toEqual([null, 1]);
    expect(setOptionCount(fewer, 0).lines.map((line) => line.option)).toEqual([null, null]);
  });

  it('sends a catalogue line by its item and a free line with its name and tax, as the contract takes them', () => {
    const free = {
      ...freeLine(),
      name: 'Wall bracket',
      price: '350',
      hsnSac: '7326',
      quantity: '4',
    };
    const camera = { ...catalogueLine(CAMERA), quantity: '4', discount: '200', optional: true };
    const body = bodyOf(withLines(camera, free));
    expect(body.lines).toEqual([
      {
        itemId: 'item-camera',
        price: 2500,
        quantity: 4,
        discount: 200,
        optional: true,
        option: null,
      },
      {
        name: 'Wall bracket',
        unit: 'Nos',
        hsnSac: '7326',
        gstRate: 18,
        priceIncludesTax: false,
        price: 350,
        quantity: 4,
        discount: 0,
        optional: false,
        option: null,
      },
    ]);
    expect(createQuotationSchema.safeParse({ leadId: 'lead-1', ...body }).success).toBe(true);
  });

  it('marks the row and box a mistake is in: its own check and the server’s field paths alike', () => {
    const camera = { ...catalogueLine(CAMERA), quantity: '0' };
    const free = { ...freeLine(), name: '', price: 'abc' };
    const values = withLines(camera, free);
    const errors = checkBuilder(values);
    expect(errors[`${camera.key}.quantity`]).toBe('Quantity must be more than 0');
    expect(errors[`${free.key}.name`]).toBe('Please enter a name for the line');
    expect(errors[`${free.key}.price`]).toBe('Please enter a number');

    const server = errorsOf(values, [
      { path: pathOf('lines.1.discount'), message: 'The discount cannot be more than the amount' },
      { path: pathOf('validUntil'), message: 'Valid until cannot be before today' },
    ]);
    expect(server).toEqual({
      [`${free.key}.discount`]: 'The discount cannot be more than the amount',
      validUntil: 'Valid until cannot be before today',
    });
  });

  it('shows a line’s amount as typed: price × quantity − discount, fractions of a metre too', () => {
    expect(lineAmount({ ...catalogueLine(CAMERA), quantity: '4', discount: '200' })).toBe(9800);
    expect(lineAmount({ ...freeLine(), price: '32.50', quantity: '90.5' })).toBe(2941.25);
    expect(lineAmount({ ...freeLine(), price: '', quantity: '2' })).toBe(0);
  });

  it('totals each option with the common lines, the bill’s tax and no optional line ticked', () => {
    const cable = { ...freeLine(), name: 'Cable', price: '1000', quantity: '1' };
    const good = { ...catalogueLine(CAMERA, 1), quantity: '2' };
    const better = { ...catalogueLine(NVR, 2) };
    const extra = { ...catalogueLine(CAMERA, 2), optional: true };
    const values = setOptionCount(withLines(cable, good, better, extra), 2);
    const [first, second] = previewTotals(values, INTRA);
    // Good: cable 1000 + 2 × 2500 = 6000 taxable, 18% = 1080 → 7080.
    expect(first?.name).toBe('Good');
    expect(first?.totals.total).toBe(7080);
    expect(first?.totals.tax.cgst).toBe(540);
    expect(first?.withOptional).toBeNull();
    // Better: cable 1000 + NVR 6000 = 7000 → 8260; with the optional camera 9500 → 11210.
    expect(second?.totals.total).toBe(8260);
    expect(second?.withOptional).toBe(11210);
    // Inter-state: IGST instead of the halves, the same total.
    const [igst] = previewTotals(values, INTER);
    expect(igst?.totals.tax.igst).toBe(1080);
    expect(igst?.totals.tax.cgst).toBe(0);
    expect(igst?.totals.total).toBe(7080);
  });

  it('spreads the whole discount before tax exactly as the server’s quoteTotals does', () => {
    const values = {
      ...withLines({ ...catalogueLine(CAMERA), quantity: '3' }, { ...catalogueLine(NVR) }),
      discount: '1350',
    };
    const [preview] = previewTotals(values, INTRA);
    const server = quoteTotals(
      {
        lines: [
          {
            _id: 'a',
            quantity: 3,
            price: 2500,
            discount: 0,
            gstRate: 18,
            priceIncludesTax: false,
            optional: false,
            option: null,
          },
          {
            _id: 'b',
            quantity: 1,
            price: 6000,
            discount: 0,
            gstRate: 18,
            priceIncludesTax: false,
            optional: false,
            option: null,
          },
        ],
        discount: 1350,
        taxing: INTRA,
      },
      { option: null, optionalLineIds: [] },
    );
    expect(preview?.totals.tax).toEqual(server.tax);
    expect(preview?.totals.total).toBe(server.total);
    expect(server.total).toBe(14337);
  });
});
