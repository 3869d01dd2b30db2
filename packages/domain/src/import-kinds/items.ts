import { validateHsnSac } from '../hsn-sac';
import { checkWithSchema, type ImportKindDefinition } from '../import-kind';
import { createInventorySchema, INVENTORY_ITEM_TYPES } from '../inventory-schemas';

const columns = [
  {
    key: 'id',
    label: 'Item ID',
    required: false,
    type: 'text',
    synonyms: ['ID', 'Code', 'Item Code', 'SKU', 'Product Code', 'Part No', 'Model No'],
    hint: 'blank: one is made',
  },
  {
    key: 'type',
    label: 'Type',
    required: false,
    type: 'text',
    synonyms: ['Item Type', 'Product Type'],
    hint: `${INVENTORY_ITEM_TYPES.join(', ')}; blank: serialized-product`,
  },
  {
    key: 'name',
    label: 'Name',
    required: true,
    type: 'text',
    synonyms: ['Item Name', 'Product', 'Product Name', 'Item', 'Description'],
  },
  {
    key: 'unit',
    label: 'Unit',
    required: false,
    type: 'text',
    synonyms: ['UOM', 'Units', 'Unit of Measure'],
    hint: 'blank: Piece',
  },
  {
    key: 'warranty',
    label: 'Warranty',
    required: false,
    type: 'text',
    synonyms: ['Warranty Period', 'Warranty (Months)', 'Guarantee'],
  },
  {
    key: 'mrp',
    label: 'MRP',
    required: false,
    type: 'number',
    synonyms: ['Max Retail Price', 'List Price'],
    hint: 'rupees; required for products',
  },
  {
    key: 'purchasePrice',
    label: 'Purchase Price',
    required: false,
    type: 'number',
    synonyms: ['Cost', 'Cost Price', 'Buying Price', 'Purchase Rate'],
    hint: 'rupees; required for products',
  },
  {
    key: 'salePrice',
    label: 'Sale Price',
    required: true,
    type: 'number',
    synonyms: ['Selling Price', 'Price', 'Rate', 'Sale Rate', 'Sales Price'],
    hint: 'rupees',
  },
  {
    key: 'hsnSac',
    label: 'HSN/SAC',
    required: false,
    type: 'text',
    synonyms: ['HSN', 'SAC', 'HSN Code', 'SAC Code', 'HSN/SAC Code'],
  },
  {
    key: 'gstRate',
    label: 'GST Rate',
    required: false,
    type: 'number',
    synonyms: ['GST %', 'GST', 'Tax Rate', 'GST Rate %', 'Tax %'],
    hint: 'percent, e.g. 18',
  },
  {
    key: 'priceIncludesTax',
    label: 'Price Includes GST',
    required: false,
    type: 'boolean',
    synonyms: ['Inclusive of GST', 'Tax Inclusive', 'Incl GST'],
    hint: 'yes or no; blank: yes',
  },
] as const;

type ItemInput = (typeof createInventorySchema)['_output'];

/**
 * The add-item form (spec 2 §5 and issue 19): its schema, then the HSN/SAC against the item's
 * type as the server checks it. The GST rate is checked against the active slabs by the server,
 * which holds them.
 */
export const itemsImport: ImportKindDefinition<ItemInput> = {
  kind: 'items',
  label: 'Catalogue items',
  perBranch: false,
  managers: false,
  columns,
  example: {
    id: 'CAM-2MP-DOME',
    type: 'serialized-product',
    name: 'Hikvision 2MP Dome Camera',
    unit: 'Piece',
    warranty: '24',
    mrp: 2500,
    purchasePrice: 1400,
    salePrice: 1999,
    hsnSac: '8525',
    gstRate: 18,
    priceIncludesTax: true,
  },
  check: (values) => {
    const checked = checkWithSchema(columns, createInventorySchema, values, (fields) => ({
      ...fields,
      type: typeof fields.type === 'string' ? fields.type.toLowerCase() : fields.type,
    }));
    if (!checked.ok || !checked.input.hsnSac) return checked;
    const hsn = validateHsnSac(checked.input.hsnSac, checked.input.type);
    return hsn.ok
      ? { ok: true, input: { ...checked.input, hsnSac: hsn.code } }
      : { ok: false, errors: [{ column: 'HSN/SAC', message: hsn.message }] };
  },
  keys: (input) => [
    ...(input.id?.trim()
      ? [{ column: 'Item ID', key: `id:${input.id.trim().toLowerCase()}` }]
      : []),
    { column: 'Name', key: `name:${(input.name ?? '').trim().toLowerCase()}` },
  ],
};
