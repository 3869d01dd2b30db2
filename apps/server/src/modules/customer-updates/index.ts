/**
 * The customer-updates module as other modules see it (decision 018): the modules where an
 * update's event happens queue it in their own transaction. Only the outbox is exported
 * here, which imports no other module, so work orders, billing and the schedule can use it
 * while this module reads them.
 */

// The conversation (modules/whatsapp-conversations) reads the window and writes free-form text.
export { nationalOf, numberStateOf, windowOpenUntil } from './customer-window';
export { enqueueCustomerUpdate, isQueued, type OutboxEvent } from './outbox';
export { CloudSendError, sendCloudText } from './whatsapp-cloud';
