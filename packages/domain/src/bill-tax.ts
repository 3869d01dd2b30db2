import {
  type InvoiceKind,
  type InvoiceTotals,
  invoiceKindOf,
  invoiceTotals,
  isIntraState,
  isStateCode,
  type LineTax,
  lineTax,
  placeOfSupply,
} from './gst';

/** What decides a bill's tax: the business, the issuing branch and where the supply goes. */
export interface TaxSetting {
  businessGstRegistered: boolean;
  branchGstin: string | null;
  branchStateCode: string | null;
  siteStateCode: string | null;
  customerStateCode: string | null;
}

export interface TaxableLine {
  /** The catalogue's sale price × quantity: tax included or not per priceIncludesTax. */
  amountPaise: number;
  gstRateBp: number | null;
  priceIncludesTax: boolean;
}

export interface BillTaxing {
  kind: InvoiceKind;
  placeOfSupply: string | null;
  intraState: boolean;
  lines: LineTax[];
  totals: InvoiceTotals;
}

/**
 * The state a branch supplies from: the one an admin set, else the first two digits of its
 * GSTIN (they are the state code), so a registered branch is never taxed as inter-state
 * merely because its state field is empty.
 */
export function supplierStateOf(branch: {
  stateCode: string | null;
  gstin: string | null;
}): string | null {
  if (isStateCode(branch.stateCode)) return branch.stateCode;
  const fromGstin = branch.gstin?.slice(0, 2) ?? null;
  return isStateCode(fromGstin) ? fromGstin : null;
}

/**
 * A bill's tax (decision 020): a tax invoice only from a registered business through a branch
 * with a GSTIN, CGST + SGST when the place of supply is the branch's state, else IGST; a bill
 * of supply charges no tax, so each line's taxable value is its amount. The total is rounded
 * to the rupee.
 */
export function taxBill(setting: TaxSetting, lines: readonly TaxableLine[]): BillTaxing {
  const kind = invoiceKindOf({
    businessGstRegistered: setting.businessGstRegistered,
    branchGstin: setting.branchGstin,
  });
  const supplierState = supplierStateOf({
    stateCode: setting.branchStateCode,
    gstin: setting.branchGstin,
  });
  const place = placeOfSupply({
    siteStateCode: setting.siteStateCode,
    customerStateCode: setting.customerStateCode,
    branchStateCode: supplierState,
  });
  const intraState = isIntraState(supplierState, place);
  const taxed = lines.map((line) =>
    lineTax({
      amountPaise: line.amountPaise,
      rateBp: kind === 'tax-invoice' ? line.gstRateBp : null,
      priceIncludesTax: line.priceIncludesTax,
      intraState,
    }),
  );
  return { kind, placeOfSupply: place, intraState, lines: taxed, totals: invoiceTotals(taxed) };
}
