import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';
import { apiUrl } from '../../../lib/api-url';
import type { GstReport, ReportQuery } from './gst-report-keys';

/** The name the server gives the file, else one of the same shape. */
function fileNameOf(response: Response, report: GstReport, query: ReportQuery): string {
  const given = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return given?.[1] ?? `${report}-${query.from}-to-${query.to}.csv`;
}

function save(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * GET /<report>?format=csv with the session cookie, saved as the file the server names. The
 * server writes the CSV (and its byte-order mark for Excel), so the file is the same whoever
 * downloads it. A refusal rejects with the server's message.
 */
export async function downloadGstReportCsv(report: GstReport, query: ReportQuery): Promise<void> {
  let response: Response;
  try {
    response = await fetch(
      apiUrl(`/${report}`, {
        from: query.from,
        to: query.to,
        branchId: query.branchId,
        format: 'csv',
      }),
      { credentials: 'include', headers: { Accept: 'text/csv' } },
    );
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(response.status, body?.message ?? NETWORK_ERROR_MESSAGE);
  }
  save(await response.blob(), fileNameOf(response, report, query));
}
