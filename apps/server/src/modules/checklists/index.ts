/**
 * The checklists module as others see it: app.ts hands its completion rule to the
 * work-orders routes (an order is not sent for approval with a required item unanswered);
 * the service report prints an order's answers.
 */
export { checklistForReport, checklistRefusal } from './checklists.service';
