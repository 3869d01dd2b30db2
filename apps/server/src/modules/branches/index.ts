/** The branches module as other modules see it. */
export { lockBranch } from './branches.queries';
