/**
 * The warranty module as other modules see it (decision 018): the units an order installed,
 * for its customer's job-status page.
 */
export { unitsForStatusPage } from './warranty.service';
