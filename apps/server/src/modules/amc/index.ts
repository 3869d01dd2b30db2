/**
 * The amc module as the rest of the server sees it (issue 23, decision 035): what a visit's
 * contract covers, for billing; the scheduler, for the process that runs it; a visit moved to
 * the order that replaced its transferred one, for work orders; running contracts an import
 * brings over, activated without an invoice (issue 36).
 */

export { moveVisitToOrder } from './amc.queries';
export { coverageOfOrder } from './amc.service';
export { contractsOfPhones, importActiveContract } from './amc-import';
export { runAmcScheduler, startAmcScheduler } from './amc-scheduler';
