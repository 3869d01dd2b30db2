import { z } from 'zod';
import { checkWithSchema, type ImportKindDefinition } from '../import-kind';
import { addStockSchema, INVENTORY_MESSAGES as M } from '../inventory-schemas';

/** The remark every opening-stock movement carries: how the transfer history names it. */
export const OPENING_STOCK_REMARK = 'Opening stock';

/**
 * The Stock In form's fields (issue 36): its quantity and date rules and messages. The item
 * may be named by its ID or its name (an old tool's export seldom has Karya's IDs); the remark
 * is always 'Opening stock'. Which units an item takes (a serial, or a quantity of at least 1)
 * depends on its type, so the server checks that once it has found the item.
 */
export const importOpeningStockSchema = addStockSchema
  .omit({ itemId: true, remark: true })
  .extend({
    itemId: z.string().trim().max(200).optional(),
    itemName: z.string().trim().max(200).optional(),
  })
  .superRefine((row, ctx) => {
    if (!row.itemId && !row.itemName)
      ctx.addIssue({ code: 'custom', path: ['itemId'], message: M.itemNotFound });
  });

/** The catalogue item the server found for the row, kept with its input for the commit. */
export interface OpeningStockItem {
  id: string;
  name: string;
  type: string;
}

export type OpeningStockInput = z.output<typeof importOpeningStockSchema> & {
  item?: OpeningStockItem;
};

const columns = [
  {
    key: 'itemId',
    label: 'Item ID',
    required: false,
    type: 'text',
    synonyms: ['ID', 'Code', 'Item Code', 'SKU', 'Product Code', 'Part No', 'Model No'],
    hint: 'the catalogue’s item ID; or give the item’s name',
  },
  {
    key: 'itemName',
    label: 'Item Name',
    required: false,
    type: 'text',
    synonyms: ['Name', 'Item', 'Product', 'Product Name', 'Description'],
    hint: 'as in the catalogue; used when the item ID is blank',
  },
  {
    key: 'serialNumber',
    label: 'Serial Number',
    required: false,
    type: 'text',
    synonyms: ['Serial', 'Serial No', 'S/N', 'SN', 'Sr No', 'IMEI'],
    hint: 'one row a serial, for serialised products',
  },
  {
    key: 'quantity',
    label: 'Quantity',
    required: false,
    type: 'number',
    synonyms: ['Qty', 'Stock', 'Opening Stock', 'Closing Stock', 'Balance', 'Opening Qty'],
    hint: 'for generic products, at least 1; a serial is 1',
  },
  {
    key: 'date',
    label: 'Date',
    required: false,
    type: 'date',
    synonyms: ['Stock Date', 'As On', 'Opening Date'],
    hint: 'YYYY-MM-DD; blank: today',
  },
] as const;

/**
 * A serial is one unit everywhere in Karya, so a serial row is the same as any row or unit of
 * that serial. A generic row is the opening balance of its item in the branch: one figure, so
 * a second row (or a second run of the file) for the item is a repeat, found by the item the
 * server resolved. Before the server has resolved it, the row's own words stand in.
 */
export const openingStockImport: ImportKindDefinition<OpeningStockInput> = {
  kind: 'opening-stock',
  label: 'Opening stock',
  perBranch: true,
  managers: true,
  columns,
  example: {
    itemId: 'CAM-2MP-DOME',
    itemName: 'Hikvision 2MP Dome Camera',
    serialNumber: 'DS2CE16D0T-0001',
    quantity: 1,
    date: '',
  },
  check: (values) => checkWithSchema(columns, importOpeningStockSchema, values),
  keys: (input) =>
    input.serialNumber
      ? [{ column: 'Serial Number', key: `serial:${input.serialNumber}` }]
      : [
          {
            column: 'Item ID',
            key: input.item
              ? `item:${input.item.id}`
              : `named:${(input.itemId || input.itemName || '').toLowerCase()}`,
          },
        ],
};
