import type { HsnSummaryAnswer, SalesRegisterAnswer } from '@karya/domain/invoice-schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type GstReport, gstReportKeys, type ReportQuery } from './gst-report-keys';

interface Answers {
  'gst-sales-register': SalesRegisterAnswer;
  'gst-hsn-summary': HsnSummaryAnswer;
}

/**
 * GET /gst-sales-register and GET /gst-hsn-summary: the invoices of a date range, one row
 * each, or their lines summed by HSN/SAC and rate.
 */
export function getGstReport<R extends GstReport>(
  report: R,
  query: ReportQuery,
  signal?: AbortSignal,
): Promise<Answers[R]> {
  return apiRequest<Answers[R]>('GET', `/${report}`, undefined, {
    query: { from: query.from, to: query.to, branchId: query.branchId },
    ...(signal ? { signal } : {}),
  });
}

/** Not asked while the range is one the server would refuse (the page says why). */
export function useGstReport<R extends GstReport>(report: R, query: ReportQuery, enabled: boolean) {
  return useQuery({
    queryKey: gstReportKeys.report(report, query),
    queryFn: ({ signal }) => getGstReport(report, query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
