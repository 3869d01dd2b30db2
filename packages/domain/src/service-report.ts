import { z } from 'zod';
import { CHECKLIST_ANSWER_KINDS } from './checklists';
import { PHOTO_STAGES } from './job-photos';

/**
 * The service report (issue 22, decision 034): one answer with everything the job's PDF
 * prints — the business, the customer and site, the technician and the job's times, the
 * checklist answers, the units installed with their warranty, the photos, the customer's
 * signature and the invoice numbers. Staff read it by the order, the customer through the
 * order's status link; the file addresses in it point at routes that check who asks.
 */

export const SERVICE_REPORT_MESSAGES = {
  invalidProject: 'Invalid project data',
  fileNotFound: 'File not found',
} as const;

export const serviceReportPhotoSchema = z.object({
  id: z.string(),
  stage: z.enum(PHOTO_STAGES),
  caption: z.string(),
  takenAt: z.string(),
  /** Where the image is read from (staff: the photo route; customer: the link's route). */
  fileUrl: z.string(),
});
export type ServiceReportPhoto = z.infer<typeof serviceReportPhotoSchema>;

export const serviceReportSchema = z.object({
  business: z.object({ name: z.string(), address: z.string(), phone: z.string() }),
  branch: z.object({ name: z.string(), phone: z.string() }),
  orderId: z.string(),
  projectType: z.string(),
  projectCategory: z.string(),
  status: z.string(),
  /** What the customer asked for (the order's first remark). */
  description: z.string(),
  customer: z.object({ name: z.string(), phone: z.string(), siteAddress: z.string() }),
  technician: z.object({ name: z.string(), phone: z.string() }).nullable(),
  /** ISO times; null where the job has not got there (or the step was never recorded). */
  times: z.object({
    created: z.string(),
    assigned: z.string().nullable(),
    started: z.string().nullable(),
    sentForApproval: z.string().nullable(),
    completed: z.string().nullable(),
  }),
  checklist: z.array(
    z.object({
      question: z.string(),
      kind: z.enum(CHECKLIST_ANSWER_KINDS),
      /** null: not answered (an order still in progress). */
      answer: z.string().nullable(),
      required: z.boolean(),
    }),
  ),
  units: z.array(
    z.object({
      productName: z.string(),
      serialNumber: z.string(),
      installationDate: z.string().nullable(),
      /** The last day of the warranty ('YYYY-MM-DD'); null: no warranty. */
      warrantyEnd: z.string().nullable(),
    }),
  ),
  photos: z.array(serviceReportPhotoSchema),
  signature: z
    .object({
      signerName: z.string(),
      signedAt: z.string(),
      /** The technician who took it; null once that user is deleted. */
      signedBy: z.string().nullable(),
      fileUrl: z.string(),
    })
    .nullable(),
  /** The order's issued invoices' numbers, cancelled ones left out. */
  invoiceNumbers: z.array(z.string()),
  generatedAt: z.string(),
});
export type ServiceReport = z.infer<typeof serviceReportSchema>;

/** GET /api/service-report?orderId= (staff). */
export const serviceReportPath = (orderId: string) =>
  `/api/service-report?orderId=${encodeURIComponent(orderId)}`;
/** The customer's copy through the status link's token. */
export const tokenServiceReportPath = (token: string) => `/api/job-status/${token}/service-report`;
export const tokenPhotoFilePath = (token: string, photoId: string) =>
  `/api/job-status/${token}/photos/${photoId}/file`;
export const tokenSignatureFilePath = (token: string) => `/api/job-status/${token}/signature/file`;
/** The staff signature route (job-signatures module). */
export const staffSignatureFilePath = (orderId: string) =>
  `/api/work-order-signature/${encodeURIComponent(orderId)}/file`;
export const staffPhotoFilePath = (photoId: string) => `/api/job-photos/${photoId}/file`;

/** The report's statuses a customer's page offers the download in. */
export const SERVICE_REPORT_STATUSES = ['pending-approval', 'completed'] as const;
export const hasServiceReport = (status: string) =>
  (SERVICE_REPORT_STATUSES as readonly string[]).includes(status);
