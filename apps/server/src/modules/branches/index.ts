/** The branches module as other modules see it. */
export { findBranchContact, lockBranch } from './branches.queries';
export {
  type BranchTaxIdentity,
  ensureInvoicePrefix,
  findBranchTaxIdentity,
} from './tax-identity';
