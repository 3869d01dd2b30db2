/**
 * The billing module as the rest of the server sees it: a branch's UPI payee, an order's
 * issued invoices, and a service invoice without an order (maintenance contracts, issue 23);
 * an old system's invoice still owed on, from an import (issue 36).
 */
export type { CoverageOf, OrderCoverage } from './bill-coverage';
export { transactionIdUsed } from './billing.queries';
export { invoicesForStatusPage, payeeOfBranch } from './billing.service';
export { nextReceiptNumber, withTransactionIdGuard } from './invoice-issue';
export { billsByNumbers, recordOpeningDue } from './opening-due';
export { type IssuedServiceInvoice, issueServiceInvoice } from './service-invoice';
