/** The branches module as other modules see it. */
export { branchRequiresSignature, findBranchContact, lockBranch } from './branches.queries';
export {
  type BranchTaxIdentity,
  ensureInvoicePrefix,
  findBranchTaxIdentity,
} from './tax-identity';
