/** The billing module as the rest of the server sees it: a branch's UPI payee. */
export { invoicesForStatusPage, payeeOfBranch } from './billing.service';
