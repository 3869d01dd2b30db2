/**
 * The bill's tax lives in the domain package (decision 049) so bills, contract invoices and
 * quotations, on the server and on the customer's page, total with the same function.
 */
export {
  type BillTaxing,
  supplierStateOf,
  type TaxableLine,
  type TaxSetting,
  taxBill,
} from '@karya/domain/bill-tax';
