import type {
  ReportFormat,
  SalesReport,
  StockReport,
  TechniciansReport,
  WorkReport,
} from '@karya/domain/report-schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';
import { apiUrl } from '../../../lib/api-url';

/** The four reports (issue 38), each GET /api/reports/<kind>. */
export const REPORT_KINDS = ['sales', 'technicians', 'work', 'stock'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** The reports asked per day or per month (?groupBy=). */
export const isGroupedReport = (kind: ReportKind) => kind === 'sales' || kind === 'work';

export interface ReportAnswers {
  sales: SalesReport;
  technicians: TechniciansReport;
  work: WorkReport;
  stock: StockReport;
}

/** What a report is asked for: the range (not for stock, which is now), branch, grouping. */
export interface ReportParams {
  from?: string;
  to?: string;
  branch?: string | null;
  groupBy?: 'day' | 'month';
}

export const reportKeys = {
  all: ['reports'] as const,
  report: (kind: ReportKind, params: ReportParams) => ['reports', kind, params] as const,
};

function queryOf(kind: ReportKind, params: ReportParams, format?: ReportFormat) {
  return {
    ...(kind === 'stock' ? {} : { from: params.from, to: params.to }),
    ...(isGroupedReport(kind) ? { groupBy: params.groupBy } : {}),
    branch: params.branch || undefined,
    format,
  };
}

export function getReport<K extends ReportKind>(
  kind: K,
  params: ReportParams,
  signal?: AbortSignal,
): Promise<ReportAnswers[K]> {
  return apiRequest<ReportAnswers[K]>('GET', `/reports/${kind}`, undefined, {
    query: queryOf(kind, params),
    ...(signal ? { signal } : {}),
  });
}

/** Not asked while the range is one the server would refuse (the page says why). */
export function useReport<K extends ReportKind>(kind: K, params: ReportParams, enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.report(kind, params),
    queryFn: ({ signal }) => getReport(kind, params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The address of the table as a file: the report's own address with &format=. */
export function reportFileUrl(kind: ReportKind, params: ReportParams, format: 'csv' | 'xlsx') {
  return apiUrl(`/reports/${kind}`, queryOf(kind, params, format));
}

function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) return decodeURIComponent(star[1]);
  return /filename="([^"]+)"/.exec(header)?.[1] ?? fallback;
}

/**
 * Fetches the report's file with the session cookie and saves it under the name the server
 * gives. A refusal (a range too long, the session gone) rejects with the server's message,
 * so the page can say it instead of saving an error as a spreadsheet.
 */
export async function downloadReport(
  kind: ReportKind,
  params: ReportParams,
  format: 'csv' | 'xlsx',
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(reportFileUrl(kind, params, format), { credentials: 'include' });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(response.status, body?.message ?? NETWORK_ERROR_MESSAGE);
  }
  const range = kind === 'stock' ? '' : `-${params.from}-to-${params.to}`;
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response, `${kind}-report${range}.${format}`);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handed to the browser's download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
