/** The contacts module as other modules see it: a lead in a branch the caller has checked. */
export { createLeadInBranch } from './contacts.service';
