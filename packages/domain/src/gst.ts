/**
 * GST for invoices and dues (issue 19), one import for server and web: states and place of
 * supply, GSTIN and HSN/SAC checks, the tax of a line, amounts in words, invoice numbering,
 * dues (UPI link, reminder, ageing) and the accountant's CSV.
 */
export * from './amount-in-words';
export * from './day-text';
export * from './dues';
export * from './financial-year';
export * from './gst-csv';
export * from './gst-messages';
export * from './gst-states';
export * from './gst-tax';
export * from './gstin';
export * from './hsn-sac';
export * from './rupees-decimal';

export type InvoiceKind = 'tax-invoice' | 'bill-of-supply';

/**
 * Only a GST-registered business, through a branch with its own GSTIN, may charge GST; any
 * other sale is a bill of supply (no tax heads), never a tax invoice.
 */
export function invoiceKindOf(input: {
  businessGstRegistered: boolean;
  branchGstin: string | null;
}): InvoiceKind {
  return input.businessGstRegistered && (input.branchGstin ?? '').trim() !== ''
    ? 'tax-invoice'
    : 'bill-of-supply';
}

export const INVOICE_TITLES: Readonly<Record<InvoiceKind, string>> = {
  'tax-invoice': 'Tax Invoice',
  'bill-of-supply': 'Bill of Supply',
};
