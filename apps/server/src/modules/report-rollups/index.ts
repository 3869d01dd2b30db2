/**
 * The daily rollups the owner's reports read (issue 38), written in the same transactions as
 * the bills, payments and orders they count. A low-level module: it imports only db/ and
 * packages, so billing, dues, work-orders and the others can call it without a cycle.
 */
export {
  addDailySales,
  collectedDelta,
  type InvoiceFigures,
  invoicedDelta,
  type SalesDelta,
  salesDayOf,
} from './sales-rollup';
export {
  addDailyTechnician,
  FIRST_TIME_FIX_DAYS,
  minutesInProgress,
  recordComplaintOpened,
  recordTechnicianCompletion,
  rollupDayOf,
  type TechnicianDayKey,
  type TechnicianDelta,
} from './technician-rollup';
export { addDailyWork, type WorkDayKey, type WorkDelta } from './work-rollup';
