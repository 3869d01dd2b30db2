/**
 * Live events (issue 34): modules raise one inside the transaction of the change; app.ts
 * starts each process's hub and registers GET /api/events.
 */
export { type LiveChange, raiseLiveEvent } from './live-events.queries';
export { liveEventsRoutes } from './live-events.routes';
export { LiveHub } from './live-hub';
