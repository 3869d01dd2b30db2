/** The system module as other modules see it: the landing page's demo requests, summed. */
export { demoRequestSummary } from './demo-requests.service';
export {
  assertUnderLimit,
  recordAttempt,
  type ThrottleRule,
} from './request-throttle';
