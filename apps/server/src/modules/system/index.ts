/** The system module as other modules see it: the request throttle. */
export {
  assertUnderLimit,
  limitFailures,
  recordAttempt,
  type ThrottleRule,
} from './request-throttle';
