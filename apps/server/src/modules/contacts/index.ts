/**
 * The contacts module as other modules see it: a lead in a branch the caller has checked, and
 * a lead's conversion inside the caller's transaction (an accepted quotation, issue 35).
 */
export { convertLeadIn, createLeadInBranch } from './contacts.service';
