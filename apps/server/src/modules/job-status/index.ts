/**
 * The job-status module as other modules see it (decision 018): the order's status link,
 * which a customer update carries.
 */
export { statusLinkOf } from './job-status.service';
