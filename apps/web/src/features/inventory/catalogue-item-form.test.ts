import type { CatalogueItem } from '@karya/domain/inventory-answers';
import { describe, expect, it } from 'vitest';
import {
  bodyOf,
  firstProblem,
  hsnSacLabel,
  NEW_ITEM_VALUES,
  valuesOf,
} from './catalogue-item-form';

const CAMERA: CatalogueItem = {
  _id: 'b3f1c7de-0000-4000-8000-000000000001',
  id: 'ITEM-1',
  type: 'serialized-product',
  itemType: 'serialized',
  name: 'Dome camera',
  unit: 'Piece',
  warranty: '1 Year',
  mrp: 2500,
  purchasePrice: 1800,
  salePrice: 2200,
  hsnSac: '85258900',
  gstRate: 18,
  priceIncludesTax: false,
  totalStock: 0,
  createdAt: '2026-11-20T00:00:00.000Z',
  updatedAt: '2026-11-20T00:00:00.000Z',
};

describe('catalogue item form: GST fields (issue 19)', () => {
  it('starts a new item with tax not set and prices including GST', () => {
    expect(NEW_ITEM_VALUES).toMatchObject({ hsnSac: '', gstRate: '', priceIncludesTax: true });
    const body = bodyOf(
      { ...NEW_ITEM_VALUES, name: 'Cable', mrp: '1', purchasePrice: '1', salePrice: '1' },
      'ITEM-2',
    );
    expect(body).toMatchObject({ hsnSac: null, gstRate: null, priceIncludesTax: true });
    expect(firstProblem(body, false)).toBeNull();
  });

  it('round-trips an item’s HSN, rate and tax-exclusive price', () => {
    const values = valuesOf(CAMERA);
    expect(values).toMatchObject({ hsnSac: '85258900', gstRate: '18', priceIncludesTax: false });
    expect(bodyOf(values, CAMERA.id)).toMatchObject({
      hsnSac: '85258900',
      gstRate: 18,
      priceIncludesTax: false,
    });
  });

  it('sends a fractional rate as a number and a blank code as not set', () => {
    const body = bodyOf({ ...valuesOf(CAMERA), gstRate: '0.25', hsnSac: '  ' }, CAMERA.id);
    expect(body).toMatchObject({ gstRate: 0.25, hsnSac: null });
  });

  it('checks the code against the item type before sending', () => {
    const goods = bodyOf({ ...valuesOf(CAMERA), hsnSac: '998717' }, CAMERA.id);
    expect(firstProblem(goods, true)).toBeNull();
    const shortHsn = bodyOf({ ...valuesOf(CAMERA), hsnSac: '852' }, CAMERA.id);
    expect(firstProblem(shortHsn, true)).toBe('HSN code must be 4, 6 or 8 digits');
    const service = bodyOf(
      { ...NEW_ITEM_VALUES, type: 'service', name: 'Visit', salePrice: '300', hsnSac: '85258900' },
      'ITEM-3',
    );
    expect(firstProblem(service, false)).toBe('SAC code must be 6 digits starting with 99');
  });

  it('calls the code HSN for goods and SAC for services', () => {
    expect(hsnSacLabel('generic-product')).toBe('HSN code');
    expect(hsnSacLabel('serialized-product')).toBe('HSN code');
    expect(hsnSacLabel('service')).toBe('SAC code');
  });
});
