import { daysBetween, isoDayParts } from '@karya/domain/gst';
import { INVOICE_MESSAGES, type ReportRange } from '@karya/domain/invoice-schemas';
import { isUuid, USER_MESSAGES } from '@karya/domain/user-schemas';
import { deskBranchOf, type Scope } from '../../auth/scope';
import { badRequest } from '../../http/errors';
import type { ReportFilter } from './gst-reports.queries';

/** A year of invoices, a leap year's included: both ends count. */
export const MAX_REPORT_DAYS = 366;

/** A calendar day that exists: '2026-02-30' matches the pattern but is no date. */
function isRealDay(iso: string): boolean {
  try {
    const { year, month, day } = isoDayParts(iso);
    return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10) === iso;
  } catch {
    return false;
  }
}

/**
 * The invoices a report may read: real India days, at most a year, an admin's branch or all,
 * a manager's own branch whatever is asked.
 */
export function reportFilterOf(scope: Scope, range: ReportRange): ReportFilter {
  if (!isRealDay(range.from) || !isRealDay(range.to)) {
    throw badRequest(INVOICE_MESSAGES.invalidDateRange, [
      { field: isRealDay(range.from) ? 'to' : 'from', message: INVOICE_MESSAGES.invalidDateRange },
    ]);
  }
  if (daysBetween(range.from, range.to) + 1 > MAX_REPORT_DAYS) {
    throw badRequest(INVOICE_MESSAGES.dateRangeTooLong, [
      { field: 'to', message: INVOICE_MESSAGES.dateRangeTooLong },
    ]);
  }
  if (scope.kind === 'all' && scope.branchId && !isUuid(scope.branchId)) {
    throw badRequest(USER_MESSAGES.branchNotFound, [
      { field: 'branchId', message: USER_MESSAGES.branchNotFound },
    ]);
  }
  return { from: range.from, to: range.to, branchId: deskBranchOf(scope) };
}
