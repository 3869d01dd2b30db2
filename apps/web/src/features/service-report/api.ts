import type { ServiceReport } from '@karya/domain/service-report';
import { apiRequest } from '../../lib/api-client';
import type { ServiceReportSource } from '../../shared/service-report-download';

/**
 * GET /api/service-report?orderId= (staff who see the order) or
 * GET /api/job-status/:token/service-report (the customer's link, public).
 */
export function getServiceReport(source: ServiceReportSource): Promise<ServiceReport> {
  return 'token' in source
    ? apiRequest<ServiceReport>(
        'GET',
        `/job-status/${encodeURIComponent(source.token)}/service-report`,
      )
    : apiRequest<ServiceReport>('GET', '/service-report', undefined, {
        query: { orderId: source.orderId },
      });
}
