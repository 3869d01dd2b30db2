/** The schedule module (issue 34): app.ts registers its routes. */
export { scheduleRoutes } from './schedule.routes';
