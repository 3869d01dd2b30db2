/**
 * The contacts module as other modules see it: a lead in a branch the caller has checked, and
 * a lead's conversion inside the caller's transaction (an accepted quotation, issue 35), and
 * customers and leads written by an import's batch (issue 36).
 */
export {
  contactIdsByPhone,
  contactTaxOf,
  customerPhones,
  insertImportedCustomers,
  saveImportedCustomer,
  saveImportedLead,
} from './contact-import';
export { convertLeadIn, createLeadInBranch } from './contacts.service';
