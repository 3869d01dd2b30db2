import type { Readable } from 'node:stream';
import type { ChecklistAnswerKind } from '@karya/domain/checklists';
import { indiaDate } from '@karya/domain/financial-year';
import type { PhotoStage } from '@karya/domain/job-photos';
import {
  type ServiceReport,
  staffPhotoFilePath,
  staffSignatureFilePath,
  tokenPhotoFilePath,
  tokenSignatureFilePath,
} from '@karya/domain/service-report';
import { isUuid } from '@karya/domain/user-schemas';
import { WORK_ORDER_MESSAGES } from '@karya/domain/work-order-schemas';
import { type Scope, seesWork } from '../../auth/scope';
import type { Database } from '../../db/client';
import { notFound } from '../../http/errors';
import type { FileStorage } from '../../storage';
import { invoicesForStatusPage } from '../billing';
import { findBranchContact } from '../branches';
import { getBusinessProfile } from '../business';
import { checklistForReport } from '../checklists';
import { findPhotoFile, listPhotoRows } from '../job-photos';
import { unitsForStatusPage } from '../warranty';
import { findWorkOrderRow } from '../work-orders';
import { findSignatureRow } from './service-report.queries';

/** The UPI payee a branch falls back to: the invoices are read as the status page reads them. */
export interface PayeeDefaults {
  upiVpa?: string | undefined;
  upiName?: string | undefined;
}

type OrderRow = NonNullable<Awaited<ReturnType<typeof findWorkOrderRow>>>;

/** Where the report's files are read from: the staff routes, or the customer link's. */
export interface ReportFileUrls {
  photo(photoId: string): string;
  signature(): string;
}

export const staffFileUrls = (orderId: string): ReportFileUrls => ({
  photo: staffPhotoFilePath,
  signature: () => staffSignatureFilePath(orderId),
});

export const tokenFileUrls = (token: string): ReportFileUrls => ({
  photo: (photoId) => tokenPhotoFilePath(token, photoId),
  signature: () => tokenSignatureFilePath(token),
});

/** A time as the day it falls on in India ('YYYY-MM-DD'), as the report prints it. */
const dayOf = (at: string | null) => (at ? indiaDate(new Date(at)) : null);

/** The first time the order's history reached `status`, or null. */
const firstAt = (order: OrderRow, status: string) =>
  order.history.find(([at]) => at === status)?.[2] ?? null;
/** The last time: an order sent back and sent again was sent for approval the last time. */
const lastAt = (order: OrderRow, status: string) =>
  order.history.findLast(([at]) => at === status)?.[2] ?? null;

/**
 * The report of an order already found and allowed: deliberately unscoped, its callers
 * decide who asks (serviceReportFor for staff, the job-status link for the customer).
 */
export async function reportOfOrder(
  db: Database,
  order: OrderRow,
  defaults: PayeeDefaults,
  urls: ReportFileUrls,
): Promise<ServiceReport> {
  const [business, branch, checklist, units, photos, signature, bills] = await Promise.all([
    getBusinessProfile(db),
    findBranchContact(db, order.branchId),
    checklistForReport(db, order),
    unitsForStatusPage(db, order.id),
    listPhotoRows(db, order.id),
    findSignatureRow(db, order.id),
    invoicesForStatusPage(db, order.id, defaults),
  ]);
  const technician = order.technician;
  const stageOrder: Record<string, number> = { before: 0, during: 1, after: 2 };
  return {
    business: {
      name: business.tradeName.trim() || business.legalName.trim(),
      address: business.address,
      phone: business.phone,
    },
    branch: { name: branch?.name ?? order.branchName, phone: branch?.phone ?? '' },
    orderId: order.orderId,
    projectType: order.projectType,
    projectCategory: order.projectCategory,
    status: order.status,
    description: order.initialRemark ?? '',
    customer: {
      name: order.customerName,
      phone: order.customerPhone,
      siteAddress: order.customerAddress ?? '',
    },
    technician: technician
      ? { name: `${technician[1]} ${technician[2]}`.trim(), phone: technician[3] }
      : null,
    times: {
      created: order.createdAt.toISOString(),
      assigned: order.assignedAt?.toISOString() ?? firstAt(order, 'assigned'),
      started: firstAt(order, 'in-progress'),
      sentForApproval: lastAt(order, 'pending-approval'),
      completed: order.completedAt?.toISOString() ?? lastAt(order, 'completed'),
    },
    checklist: checklist.items.map((item) => ({
      question: item.label,
      kind: item.kind as ChecklistAnswerKind,
      answer: item.answer,
      required: item.required,
    })),
    units: units.map((unit) => ({
      productName: unit.productName,
      serialNumber: unit.serialNumber,
      installationDate: dayOf(unit.installationDate),
      warrantyEnd: dayOf(unit.expiryDate),
    })),
    // Before, during, after: the story of the job, then the order they were taken in.
    photos: [...photos]
      .sort((a, b) => (stageOrder[a.stage] ?? 3) - (stageOrder[b.stage] ?? 3))
      .map((photo) => ({
        id: photo.id,
        stage: photo.stage as PhotoStage,
        caption: photo.caption,
        takenAt: photo.takenAt.toISOString(),
        fileUrl: urls.photo(photo.id),
      })),
    signature: signature
      ? {
          signerName: signature.signerName,
          signedAt: signature.signedAt.toISOString(),
          signedBy: signature.signedByName,
          fileUrl: urls.signature(),
        }
      : null,
    invoiceNumbers: bills
      .filter((bill) => !bill.invoice?.cancelledAt)
      .map((bill) => bill.invoice?.number ?? bill.billNumber ?? '')
      .filter((number) => number !== ''),
    generatedAt: new Date().toISOString(),
  };
}

/**
 * GET /api/service-report?orderId=: the report, for whoever sees the order (its technician,
 * the branch's managers, admins); another's reads as absent.
 */
export async function serviceReportFor(
  db: Database,
  scope: Scope,
  reference: string,
  defaults: PayeeDefaults,
): Promise<ServiceReport> {
  const order = await findWorkOrderRow(db, reference);
  if (!order || !seesWork(scope, order)) throw notFound(WORK_ORDER_MESSAGES.workOrderNotFound);
  return reportOfOrder(db, order, defaults, staffFileUrls(order.orderId));
}

export interface ReportFile {
  stream: Readable;
  contentType: string;
  size: number;
}

/**
 * One of the order's photos, for the customer's link: a photo of any other order (or none)
 * is null, and the caller answers it as a dead link.
 */
export async function reportPhotoFile(
  db: Database,
  storage: FileStorage,
  workOrderId: string,
  photoId: string,
): Promise<ReportFile | null> {
  if (!isUuid(photoId)) return null;
  const ofOrder = await listPhotoRows(db, workOrderId);
  if (!ofOrder.some((photo) => photo.id === photoId)) return null;
  const photo = await findPhotoFile(db, photoId);
  if (!photo) return null;
  const stream = await storage.get(photo.fileKey);
  return stream ? { stream, contentType: photo.contentType, size: photo.size } : null;
}

/** The order's signature PNG for the customer's link, or null. */
export async function reportSignatureFile(
  db: Database,
  storage: FileStorage,
  workOrderId: string,
): Promise<ReportFile | null> {
  const signature = await findSignatureRow(db, workOrderId);
  if (!signature) return null;
  const stream = await storage.get(signature.fileKey);
  return stream ? { stream, contentType: signature.contentType, size: signature.size } : null;
}
