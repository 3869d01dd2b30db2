/**
 * The job-status module as other modules see it (decision 018): the order's status link,
 * which a customer update carries, and the one the system makes for a complaint raised from a
 * unit's sticker (issue 37).
 */
export { ensureStatusLink } from './ensure-status-link';
export { statusLinkOf } from './job-status.service';
