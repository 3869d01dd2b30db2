/**
 * The complaints module (issue 37) as other modules see it: every way a complaint comes in
 * (the desk, the status page, the unit's sticker page) starts its response clock here, in its
 * own transaction; the unit page reads what covers a unit.
 */
export { type ComplaintOpening, type StartedClock, startComplaintClock } from './clock';
export { complaintsRoutes } from './complaints.routes';
export { type CoverageReading, coverageOf } from './coverage';
