/** The system module as other modules see it: the request throttle and the public pages' frame. */
export { answerPublicPage, isDeadLink, type PublicAnswerOptions } from './public-page';
export {
  assertUnderLimit,
  limitFailures,
  recordAttempt,
  type ThrottleRule,
} from './request-throttle';
