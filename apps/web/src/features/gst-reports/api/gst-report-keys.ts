export type GstReport = 'gst-sales-register' | 'gst-hsn-summary';

export interface ReportQuery {
  from: string;
  to: string;
  /** Admin's branch; managers are kept on their own by the server. */
  branchId: string | null;
}

/** TanStack Query keys of the accountant's reports. */
export const gstReportKeys = {
  all: ['gst-reports'] as const,
  report: (report: GstReport, query: ReportQuery) => ['gst-reports', report, query] as const,
};
