/**
 * The schedule module (issue 34): app.ts registers its routes; the customer's status page reads
 * the visit it booked.
 */
export { scheduleRoutes } from './schedule.routes';
export { upcomingVisit, upcomingVisitDue } from './schedule.service';
