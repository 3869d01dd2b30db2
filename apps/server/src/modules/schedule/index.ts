/**
 * The schedule module (issue 34): app.ts registers its routes; the customer's status page reads
 * the visit it booked; a complaint's response clock counts in the branch's working hours.
 */

export { readWorkingHours } from './schedule.queries';
export { scheduleRoutes } from './schedule.routes';
export { upcomingVisit, upcomingVisitDue } from './schedule.service';
