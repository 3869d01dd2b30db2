/**
 * The customer-updates module as other modules see it (decision 018): the modules where an
 * update's event happens queue it in their own transaction. Only the outbox is exported
 * here, which imports no other module, so work orders, billing and the schedule can use it
 * while this module reads them.
 */
export { enqueueCustomerUpdate, isQueued, type OutboxEvent } from './outbox';
