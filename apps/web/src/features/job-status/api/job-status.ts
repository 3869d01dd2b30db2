import type { Bill } from '@karya/domain/bill-schemas';
import type { JobComplaintInput, JobStatus } from '@karya/domain/job-status';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/job-status/:token (public: the token is the customer's key). */
export function getJobStatus(token: string): Promise<JobStatus> {
  return apiRequest<JobStatus>('GET', `/job-status/${encodeURIComponent(token)}`);
}

/** GET /api/job-status/:token/invoices/:invoiceId (public): one listed invoice, for its PDF. */
export function getJobStatusInvoice(token: string, invoiceId: string): Promise<Bill> {
  return apiRequest<Bill>(
    'GET',
    `/job-status/${encodeURIComponent(token)}/invoices/${encodeURIComponent(invoiceId)}`,
  );
}

/** POST /api/job-status/:token/complaint (public). */
export function raiseComplaint(
  token: string,
  input: JobComplaintInput,
): Promise<{ orderId: string }> {
  return apiRequest<{ orderId: string }>(
    'POST',
    `/job-status/${encodeURIComponent(token)}/complaint`,
    input,
  );
}
