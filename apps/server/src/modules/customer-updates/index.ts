/**
 * The customer-updates module as other modules see it (decision 018). The modules where an
 * update's event happens queue it through modules/update-outbox, not here: this module reads
 * them to fill and send it.
 */

// The conversation (modules/whatsapp-conversations) reads the window and writes free-form text.
export { nationalOf, numberStateOf, windowOpenUntil } from './customer-window';
export { CloudSendError, itemsOf, sendCloudText } from './whatsapp-cloud';
