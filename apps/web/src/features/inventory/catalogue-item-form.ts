import { validateHsnSac } from '@karya/domain/gst';
import type { CatalogueItem } from '@karya/domain/inventory-answers';
import {
  createInventorySchema,
  type InventoryItemType,
  updateInventorySchema,
} from '@karya/domain/inventory-schemas';
import type { CatalogueItemBody } from './api/create-inventory';
import { DEFAULT_UNIT, DEFAULT_WARRANTY, SERVICE_UNIT } from './inventory-constants';

/** What the add and edit dialogs hold: prices as typed. */
export interface CatalogueItemValues {
  type: InventoryItemType;
  name: string;
  unit: string;
  warranty: string;
  mrp: string;
  purchasePrice: string;
  salePrice: string;
  /** HSN (goods) or SAC (services); blank: not set. */
  hsnSac: string;
  /** The GST rate's percent as the select holds it; blank: not set. */
  gstRate: string;
  priceIncludesTax: boolean;
}

export const NEW_ITEM_VALUES: CatalogueItemValues = {
  type: 'serialized-product',
  name: '',
  unit: DEFAULT_UNIT,
  warranty: DEFAULT_WARRANTY,
  mrp: '',
  purchasePrice: '',
  salePrice: '',
  hsnSac: '',
  gstRate: '',
  priceIncludesTax: true,
};

const priceText = (value: number | undefined) => (value === undefined ? '' : String(value));

export function valuesOf(item: CatalogueItem): CatalogueItemValues {
  return {
    type: item.type,
    name: item.name,
    unit: item.unit || DEFAULT_UNIT,
    warranty: item.warranty || DEFAULT_WARRANTY,
    mrp: priceText(item.mrp),
    purchasePrice: priceText(item.purchasePrice),
    salePrice: priceText(item.salePrice),
    hsnSac: item.hsnSac ?? '',
    gstRate: item.gstRate === null ? '' : String(item.gstRate),
    priceIncludesTax: item.priceIncludesTax,
  };
}

const priceOf = (text: string) => (text.trim() === '' ? null : Number(text));

/** Spec 2 §3: the client makes the item's id. */
export const newItemId = () => `ITEM-${Date.now()}`;

export function bodyOf(values: CatalogueItemValues, id: string): CatalogueItemBody {
  const service = values.type === 'service';
  return {
    id,
    type: values.type,
    name: values.name.trim(),
    unit: service ? SERVICE_UNIT : values.unit,
    warranty: service ? '' : values.warranty,
    mrp: service ? null : priceOf(values.mrp),
    purchasePrice: service ? null : priceOf(values.purchasePrice),
    salePrice: priceOf(values.salePrice),
    hsnSac: values.hsnSac.trim() || null,
    gstRate: priceOf(values.gstRate),
    priceIncludesTax: values.priceIncludesTax,
  };
}

/**
 * Spec 2 §5 'Catalogue item': the first failing check, in the spec's order, for the error
 * banner; null when the item may be sent. The shared schema is the one the server applies.
 */
export function firstProblem(body: CatalogueItemBody, editing: boolean): string | null {
  const schema = editing ? updateInventorySchema : createInventorySchema;
  const result = schema.safeParse(body);
  if (!result.success) return result.error.issues[0]?.message ?? null;
  // The server checks the code against the item's type too; saying it here saves a round trip.
  if (body.hsnSac) {
    const checked = validateHsnSac(body.hsnSac, body.type);
    if (!checked.ok) return checked.message;
  }
  return null;
}

/** 'HSN code' for goods, 'SAC code' for services: what a GST form calls each. */
export const hsnSacLabel = (type: InventoryItemType) =>
  type === 'service' ? 'SAC code' : 'HSN code';
