import { EXPORT_KIND_TITLES, type ExportKind } from '@karya/domain/export-schemas';
import { definitionOf, type ImportKind } from '@karya/domain/import-schemas';

/** How a column's raw value is written: money comes from the database in paise. */
export type ColumnType = 'text' | 'number' | 'money' | 'yes-no';

export interface ExportColumn {
  header: string;
  /** The field of the query's row that fills it. */
  field: string;
  type: ColumnType;
  /** Purchase prices reach admins only. */
  adminOnly?: boolean;
}

/**
 * The import template's header for a field, so that an exported sheet can be imported again;
 * a kind the import does not take (or not yet) keeps the header given here.
 */
function importHeader(kind: ImportKind, key: string, fallback: string): string {
  return definitionOf(kind)?.columns.find((column) => column.key === key)?.label ?? fallback;
}

const text = (header: string, field: string): ExportColumn => ({ header, field, type: 'text' });
const money = (header: string, field: string, adminOnly = false): ExportColumn => ({
  header,
  field,
  type: 'money',
  ...(adminOnly ? { adminOnly } : {}),
});
const number = (header: string, field: string): ExportColumn => ({ header, field, type: 'number' });

function contactColumns(kind: 'customers' | 'leads'): ExportColumn[] {
  const h = (key: string, fallback: string) => importHeader(kind, key, fallback);
  return [
    text(h('name', 'Name'), 'name'),
    text(h('phoneNumber', 'Phone'), 'phoneNumber'),
    text(h('whatsappNumber', 'WhatsApp'), 'whatsappNumber'),
    text(h('email', 'Email'), 'email'),
    text(h('address', 'Address'), 'address'),
    number(h('age', 'Age'), 'age'),
    text(h('stateCode', 'State Code'), 'stateCode'),
    text(h('gstin', 'GSTIN'), 'gstin'),
    text(h('status', 'Status'), 'status'),
  ];
}

const BRANCH = text('Branch', 'branch');
const CREATED = text('Created (IST)', 'createdAt');

/** Each kind's columns in the order written; headers are what a person reads, in English. */
export const EXPORT_COLUMNS: Readonly<Record<ExportKind, readonly ExportColumn[]>> = {
  customers: [...contactColumns('customers'), BRANCH, CREATED],
  leads: [
    ...contactColumns('leads'),
    text(importHeader('leads', 'remark', 'Remark'), 'remark'),
    BRANCH,
    CREATED,
  ],
  items: [
    text(importHeader('items', 'id', 'Item ID'), 'code'),
    text(importHeader('items', 'type', 'Type'), 'type'),
    text(importHeader('items', 'name', 'Name'), 'name'),
    text(importHeader('items', 'unit', 'Unit'), 'unit'),
    text(importHeader('items', 'warranty', 'Warranty'), 'warranty'),
    money(importHeader('items', 'mrp', 'MRP'), 'mrp'),
    money(importHeader('items', 'purchasePrice', 'Purchase Price'), 'purchasePrice', true),
    money(importHeader('items', 'salePrice', 'Sale Price'), 'salePrice'),
    text(importHeader('items', 'hsnSac', 'HSN/SAC'), 'hsnSac'),
    number(importHeader('items', 'gstRate', 'GST Rate'), 'gstRate'),
    {
      header: importHeader('items', 'priceIncludesTax', 'Price Includes GST'),
      field: 'priceIncludesTax',
      type: 'yes-no',
    },
  ],
  stock: [
    BRANCH,
    text(importHeader('opening-stock', 'itemId', 'Item ID'), 'code'),
    text(importHeader('opening-stock', 'itemName', 'Item Name'), 'name'),
    text('Type', 'type'),
    text(importHeader('opening-stock', 'serialNumber', 'Serial Number'), 'serialNumber'),
    number(importHeader('opening-stock', 'quantity', 'Quantity'), 'quantity'),
    money('Purchase Price', 'purchasePrice', true),
    money('Sale Price', 'salePrice'),
  ],
  technicians: [
    text(importHeader('technicians', 'firstName', 'First Name'), 'firstName'),
    text(importHeader('technicians', 'lastName', 'Last Name'), 'lastName'),
    text(importHeader('technicians', 'username', 'Username'), 'username'),
    text(importHeader('technicians', 'email', 'Email'), 'email'),
    text(importHeader('technicians', 'phone', 'Phone'), 'phone'),
    text(importHeader('technicians', 'status', 'Status'), 'status'),
    BRANCH,
    CREATED,
  ],
  'work-orders': [
    text('Order ID', 'orderId'),
    text('Project ID', 'projectId'),
    text('Project Type', 'projectType'),
    text('Category', 'category'),
    text('Status', 'status'),
    text('Customer', 'customer'),
    text('Customer Phone', 'customerPhone'),
    text('Technician', 'technician'),
    text('Remark', 'remark'),
    BRANCH,
    CREATED,
    text('Completed (IST)', 'completedAt'),
  ],
  bills: [
    text('Bill Number', 'billNumber'),
    text('Invoice Number', 'invoiceNumber'),
    text('Invoice Date', 'invoiceDate'),
    text('Invoice Kind', 'invoiceKind'),
    text('Order ID', 'orderId'),
    text('Customer', 'customer'),
    text('Technician', 'technician'),
    text('Status', 'status'),
    text('Payment Status', 'paymentStatus'),
    text('Payment Method', 'paymentMethod'),
    money('Taxable Value', 'taxable'),
    money('CGST', 'cgst'),
    money('SGST', 'sgst'),
    money('IGST', 'igst'),
    money('Round Off', 'roundOff'),
    money('Total', 'total'),
    money('Paid', 'paid'),
    BRANCH,
    CREATED,
  ],
  payments: [
    text('Receipt Number', 'receiptNumber'),
    text('Received (IST)', 'receivedAt'),
    money('Amount', 'amount'),
    text('Method', 'method'),
    text('Transaction ID', 'transactionId'),
    text('Invoice Number', 'invoiceNumber'),
    text('For', 'source'),
    text('Customer', 'customer'),
    BRANCH,
  ],
  'amc-contracts': [
    text('Contract Number', 'contractNumber'),
    text('Customer', 'customer'),
    text(importHeader('amc-contracts', 'phoneNumber', 'Customer Phone'), 'customerPhone'),
    text(importHeader('amc-contracts', 'projectType', 'Project Type'), 'projectType'),
    text(importHeader('amc-contracts', 'startDate', 'Start Date'), 'startDate'),
    number(importHeader('amc-contracts', 'termMonths', 'Term (Months)'), 'termMonths'),
    number(importHeader('amc-contracts', 'visitsPerTerm', 'Visits'), 'visitsPerTerm'),
    money(importHeader('amc-contracts', 'price', 'Price'), 'price'),
    {
      header: importHeader('amc-contracts', 'priceIncludesTax', 'Price Includes GST'),
      field: 'priceIncludesTax',
      type: 'yes-no',
    },
    number(importHeader('amc-contracts', 'gstRate', 'GST Rate'), 'gstRate'),
    text(importHeader('amc-contracts', 'coverage', 'Coverage'), 'coverage'),
    text('Billing', 'billing'),
    text(importHeader('amc-contracts', 'serialNumbers', 'Serial Numbers'), 'serialNumbers'),
    text(importHeader('amc-contracts', 'notes', 'Notes'), 'notes'),
    text('Status', 'status'),
    text('End Date', 'endDate'),
    BRANCH,
  ],
  dues: [
    text(importHeader('opening-dues', 'invoiceNumber', 'Invoice Number'), 'invoiceNumber'),
    text(importHeader('opening-dues', 'invoiceDate', 'Invoice Date'), 'invoiceDate'),
    text('Customer', 'customer'),
    text(importHeader('opening-dues', 'phoneNumber', 'Customer Phone'), 'customerPhone'),
    money(importHeader('opening-dues', 'amount', 'Amount'), 'total'),
    money(importHeader('opening-dues', 'received', 'Received'), 'paid'),
    money('Due', 'due'),
    text('For', 'source'),
    BRANCH,
  ],
};

/** The columns one reader may see: an admin all, anyone else none marked admin-only. */
export function columnsFor(kind: ExportKind, admin: boolean): readonly ExportColumn[] {
  return EXPORT_COLUMNS[kind].filter((column) => admin || !column.adminOnly);
}

export const titleOf = (kind: ExportKind) => EXPORT_KIND_TITLES[kind];
